import { parseMoney } from '@mandado/shared/money';
import type { DatabaseOrTransaction } from '../db/database.ts';
import {
  isWholeGroupRejected,
  type MoveActor,
  type MovedStoreOrder,
  openCreditOfGroup,
  type StatusMoveEffects,
} from '../modules/order-status/order-status.service.ts';
import {
  releaseWelcomeCredit,
  revokeReferralReward,
  withholdWelcomeShare,
} from '../modules/referrals/referral-ledger.ts';
import { recordWalletEntry } from '../modules/wallet/wallet.service.ts';
import { refundStoreOrderRemainder } from './refund.flow.ts';

/**
 * A store order rejected by staff (decision 057: the step the generic move runs after 'rejected'), inside the
 * move's transaction, once (this transaction's compare-and-set made the change): give its credit share back,
 * reverse the referral when the whole order is rejected (decision 026), and refund what was paid for it
 * (issue 17, decision 040). Answers what went back, for the e-mail and the audit row.
 */
export function rejectStoreOrderSteps(publicUrl: string) {
  return async (
    tx: DatabaseOrTransaction,
    rejected: MovedStoreOrder,
    actor: MoveActor,
  ): Promise<StatusMoveEffects> => {
    const creditMinor = await giveCreditShareBack(tx, rejected);
    await reverseReferralIfAllRejected(tx, rejected.groupId);
    if (rejected.paymentStatus !== 'paid') return { refundNote: null };
    const refund = await refundStoreOrderRemainder(tx, {
      storeOrderId: rejected.id,
      reason: 'store_rejected',
      actor,
      publicUrl,
    });
    return { refundNote: { refund, creditMinor } };
  };
}

/** The store order's own share of the order's credit goes back to the wallet; its welcome share is withheld. */
async function giveCreditShareBack(tx: DatabaseOrTransaction, rejected: MovedStoreOrder): Promise<number> {
  const share = parseMoney(rejected.credit);
  if (share <= 0) return share;
  await recordWalletEntry(tx, {
    userId: rejected.remitterId,
    kind: 'refunded',
    amount: rejected.credit,
    groupId: rejected.groupId,
    note: `Devolución del pedido ${rejected.number}`,
  });
  await withholdWelcomeShare(tx, {
    groupId: rejected.groupId,
    share,
    openCreditAfter: parseMoney(await openCreditOfGroup(tx, rejected.groupId)),
  });
  return share;
}

/**
 * Paid: both rewards are reversed. Not paid yet: the referral waits for the next order (its welcome credit was
 * withheld store order by store order).
 */
async function reverseReferralIfAllRejected(tx: DatabaseOrTransaction, groupId: number): Promise<void> {
  if (!(await isWholeGroupRejected(tx, groupId))) return;
  await revokeReferralReward(tx, groupId);
  await releaseWelcomeCredit(tx, groupId);
}
