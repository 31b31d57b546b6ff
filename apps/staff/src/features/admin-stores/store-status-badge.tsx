import type { AdminStoreStatus } from '@mandado/shared/admin-stores.schemas';
import { statusLabel } from './admin-stores-text.ts';

/** A store's state as a badge: open (green), pending (amber), suspended (red), rejected (grey). */
export function StatusBadge({ status }: { status: AdminStoreStatus }) {
  return (
    <span className={`badge admin-store-badge admin-store-badge--${status}`}>{statusLabel(status)}</span>
  );
}
