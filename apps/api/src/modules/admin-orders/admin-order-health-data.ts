import { RESERVED_HEALTH_LINE } from '@mandado/shared/health-data';
import { hasPermission } from '@mandado/shared/permissions';
import type { Refund } from '@mandado/shared/refund.schemas';
import type { Actor } from '../../authorization.ts';
import type { OrderLineFullRow, StoreOrderFullRow } from './admin-orders.repository.ts';

/**
 * Issue 32 (decision 072): a pharmacy's store order lines are health data. An operator without
 * `order:health` reads 'Contenido reservado (farmacia)' in place of each line's name, its substitute's name
 * and the line a refund names; quantities and money stay, so the order can still be answered and refunded.
 * Applied before presenting, so every part of the detail (lines, refunds, timeline) reads the same.
 */
export function reserveHealthData(
  actor: Actor,
  parts: {
    stores: readonly StoreOrderFullRow[];
    lines: readonly OrderLineFullRow[];
    refunds: readonly Refund[];
  },
  healthStoreOrderNumbers: readonly string[],
): { lines: OrderLineFullRow[]; refunds: Refund[] } {
  if (healthStoreOrderNumbers.length === 0 || hasPermission(actor, 'order:health')) {
    return { lines: [...parts.lines], refunds: [...parts.refunds] };
  }
  const reservedNumbers = new Set(healthStoreOrderNumbers);
  const reservedIds = new Set(
    parts.stores.filter((store) => reservedNumbers.has(store.number)).map((store) => store.id),
  );
  return {
    lines: parts.lines.map((line) =>
      reservedIds.has(line.storeOrderId)
        ? {
            ...line,
            name: RESERVED_HEALTH_LINE,
            image: null,
            substitute: line.substitute
              ? { ...line.substitute, name: RESERVED_HEALTH_LINE, image: null }
              : null,
          }
        : line,
    ),
    refunds: parts.refunds.map((refund) =>
      reservedNumbers.has(refund.store_order_number) && refund.line_name !== null
        ? { ...refund, line_name: RESERVED_HEALTH_LINE }
        : refund,
    ),
  };
}
