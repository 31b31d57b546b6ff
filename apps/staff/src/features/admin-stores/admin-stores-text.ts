import { ADMIN_STORE_STATUS_LABELS, type AdminStoreStatus } from '@mandado/shared/admin-stores.schemas';
import { STAFF_PATHS } from '@mandado/shared/staff-routes';

/** The wording of the back office's stores (issue 19), apart from the screens so it can be tested. */

export function storePagePath(storeId: number): string {
  return STAFF_PATHS.adminStore.replace(':storeId', String(storeId));
}

export function statusLabel(status: AdminStoreStatus): string {
  return ADMIN_STORE_STATUS_LABELS[status];
}

/** "12,50 %": the commission as a Uruguayan reads a percent. */
export function commissionText(rate: string): string {
  return `${rate.replace('.', ',')} %`;
}

export function memberCountText(count: number): string {
  if (count === 0) return 'Sin equipo';
  return count === 1 ? '1 persona' : `${count} personas`;
}

/** "12,5" or "12.5" → 12.5; null for anything else (the API checks the range and decimals). */
export function parseCommission(value: string): number | null {
  const text = value.trim().replace(',', '.');
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(text)) return null;
  return Number(text);
}
