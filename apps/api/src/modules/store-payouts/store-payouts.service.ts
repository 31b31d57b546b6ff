import { type GoLiveChecklist, goLiveChecklist, goLiveMissingText } from '@mandado/shared/go-live';
import {
  maskAccountNumber,
  PAYOUT_BANKS,
  type PayoutAccountValues,
  type PayoutAccountView,
  type PayoutBank,
  payoutAccountLabel,
} from '@mandado/shared/payout-account.schemas';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import { type Actor, requirePermission, requireStoreOwner } from '../../authorization.ts';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import { HttpError } from '../../http-errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { enqueueEmail } from '../mail/mail.service.ts';
import { getSettings } from '../settings/settings.service.ts';
import {
  findPayoutAccount,
  listPayoutAccounts,
  lockPayoutAccount,
  ownerEmails,
  type PayoutAccountRow,
  readGoLiveFacts,
  upsertPayoutAccount,
} from './store-payouts.repository.ts';

/**
 * Issue 31 (decision 068): the bank account a store is paid into, and the checklist a store passes before it
 * is published. The account is the owner's alone to change; each change is audited and e-mailed to the
 * owners in the same transaction, and nothing but the last four digits ever leaves the API.
 */

function presentAccount(row: PayoutAccountRow): PayoutAccountView {
  const bank = row.bank as PayoutBank;
  return {
    bank,
    bank_name: PAYOUT_BANKS[bank]?.name ?? row.bank,
    account_masked: maskAccountNumber(row.accountNumber),
    holder_name: row.holderName,
    holder_document_kind: row.holderDocumentKind === 'ci' ? 'ci' : 'rut',
    holder_document_masked: maskAccountNumber(row.holderDocument),
    updated: new Date(row.updatedAt).toISOString(),
  };
}

/** Owners only: staff members run the inbox, not the store's money. */
function requireOwnerMembership(actor: Actor | null, storeId: number): Actor {
  const owner = requireStoreOwner(actor, storeId);
  if (!owner.ownedStoreIds.includes(storeId)) {
    throw new HttpError(403, { detail: SERVER_MESSAGES.ownersOnly });
  }
  return owner;
}

export async function getPayoutAccount(
  db: Database,
  actor: Actor | null,
  storeId: number,
): Promise<PayoutAccountView | null> {
  requireOwnerMembership(actor, storeId);
  const row = await findPayoutAccount(db, storeId);
  return row ? presentAccount(row) : null;
}

export async function setPayoutAccount(
  db: Database,
  actor: Actor | null,
  storeId: number,
  input: PayoutAccountValues,
): Promise<PayoutAccountView> {
  const owner = requireOwnerMembership(actor, storeId);
  await db.transaction(async (tx) => {
    const before = await lockPayoutAccount(tx, storeId);
    await upsertPayoutAccount(tx, {
      storeId,
      bank: input.bank,
      accountNumber: input.accountNumber,
      holderName: input.holderName,
      holderDocument: input.holderDocument,
      holderDocumentKind: input.holderDocumentKind,
      updatedBy: owner.userId,
    });
    const label = (row: { bank: string; accountNumber: string }) =>
      payoutAccountLabel(row.bank as PayoutBank, row.accountNumber);
    await recordAudit(tx, owner, {
      storeId,
      action: 'store.payout_account_changed',
      subject: `store:${storeId}`,
      // Masked on both sides: the audit log is read by more people than the transfer needs.
      detail: {
        before: before ? { account: label(before), holder: before.holderName } : null,
        after: { account: label(input), holder: input.holderName },
      },
    });
    const text = [
      'Hola:',
      '',
      before
        ? `La cuenta donde te pagamos cambió de ${label(before)} a ${label(input)}, a nombre de ${input.holderName}.`
        : `Registramos la cuenta donde te pagamos: ${label(input)}, a nombre de ${input.holderName}.`,
      '',
      'Si no hiciste este cambio, escríbenos enseguida respondiendo este correo.',
      '',
      'El equipo de Mandado',
    ].join('\n');
    for (const to of await ownerEmails(tx, storeId)) {
      await enqueueEmail(tx, { to, subject: 'Cambió la cuenta donde te pagamos en Mandado', text });
    }
  });
  const row = await findPayoutAccount(db, storeId);
  if (!row) throw new HttpError(404, { detail: SERVER_MESSAGES.notFound });
  return presentAccount(row);
}

/** 'BROU •••• 1234', or null: how a statement names where it is paid. */
export async function payoutAccountLabelOf(
  db: DatabaseOrTransaction,
  storeId: number,
): Promise<string | null> {
  const row = await findPayoutAccount(db, storeId);
  return row ? payoutAccountLabel(row.bank as PayoutBank, row.accountNumber) : null;
}

/** 'BROU •••• 1234' per store id, for the back office's statements of a week. */
export async function payoutAccountLabelsOf(
  db: DatabaseOrTransaction,
  storeIds: readonly number[],
): Promise<Map<number, string>> {
  const rows = await listPayoutAccounts(db, storeIds);
  return new Map(
    rows.map((row) => [row.storeId, payoutAccountLabel(row.bank as PayoutBank, row.accountNumber)]),
  );
}

/** The store's checklist, from the settings and one query of its facts; null when there is no store. */
export async function goLiveChecklistOf(
  db: DatabaseOrTransaction,
  storeId: number,
): Promise<GoLiveChecklist | null> {
  const [settings, facts] = await Promise.all([getSettings(db), readGoLiveFacts(db, storeId)]);
  if (!facts) return null;
  return goLiveChecklist(
    { items: settings.go_live_checks, minProducts: settings.go_live_min_products },
    {
      ownerAccepted: facts.owners > 0,
      productsReady: facts.productsReady,
      hasHours: facts.hasHours,
      hasPhone: facts.phone !== '',
      hasPayoutAccount: facts.hasPayoutAccount,
    },
  );
}

/** A member of the store (owner or staff) reads its checklist in /comercio. */
export async function getMerchantGoLive(
  db: Database,
  actor: Actor | null,
  storeId: number,
): Promise<GoLiveChecklist> {
  requirePermission(actor, 'store:read', storeId);
  const checklist = await goLiveChecklistOf(db, storeId);
  if (!checklist) throw new HttpError(404, { detail: SERVER_MESSAGES.notFound });
  return checklist;
}

/** An operator reads it on the store's page in the back office. */
export async function getAdminGoLive(
  db: Database,
  actor: Actor | null,
  storeId: number,
): Promise<GoLiveChecklist> {
  requirePermission(actor, 'admin:read');
  const checklist = await goLiveChecklistOf(db, storeId);
  if (!checklist) throw new HttpError(404, { detail: SERVER_MESSAGES.notFound });
  return checklist;
}

/** 'Publicar' refuses a store that is not ready, saying what is missing (inside the publishing transaction). */
export async function requireReadyToPublish(tx: DatabaseOrTransaction, storeId: number): Promise<void> {
  const checklist = await goLiveChecklistOf(tx, storeId);
  if (checklist && !checklist.ready) throw new HttpError(409, { detail: goLiveMissingText(checklist) });
}
