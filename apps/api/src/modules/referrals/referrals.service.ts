import { type InvitationSent, REFERRAL_MESSAGES } from '@mandado/shared/help.schemas';
import { formatMinorAsDecimal } from '@mandado/shared/money';
import { canonicalEmail, referralLink } from '@mandado/shared/referral-rules';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import { type Actor, requirePermission } from '../../authorization.ts';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import { HttpError } from '../../http-errors.ts';
import { enqueueEmail } from '../mail/mail.service.ts';
import { getReferralAmounts } from '../settings/settings.service.ts';
import { invitationEmail } from './referral-emails.ts';
import {
  accountExists,
  findInviter,
  insertInvitation,
  insertReferral,
  invitedSince,
  lockInviter,
} from './referrals.repository.ts';

/** One invitation per inbox a week, whoever sends it: a friend who did not answer is not mailed daily. */
const REINVITE_AFTER_MS = 7 * 24 * 60 * 60 * 1000;

export interface InvitationDeps {
  publicUrl: string;
  now: Date;
}

/**
 * `POST /v1/users/send/invitation/` (spec §7, a POST by decision 007): e-mails a friend the inviter's link.
 * Refused for the inviter's own inbox under any alias (400, as a field error), an address that already has
 * an account, or an inbox anyone invited in the last 7 days under any alias (409). The invitation row and the e-mail commit
 * together; the route kicks the mail worker.
 */
export async function sendInvitation(
  db: Database,
  actor: Actor | null,
  input: { email: string },
  deps: InvitationDeps,
): Promise<InvitationSent> {
  const { userId } = requirePermission(actor, 'account:own');
  const inviter = await findInviter(db, userId);
  if (!inviter) throw new HttpError(401, { detail: SERVER_MESSAGES.notAuthenticated });
  if (canonicalEmail(input.email) === canonicalEmail(inviter.email)) {
    throw new HttpError(400, { email: [REFERRAL_MESSAGES.selfInvitation] });
  }
  if (await accountExists(db, input.email)) {
    throw new HttpError(409, { detail: REFERRAL_MESSAGES.alreadyRegistered });
  }
  const amounts = await getReferralAmounts(db);
  await db.transaction(async (tx) => {
    await lockInviter(tx, userId);
    const canonical = canonicalEmail(input.email);
    if (await invitedSince(tx, canonical, new Date(deps.now.getTime() - REINVITE_AFTER_MS))) {
      throw new HttpError(409, { detail: REFERRAL_MESSAGES.alreadyInvited });
    }
    await insertInvitation(tx, { inviterUserId: userId, email: input.email, canonicalEmail: canonical });
    await enqueueEmail(
      tx,
      invitationEmail({
        to: input.email,
        inviterFirstName: inviter.firstName,
        link: referralLink(deps.publicUrl, inviter.referralToken),
        inviteeReward: formatMinorAsDecimal(amounts.inviteeReward),
        minimumPurchase: formatMinorAsDecimal(amounts.minimumPurchase),
      }),
    );
  });
  return { title: REFERRAL_MESSAGES.invitationSentTitle, detail: REFERRAL_MESSAGES.invitationSent };
}

/** For registration through an invitation, inside its transaction: records the pending referral. */
export function recordReferral(
  tx: DatabaseOrTransaction,
  values: { inviteeUserId: number; inviterUserId: number },
): Promise<void> {
  return insertReferral(tx, values);
}
