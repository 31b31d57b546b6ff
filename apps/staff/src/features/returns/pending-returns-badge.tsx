import { useQuery } from '@tanstack/react-query';
import { pendingReturnsQueryOptions } from './returns.api.ts';
import './pending-returns-badge.css';

/**
 * How many returns wait for the store's answer, beside 'Devoluciones' in the store's nav (issue 32): the owner
 * sees it from any page of /comercio. Nothing while there are none or the count cannot be read.
 */
export function PendingReturnsBadge({ storeId }: { storeId: number }) {
  const count = useQuery(pendingReturnsQueryOptions(storeId)).data ?? 0;
  if (count === 0) return null;
  return (
    <span className="returns-count">
      {count}
      <span className="visually-hidden"> por responder</span>
    </span>
  );
}
