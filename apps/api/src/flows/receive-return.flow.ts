import { formatMinorAsDecimal } from '@mandado/shared/money';
import type { ReturnRequest } from '@mandado/shared/returns-schemas';
import type { Actor } from '../authorization.ts';
import type { Database, DatabaseOrTransaction } from '../db/database.ts';
import { recordAudit } from '../modules/audit/audit.service.ts';
import { refundedLinesOfGroup } from '../modules/refunds/refunds.service.ts';
import { refundTextOf } from '../modules/returns/returns.presenter.ts';
import {
  applyReturnMove,
  lineQuantitiesOfStoreOrder,
  linesToRefund,
  lockReturnOfStore,
  presentRows,
  RETURN_PHOTO_PATHS,
  readReturn,
  recordReturnRefund,
  tellRequester,
} from '../modules/returns/returns.service.ts';
import { refundLineUnits, refundStoreOrderRemainder } from './refund.flow.ts';
import type { ReturnFlowDeps } from './request-return.flow.ts';

/**
 * The store confirms the returned goods are back (decision 076): one transaction holding the return's row —
 * the compare-and-set picked_up → received and its history, then the refund of each returned line through
 * refund.flow (its units' worth of what was paid for the line, capped by what is left of the line and of the
 * store order, so never more than paid minus what was refunded), to the card or as credit as the requester
 * chose, the audit row and the remitter's e-mail. A second 'Recibida' waits for the lock, then finds the
 * status moved: one refund.
 */
export async function receiveReturnFlow(
  db: Database,
  actor: Actor | null,
  storeId: number,
  returnId: number,
  deps: ReturnFlowDeps,
): Promise<ReturnRequest> {
  const refunded = await db.transaction(async (tx) => {
    const { member, row } = await lockReturnOfStore(tx, actor, storeId, returnId);
    await applyReturnMove(tx, row, {
      to: 'received',
      actor: 'merchant',
      userId: member.userId,
      changes: { receivedAt: new Date() },
    });
    let totalMinor = 0;
    for (const line of await linesToRefund(tx, returnId)) {
      const decision = await refundLineUnits(tx, {
        storeOrderId: row.storeOrderId,
        orderLineId: line.orderLineId,
        units: line.quantity,
        reason: 'customer_return',
        note: `Devolución ${returnId}`,
        actor: { role: 'merchant', userId: member.userId },
        destination: row.refundTo === 'card' ? 'original_payment' : 'wallet',
        publicUrl: deps.publicUrl,
      });
      totalMinor += decision?.amountMinor ?? 0;
    }
    totalMinor += await refundShippingOfWholeReturn(tx, row, returnId, member.userId, deps);
    const amount = formatMinorAsDecimal(totalMinor);
    await recordReturnRefund(tx, returnId, amount);
    await recordAudit(tx, member, {
      storeId,
      action: 'return.received',
      subject: `return:${returnId}`,
      detail: {
        store_order: row.storeOrderNumber,
        before: { status: 'picked_up' },
        after: { status: 'received' },
        refund: amount,
        destination: row.refundTo,
      },
    });
    await tellRequester(tx, await readReturn(tx, returnId), 'received', {
      publicUrl: deps.publicUrl,
      refundText: refundTextOf(amount, row.refundTo),
    });
    return { card: row.refundTo === 'card' };
  });
  deps.kickMailWorker();
  if (refunded.card) deps.kickRefundWorker();
  const [presented] = await presentRows(db, [await readReturn(db, returnId)], {
    side: 'staff',
    publicUrl: deps.publicUrl,
    photoPath: RETURN_PHOTO_PATHS.store,
  });
  if (!presented) throw new Error(`return ${returnId} not presented`);
  return presented;
}

/**
 * Withdrawing from the whole purchase gives back everything paid for it (Ley 17.250, art. 16; decision 076's
 * addendum): once every unit of every line of the store order is refunded, the rest of the store order (its
 * shipping) goes back too, the same way. A partial return keeps the shipping: the delivery was made.
 */
async function refundShippingOfWholeReturn(
  tx: DatabaseOrTransaction,
  row: { storeOrderId: number; groupId: number; refundTo: string },
  returnId: number,
  userId: number,
  deps: ReturnFlowDeps,
): Promise<number> {
  const refunded = await refundedLinesOfGroup(tx, row.groupId);
  const lines = await lineQuantitiesOfStoreOrder(tx, row.storeOrderId);
  const everything = lines.every(
    (line) => (refunded.get(line.orderLineId)?.refundedUnits ?? 0) >= line.quantity,
  );
  if (!everything) return 0;
  const decision = await refundStoreOrderRemainder(tx, {
    storeOrderId: row.storeOrderId,
    reason: 'customer_return',
    note: `Devolución ${returnId}: el envío`,
    actor: { role: 'merchant', userId },
    destination: row.refundTo === 'card' ? 'original_payment' : 'wallet',
    publicUrl: deps.publicUrl,
  });
  return decision?.amountMinor ?? 0;
}
