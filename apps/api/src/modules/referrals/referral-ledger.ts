import { REFERRAL_MESSAGES } from '@mandado/shared/help.schemas';
import { formatMinorAsDecimal, parseMoney } from '@mandado/shared/money';
import { usdText } from '@mandado/shared/money-text';
import { isSelfReferral, reversibleAmount, welcomeCreditFor } from '@mandado/shared/referral-rules';
import { WEB_PATHS } from '@mandado/shared/web-routes';
import type { DatabaseOrTransaction } from '../../db/database.ts';
import { enqueueEmail } from '../mail/mail.service.ts';
import { getReferralAmounts } from '../settings/settings.service.ts';
import { recordWalletEntry } from '../wallet/wallet.service.ts';
import { inviterRewardEmail } from './referral-emails.ts';
import {
  lockCreditBalance,
  lockGroupWelcome,
  lockPendingReferral,
  markReferralApplied,
  markReferralRewarded,
  reduceInviteeReward,
  returnReferralToPending,
} from './referrals.repository.ts';

/**
 * The referral program's ledger moves (decision 026). Each runs inside the caller's transaction, the one whose
 * compare-and-set moved the order group, so it happens exactly once; the referral row has its own
 * compare-and-set on top. Amounts are integer USD cents.
 */

export interface WelcomeCredit {
  referralId: number;
  amount: number;
}

/**
 * The welcome credit an order placed now carries: the invitee's referral is pending, the two accounts are
 * not the same person (checked with today's e-mails and phones), the goods after the coupon reach the
 * minimum, and at most what is still due after the chosen credit. The row stays locked until the placing
 * transaction ends, so a parallel placement waits and then finds it applied.
 */
export async function welcomeCreditForOrder(
  tx: DatabaseOrTransaction,
  inviteeUserId: number,
  order: { goodsAfterCoupon: number; dueAfterCredit: number },
): Promise<WelcomeCredit | null> {
  const referral = await lockPendingReferral(tx, inviteeUserId);
  if (!referral) return null;
  if (
    isSelfReferral(
      { email: referral.inviterEmail, phoneE164: referral.inviterPhoneE164 },
      { email: referral.inviteeEmail, phoneE164: referral.inviteePhoneE164 },
    )
  ) {
    return null;
  }
  const amount = welcomeCreditFor({ pending: true, ...order, amounts: await getReferralAmounts(tx) });
  return amount > 0 ? { referralId: referral.id, amount } : null;
}

/**
 * Writes the welcome credit to the invitee's ledger ('earned', before the order's 'spent') and moves the
 * referral pending → applied on this group. False when the referral was no longer pending (the caller rolls
 * back: its price counted on the credit).
 */
export async function recordWelcomeCredit(
  tx: DatabaseOrTransaction,
  input: { inviteeUserId: number; groupId: number; welcome: WelcomeCredit },
): Promise<boolean> {
  const amount = formatMinorAsDecimal(input.welcome.amount);
  if (
    !(await markReferralApplied(tx, input.welcome.referralId, {
      groupId: input.groupId,
      inviteeReward: amount,
    }))
  )
    return false;
  return recordWalletEntry(tx, {
    userId: input.inviteeUserId,
    kind: 'earned',
    amount,
    groupId: input.groupId,
    note: REFERRAL_MESSAGES.welcomeNote,
  });
}

/**
 * The group carrying a welcome credit was paid: the referral goes applied → rewarded, the inviter earns the
 * reward and gets an e-mail (the caller kicks the mail worker after its commit). Nothing when the group
 * carried no welcome credit.
 */
export async function rewardInviter(
  tx: DatabaseOrTransaction,
  groupId: number,
  deps: { publicUrl: string },
): Promise<void> {
  const { inviterReward } = await getReferralAmounts(tx);
  const reward = formatMinorAsDecimal(Math.max(0, inviterReward));
  const rewarded = await markReferralRewarded(tx, groupId, reward);
  if (!rewarded || inviterReward <= 0) return;
  await recordWalletEntry(tx, {
    userId: rewarded.inviterUserId,
    kind: 'earned',
    amount: reward,
    groupId,
    note: REFERRAL_MESSAGES.inviterNote(rewarded.inviteeFirstName),
  });
  await enqueueEmail(
    tx,
    inviterRewardEmail({
      to: rewarded.inviterEmail,
      firstName: rewarded.inviterFirstName,
      inviteeFirstName: rewarded.inviteeFirstName,
      reward,
      walletUrl: `${deps.publicUrl.replace(/\/+$/, '')}${WEB_PATHS.userWallet}`,
    }),
  );
}

/**
 * Takes a reward back: at most the balance (the ledger never goes below 0); the part already spent is said
 * in the note. Nothing is written when there is nothing to take.
 */
async function reverseReward(
  tx: DatabaseOrTransaction,
  input: { userId: number; reward: string | null; groupId: number; note: string },
): Promise<void> {
  const reward = parseMoney(input.reward ?? '0');
  if (reward <= 0) return;
  const taken = reversibleAmount(reward, parseMoney(await lockCreditBalance(tx, input.userId)));
  if (taken <= 0) return;
  const kept = reward - taken;
  await recordWalletEntry(tx, {
    userId: input.userId,
    kind: 'reversed',
    amount: formatMinorAsDecimal(-taken),
    groupId: input.groupId,
    note: kept > 0 ? `${input.note} (${usdText(kept)} ya se había usado)` : input.note,
  });
}

/**
 * The group carrying the welcome credit was declined or expired (after its credit was refunded): the welcome
 * credit is reversed and the referral goes applied → pending, so the next qualifying order gets it.
 */
export async function releaseWelcomeCredit(tx: DatabaseOrTransaction, groupId: number): Promise<void> {
  const released = await returnReferralToPending(tx, groupId, 'applied');
  if (!released) return;
  await reverseReward(tx, {
    userId: released.inviteeUserId,
    reward: released.inviteeReward,
    groupId,
    note: REFERRAL_MESSAGES.welcomeReversedNote,
  });
}

/**
 * Every store order of the paid group that carried the welcome credit was rejected: both rewards are
 * reversed (each capped at its owner's balance) and the referral goes rewarded → pending.
 */
export async function revokeReferralReward(tx: DatabaseOrTransaction, groupId: number): Promise<void> {
  const released = await returnReferralToPending(tx, groupId, 'rewarded');
  if (!released) return;
  await reverseReward(tx, {
    userId: released.inviterUserId,
    reward: released.inviterReward,
    groupId,
    note: REFERRAL_MESSAGES.inviterReversedNote(released.inviteeFirstName),
  });
  await reverseReward(tx, {
    userId: released.inviteeUserId,
    reward: released.inviteeReward,
    groupId,
    note: REFERRAL_MESSAGES.welcomeReversedNote,
  });
}

/**
 * A store order of a group carrying the welcome credit was rejected and its credit share refunded: the part
 * of that share that was welcome credit is taken back at once, in the same transaction (so the balance holds
 * it: the refund just put it there), and the group carries that much less. Without this, the refunded gift
 * could be spent elsewhere before the rest of the order is released, and the later take-back would find the
 * balance empty. The share is proportional to what is still open; the last open store order takes the rest.
 */
export async function withholdWelcomeShare(
  tx: DatabaseOrTransaction,
  input: { groupId: number; share: number; openCreditAfter: number },
): Promise<void> {
  if (input.share <= 0) return;
  const referral = await lockGroupWelcome(tx, input.groupId);
  if (!referral) return;
  const remaining = parseMoney(referral.inviteeReward);
  if (remaining <= 0) return;
  const withheld =
    input.openCreditAfter <= 0
      ? remaining
      : Math.min(input.share, Math.floor((input.share * remaining) / (input.share + input.openCreditAfter)));
  if (withheld <= 0) return;
  await recordWalletEntry(tx, {
    userId: referral.inviteeUserId,
    kind: 'reversed',
    amount: formatMinorAsDecimal(-withheld),
    groupId: input.groupId,
    note: REFERRAL_MESSAGES.welcomeReversedNote,
  });
  await reduceInviteeReward(tx, referral.id, formatMinorAsDecimal(withheld));
}
