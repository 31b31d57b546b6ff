import { parseMoney } from '@mandado/shared/money';
import { releaseCoupon } from '../coupons/coupons.repository.ts';
import type { DatabaseOrTransaction } from '../mail/mail.repository.ts';
import { applyWalletEntry } from '../wallet/wallet.repository.ts';
import { insertHistory, moveStoreOrders, type OrderGroupRow, returnStock } from './orders.repository.ts';

/**
 * Gives back everything a group took when it is cancelled (declined card, expired transfer): the stock, the
 * coupon's use and the credit (a 'refunded' ledger entry), and rejects its store orders with the reason.
 * Runs in the transaction whose compare-and-set cancelled the group, so it happens exactly once.
 */
export async function releaseGroup(
  tx: DatabaseOrTransaction,
  group: OrderGroupRow,
  reason: string,
): Promise<void> {
  await returnStock(tx, group.id);
  await releaseCoupon(tx, group.id);
  if (parseMoney(group.credit) > 0) {
    await applyWalletEntry(tx, {
      userId: group.remitterId,
      kind: 'refunded',
      amount: group.credit,
      groupId: group.id,
      note: `Devolución del pedido ${group.number}`,
    });
  }
  const moved = await moveStoreOrders(tx, group.id, ['pending', 'warning'], 'rejected');
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
}
