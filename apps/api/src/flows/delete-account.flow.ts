import { ACCOUNT_MESSAGES } from '@mandado/shared/account-messages';
import { type Actor, requirePermission } from '../authorization.ts';
import type { Database, DatabaseOrTransaction } from '../db/database.ts';
import { HttpError } from '../http-errors.ts';
import {
  checkPasswordBeforeDeletion,
  lockAccountForDeletion,
  pseudonymiseAccount,
} from '../modules/accounts/accounts-erasure.service.ts';
import { forgetBeneficiaries } from '../modules/beneficiaries/beneficiaries-erasure.service.ts';
import { forgetCards } from '../modules/cards/cards-erasure.service.ts';
import { forgetHelpMessages } from '../modules/help/help-erasure.service.ts';
import { forgetCityRequests } from '../modules/locations/locations-erasure.service.ts';
import { forgetEmailsTo } from '../modules/mail/mail-erasure.service.ts';
import { forgetOrderMessages } from '../modules/messages/messages-erasure.service.ts';
import { forgetReceivers } from '../modules/order-status/store-orders-erasure.service.ts';
import { openOrderNumber, pseudonymiseOrdersOf } from '../modules/orders/orders-erasure.service.ts';
import { forgetReceiptNotes } from '../modules/receipts/receipts-erasure.service.ts';
import { forgetInvitationsBy } from '../modules/referrals/referrals-erasure.service.ts';
import { endUserSessions } from '../modules/sessions/sessions.service.ts';
import { forgetPushSubscriptions } from '../modules/store-inbox/push-erasure.service.ts';

/**
 * 'Eliminar mi cuenta' (issue 32, Ley 18.331 art. 15, decision 070): the password first, then one transaction
 * that refuses while an order is in course and otherwise erases or pseudonymises every piece of personal data,
 * each by the module that owns its table, and ends every session. Orders, payments, refunds and the credit
 * ledger stay for the accounts under the pseudonymous account row, so `audit:payments` still adds up.
 */
export async function deleteAccountFlow(
  db: Database,
  actor: Actor | null,
  input: { password: string },
  now = new Date(),
): Promise<void> {
  const { userId } = requirePermission(actor, 'account:own');
  await checkPasswordBeforeDeletion(db, userId, input.password);
  await db.transaction(async (tx) => {
    const email = await lockAccountForDeletion(tx, userId);
    await refuseWhileAnOrderIsOpen(tx, userId);
    await forgetWhatOnlyNamesThePerson(tx, userId, email);
    const groupIds = await pseudonymiseOrdersOf(tx, userId);
    await forgetReceivers(tx, groupIds);
    await forgetOrderMessages(tx, groupIds);
    await forgetReceiptNotes(tx, groupIds);
    await pseudonymiseAccount(tx, userId, now);
    await endUserSessions(tx, userId);
  });
}

async function refuseWhileAnOrderIsOpen(tx: DatabaseOrTransaction, userId: number): Promise<void> {
  const open = await openOrderNumber(tx, userId);
  if (open) throw new HttpError(409, { detail: ACCOUNT_MESSAGES.deletionBlockedByOrder(open) });
}

/** Rows whose only purpose was this person: recipients, cards, invitations, messages, e-mails. */
async function forgetWhatOnlyNamesThePerson(
  tx: DatabaseOrTransaction,
  userId: number,
  email: string,
): Promise<void> {
  await forgetBeneficiaries(tx, userId);
  await forgetCards(tx, userId);
  await forgetInvitationsBy(tx, userId);
  await forgetHelpMessages(tx, userId, email);
  await forgetCityRequests(tx, email);
  await forgetEmailsTo(tx, email);
  await forgetPushSubscriptions(tx, userId);
}
