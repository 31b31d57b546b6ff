import { formatMinorAsDecimal, parseMoney } from '@mandado/shared/money';
import type { DatabaseOrTransaction } from '../../db/database.ts';
import { giveCouponBack } from '../coupons/coupons.service.ts';
import { releaseWelcomeCredit } from '../referrals/referral-ledger.ts';
import { recordWalletEntry } from '../wallet/wallet.service.ts';
import { insertHistory, moveStoreOrders, type OrderGroupRow, returnStock } from './orders.repository.ts';

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
  await returnStock(tx, group.id);
  await giveCouponBack(tx, group.id);
  const moved = await moveStoreOrders(tx, group.id, ['pending', 'warning'], 'rejected');
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
  await insertHistory(
    tx,
    moved.map((change) => ({
      storeOrderId: change.id,
      fromStatus: change.from,
      toStatus: 'rejected',
      actorRole: 'system',
      reason,
    })),
  );
  await releaseWelcomeCredit(tx, group.id);
}
