import { formatMinorAsDecimal, parseMoney } from '@mandado/shared/money';
import type { DatabaseOrTransaction } from '../../db/database.ts';
import { giveCouponBack } from '../coupons/coupons.service.ts';
import { returnUnitsOfGroup } from '../merchant-catalog/product-stock.service.ts';
import { moveGroupStoreOrders, recordHistoryRows } from '../order-status/order-status.service.ts';
import { enqueueStoreOrderStatusEvents } from '../order-status/store-order-webhook-events.ts';
import { releaseWelcomeCredit } from '../referrals/referral-ledger.ts';
import { recordWalletEntry } from '../wallet/wallet.service.ts';
import { compareAndSetGroup, type OrderGroupRow } from './orders.repository.ts';

/**
 * Gives back everything a group took when it is cancelled (declined card, expired transfer): the stock, the
 * coupon's use and the credit (a 'refunded' ledger entry), and rejects its store orders with the reason.
 * Runs in the transaction whose compare-and-set cancelled the group, so it happens exactly once. Only the
 * credit of the store orders it rejects comes back: one staff already rejected had its share refunded then.
 * A welcome credit the group carried is reversed after the refund and waits for the next qualifying order
 * (decision 026).
 */
export async function releaseGroup(
  tx: DatabaseOrTransaction,
  group: OrderGroupRow,
  reason: string,
): Promise<void> {
  await returnUnitsOfGroup(tx, group.id);
  await giveCouponBack(tx, group.id);
  const moved = await moveGroupStoreOrders(tx, group.id, ['pending', 'warning'], 'rejected');
  const credit = moved.reduce((sum, change) => sum + parseMoney(change.credit), 0);
  if (credit > 0) {
    await recordWalletEntry(tx, {
      userId: group.remitterId,
      kind: 'refunded',
      amount: formatMinorAsDecimal(credit),
      groupId: group.id,
      note: `Devolución del pedido ${group.number}`,
    });
  }
  await recordHistoryRows(
    tx,
    moved.map((change) => ({
      storeOrderId: change.id,
      fromStatus: change.from,
      toStatus: 'rejected',
      actorRole: 'system',
      reason,
    })),
  );
  // Partners' webhooks (issue 19); an unpaid order's store orders rarely interest one, but a move is a move.
  await enqueueStoreOrderStatusEvents(
    tx,
    moved.map((change) => ({ storeOrderId: change.id, from: change.from, to: 'rejected' })),
  );
  await releaseWelcomeCredit(tx, group.id);
}

/**
 * An operator's cancel of an unpaid transfer or deposit (issue 19): the expiry's own compare-and-set and
 * release, so stock, coupon and credit come back exactly as when it expires, once. Null when the group is no
 * longer confirmed and unpaid (paid or cancelled meanwhile).
 */
export async function cancelUnpaidGroup(
  tx: DatabaseOrTransaction,
  groupId: number,
  reason: string,
): Promise<OrderGroupRow | null> {
  const row = await compareAndSetGroup(
    tx,
    groupId,
    { status: 'confirmed', paymentStatus: 'pending' },
    { status: 'cancelled', cancelReason: reason, expiresAt: null },
  );
  if (!row) return null;
  await releaseGroup(tx, row, reason);
  return row;
}
