import { formatMinorAsDecimal } from '@mandado/shared/money';
import { RECEIPT_MESSAGES, receiptMoveAllowed } from '@mandado/shared/receipt';
import type {
  Receipt,
  ReceiptAnswerInput,
  ReceiptAnswerResult,
  ReceiptClaimList,
  ReceiptClaimRefundResult,
  ReceiptPhotoResult,
} from '@mandado/shared/receipt.schemas';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import { WEB_PATHS } from '@mandado/shared/web-routes';
import type { SQL } from 'drizzle-orm';
import { type Actor, requirePermission } from '../../authorization.ts';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import type { ClaimedLine } from '../../db/schema/receipts.ts';
// The one-click refund of a claim runs the refund flow's line step inside the claim's transaction.
import { refundLineUnits } from '../../flows/refund.flow.ts';
import { HttpError, notFound } from '../../http-errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { enqueueEmail } from '../mail/mail.service.ts';
import type { MediaStorage } from '../media/media-storage.ts';
import { findPrivatePhoto, storePrivatePhoto } from '../media/private-photo.ts';
import { presentClaim, presentReceipt } from './receipts.presenter.ts';
import {
  clearExpiredClaimPhotoKeys,
  findClaimNotice,
  findClaimPhotoKey,
  findReceiptTarget,
  findStoreClaimPhotoKey,
  insertReceiptHistory,
  insertReceiptOnce,
  listClaims,
  listReceiptLines,
  listReceipts,
  lockClaim,
  markClaimResolved,
  type ReceiptLineRow,
  type ReceiptTargetRow,
} from './receipts.repository.ts';
import { claimEmail } from './receipts-emails.ts';

/**
 * The family confirms receipt (issue 29, decision 064): on the tracking link, once a store order is delivered
 * and within 48 hours, one answer — 'Recibí todo' or 'Falta algo' with lines — written once; a claim waits in
 * the operators' support inbox, where one click refunds the claimed units through the refunds module's caps.
 */

const ANSWERABLE = new Set(['delivered', 'fulfilled']);

/** How many units of a line reached the family: what the store had, or the substitute's units. */
function deliveredUnits(line: ReceiptLineRow): number {
  if (line.substituteQuantity !== null) return line.substituteQuantity;
  return line.availableQuantity ?? line.quantity;
}

/** The claimed lines by place on the page, checked against the store order's lines; 400 with a reason. */
function claimedLines(lines: readonly ReceiptLineRow[], input: ReceiptAnswerInput): ClaimedLine[] {
  if (input.answer !== 'missing') return [];
  const seen = new Set<number>();
  return input.lines.map((claimed) => {
    const line = lines[claimed.line];
    if (!line) throw new HttpError(400, { lines: [RECEIPT_MESSAGES.unknownLine] });
    if (seen.has(claimed.line)) throw new HttpError(400, { lines: [RECEIPT_MESSAGES.repeatedLine] });
    seen.add(claimed.line);
    // A line nothing of which arrived (all unavailable) was refunded already: still claimable up to what was
    // ordered, the refund caps keep the money right.
    const most = Math.max(deliveredUnits(line), line.quantity);
    if (claimed.quantity > most) throw new HttpError(400, { lines: [RECEIPT_MESSAGES.tooMany(most)] });
    return { lineId: line.id, name: line.name, quantity: claimed.quantity };
  });
}

/** What a claim tells the others, in the claim's transaction (their outboxes send it after the commit). */
export interface ClaimNotice {
  storeOrderId: number;
  storeId: number;
  storeOrderNumber: string;
  beneficiaryFirstName: string;
  /** 'Leche (1), Pan (2)'. */
  missingText: string;
}

/** What the answering step asks of the store order's owner (flows/answer-receipt.flow.ts wires it). */
export interface ReceiptSteps {
  /** Notes the answer on the store order's history, where the store and the operators read it. */
  noteOnStoreOrder: (
    tx: DatabaseOrTransaction,
    note: { storeOrderId: number; status: string; reason: string },
  ) => Promise<void>;
  /** A claim reaches the store (push to its members) and the remitter (WhatsApp/SMS); receipts e-mails. */
  tellOfClaim: (tx: DatabaseOrTransaction, claim: ClaimNotice) => Promise<void>;
  /** Where the claim's photo was stored (the upload's media storage). */
  media: MediaStorage;
  /** PUBLIC_URL, for the remitter's e-mail link. */
  publicUrl: string;
}

/** A claim's photos live under their store order: an id sent for another order is never found. */
function claimPhotoFolder(storeOrderId: number): string {
  return `claims/${storeOrderId}`;
}

function missingText(missing: readonly ClaimedLine[]): string {
  return missing.map((line) => `${line.name} (${line.quantity})`).join(', ');
}

/**
 * The store order a tracking link may still answer for, or the reason why not, the same for the photo and
 * the answer: a forged link or another group's store order is a 404; not delivered yet, answered already or
 * past 48 hours a 409 with its Spanish reason.
 */
async function answerableTarget(
  db: Database,
  token: string,
  storeOrderNumber: string,
  now: Date,
): Promise<ReceiptTargetRow & { deliveredAt: Date }> {
  const target = await findReceiptTarget(db, token, storeOrderNumber);
  if (!target) throw notFound(RECEIPT_MESSAGES.notFound);
  if (target.groupStatus !== 'confirmed' || !ANSWERABLE.has(target.status) || target.deliveredAt === null) {
    throw new HttpError(409, { detail: RECEIPT_MESSAGES.notDelivered });
  }
  const deliveredAt = target.deliveredAt;
  const [existing] = await listReceipts(db, [target.storeOrderId]);
  if (existing) throw new HttpError(409, { detail: RECEIPT_MESSAGES.alreadyAnswered });
  const current = presentReceipt(deliveredAt, undefined, target.beneficiaryFirstName, now);
  if (current.status !== 'awaiting') throw new HttpError(409, { detail: RECEIPT_MESSAGES.windowClosed });
  return { ...target, deliveredAt };
}

/**
 * `POST /v1/tracking/:token/stores/:number/receipt/photos/`: the optional photo of 'Falta algo', sent before
 * the answer that names it, only while the store order may still be answered. Checked by content, re-encoded
 * without its metadata and kept under the store order (media's storePrivatePhoto, the courier's rules).
 */
export async function uploadClaimPhoto(
  db: Database,
  token: string,
  storeOrderNumber: string,
  bytes: Buffer,
  media: MediaStorage,
  now: Date = new Date(),
): Promise<ReceiptPhotoResult> {
  const target = await answerableTarget(db, token, storeOrderNumber, now);
  const { photoId } = await storePrivatePhoto(media, claimPhotoFolder(target.storeOrderId), bytes);
  return { photo_id: photoId };
}

/** The history note: 'Rosa confirmó que recibió todo.' or 'Rosa avisó que falta: Café (1). «…»'. */
function answerNote(firstName: string, missing: readonly ClaimedLine[], note: string): string {
  const who = firstName.trim() || 'Quien recibe';
  if (missing.length === 0) return `${who} confirmó que recibió todo.`;
  const what = missing.map((line) => `${line.name} (${line.quantity})`).join(', ');
  return `${who} avisó que falta: ${what}.${note ? ` «${note}»` : ''}`;
}

/**
 * `POST /v1/tracking/:token/stores/:number/receipt/`: the family's one answer. A forged link or another
 * group's store order is a 404; not delivered yet, answered already or past 48 hours a 409; bad lines a 400.
 * Nothing is written in any of those cases.
 */
export async function answerReceipt(
  db: Database,
  token: string,
  storeOrderNumber: string,
  input: ReceiptAnswerInput,
  steps: ReceiptSteps,
  now: Date = new Date(),
): Promise<ReceiptAnswerResult> {
  const target = await answerableTarget(db, token, storeOrderNumber, now);
  const deliveredAt = target.deliveredAt;
  const missing = claimedLines(await listReceiptLines(db, target.storeOrderId), input);
  const to = input.answer === 'received' ? 'received' : 'claimed';
  if (!receiptMoveAllowed('awaiting', to, 'family')) throw new Error(`receipt awaiting → ${to} not allowed`);
  const photoId = input.answer === 'missing' ? input.photo_id : undefined;
  const photoMediaKey =
    photoId === undefined
      ? null
      : await findPrivatePhoto(steps.media, claimPhotoFolder(target.storeOrderId), photoId);
  if (photoId !== undefined && photoMediaKey === null) {
    throw new HttpError(400, { photo_id: [RECEIPT_MESSAGES.photoNotFound] });
  }

  await db.transaction(async (tx) => {
    const id = await insertReceiptOnce(tx, {
      storeOrderId: target.storeOrderId,
      status: to,
      missing,
      note: input.answer === 'missing' ? input.note : '',
      photoMediaKey,
    });
    // Two answers at once: the first one's row stands, the second is told so.
    if (id === null) throw new HttpError(409, { detail: RECEIPT_MESSAGES.alreadyAnswered });
    await insertReceiptHistory(tx, {
      receiptId: id,
      fromStatus: 'awaiting',
      toStatus: to,
      actorRole: 'family',
      actorUserId: null,
    });
    await steps.noteOnStoreOrder(tx, {
      storeOrderId: target.storeOrderId,
      status: target.status,
      reason: answerNote(target.beneficiaryFirstName, missing, input.answer === 'missing' ? input.note : ''),
    });
    if (to === 'claimed') await tellOfClaim(tx, target.storeOrderId, missing, steps);
  });
  const [stored] = await listReceipts(db, [target.storeOrderId]);
  return {
    detail: to === 'received' ? RECEIPT_MESSAGES.received : RECEIPT_MESSAGES.claimed,
    receipt: presentReceipt(deliveredAt, stored, target.beneficiaryFirstName, now),
  };
}

/**
 * Nobody used to hear of a claim until an operator opened the support inbox (issue 29): now the remitter gets
 * an e-mail here, and the flow's step pushes to the store's members and sends the remitter's WhatsApp/SMS
 * (opt-out and quiet hours are the messages job's). All outbox rows, committed with the claim.
 */
async function tellOfClaim(
  tx: DatabaseOrTransaction,
  storeOrderId: number,
  missing: readonly ClaimedLine[],
  steps: ReceiptSteps,
): Promise<void> {
  const notice = await findClaimNotice(tx, storeOrderId);
  if (!notice) return;
  const what = missingText(missing);
  await enqueueEmail(
    tx,
    claimEmail({
      to: notice.remitterEmail,
      firstName: notice.remitterFirstName,
      beneficiaryFirstName: notice.beneficiaryFirstName,
      storeOrderNumber: notice.storeOrderNumber,
      storeName: notice.storeName,
      missingText: what,
      orderUrl: `${steps.publicUrl}${WEB_PATHS.userOrders}/${encodeURIComponent(notice.groupNumber)}`,
      groupId: notice.groupId,
    }),
  );
  await steps.tellOfClaim(tx, {
    storeOrderId,
    storeId: notice.storeId,
    storeOrderNumber: notice.storeOrderNumber,
    beneficiaryFirstName: notice.beneficiaryFirstName,
    missingText: what,
  });
}

/**
 * The photo of a claim for an operator (support:read, the support inbox), or for a member of the claim's
 * store; another store's, or a claim without one, is a 404.
 */
export async function readClaimPhoto(
  db: Database,
  actor: Actor | null,
  media: MediaStorage,
  who: { kind: 'operator'; claimId: number } | { kind: 'store'; storeId: number; storeOrderNumber: string },
): Promise<{ body: Buffer; contentType: string }> {
  let key: string | null;
  if (who.kind === 'operator') {
    requirePermission(actor, 'support:read');
    key = await findClaimPhotoKey(db, who.claimId);
  } else {
    if (!actor?.storeIds.includes(who.storeId)) throw notFound();
    key = await findStoreClaimPhotoKey(db, who.storeId, who.storeOrderNumber);
  }
  const file = key === null ? null : await media.get(key);
  if (!file) throw notFound();
  return file;
}

/**
 * Retention (decision 072): up to `limit` claim photos of store orders that `due` finds past retention lose
 * their key; answers the keys, whose files the retention flow deletes before the batch commits.
 */
export function takeExpiredClaimPhotos(
  tx: DatabaseOrTransaction,
  due: (storeOrderAlias: 's') => SQL,
  limit: number,
): Promise<string[]> {
  return clearExpiredClaimPhotoKeys(tx, due, limit);
}

/**
 * The receipts of these store orders for a page that shows them (tracking, 'Mis Compras', the store's
 * order): null for one not delivered. One query whatever their number and statuses.
 */
export async function receiptsOf(
  db: DatabaseOrTransaction,
  storeOrders: ReadonlyArray<{ id: number; deliveredAt: Date | null; status: string }>,
  firstName: string | ((storeOrderId: number) => string),
  now: Date = new Date(),
): Promise<Map<number, Receipt | null>> {
  // Every store order's id, delivered or not: one query whatever their statuses, so a page reads the same
  // number of queries before and after a delivery.
  const rows = await listReceipts(
    db,
    storeOrders.map((order) => order.id),
  );
  const byStoreOrder = new Map(rows.map((row) => [row.storeOrderId, row]));
  return new Map(
    storeOrders.map((order) => [
      order.id,
      order.deliveredAt !== null && ANSWERABLE.has(order.status)
        ? presentReceipt(
            order.deliveredAt,
            byStoreOrder.get(order.id),
            typeof firstName === 'string' ? firstName : firstName(order.id),
            now,
          )
        : null,
    ]),
  );
}

/** `GET /v1/admin/receipt-claims/` (support:read): the family's 'Falta algo', newest first. */
export async function listReceiptClaims(
  db: Database,
  actor: Actor | null,
  query: { open?: 'true' | 'false' | undefined },
): Promise<ReceiptClaimList> {
  requirePermission(actor, 'support:read');
  const open = query.open === undefined ? null : query.open === 'true';
  return { results: (await listClaims(db, open)).map(presentClaim) };
}

export interface ClaimRefundDeps {
  publicUrl: string;
  kickMailWorker: () => void;
  kickRefundWorker: () => void;
}

/**
 * `POST /v1/admin/receipt-claims/:id/refund/` (payment:refund): one click gives back the claimed units of
 * each line, by the default destination of the payment, each capped by what is left of its line and of the
 * store order (refunds' decide, decision 050), and resolves the claim — in one transaction with its audit row.
 * A resolved claim is a 409; an operator's own order goes to someone else (four eyes on money).
 */
export async function refundReceiptClaim(
  db: Database,
  actor: Actor | null,
  claimId: number,
  deps: ClaimRefundDeps,
): Promise<ReceiptClaimRefundResult> {
  const operator = requirePermission(actor, 'payment:refund');
  const outcome = await db.transaction(async (tx) => {
    const claim = await lockClaim(tx, claimId);
    if (!claim) throw notFound(RECEIPT_MESSAGES.claimNotFound);
    if (!receiptMoveAllowed(claim.status, 'resolved', 'operator')) {
      throw new HttpError(409, { detail: RECEIPT_MESSAGES.claimNotOpen });
    }
    if (claim.remitterId === operator.userId)
      throw new HttpError(409, { detail: SERVER_MESSAGES.ownOrderMoney });
    let refundedMinor = 0;
    const destinations = new Set<string>();
    const refundIds: number[] = [];
    for (const line of claim.missing) {
      const decision = await refundLineUnits(tx, {
        storeOrderId: claim.storeOrderId,
        orderLineId: line.lineId,
        units: line.quantity,
        reason: 'receipt_claim',
        note: `Reclamo de entrega #${claim.id}`,
        actor: { role: 'operator', userId: operator.userId },
        publicUrl: deps.publicUrl,
      });
      if (decision) {
        refundedMinor += decision.amountMinor;
        destinations.add(decision.destination);
        refundIds.push(decision.id);
      }
    }
    if (!(await markClaimResolved(tx, claim.id, operator.userId))) {
      throw new HttpError(409, { detail: RECEIPT_MESSAGES.claimNotOpen });
    }
    await insertReceiptHistory(tx, {
      receiptId: claim.id,
      fromStatus: 'claimed',
      toStatus: 'resolved',
      actorRole: 'operator',
      actorUserId: operator.userId,
    });
    await recordAudit(tx, operator, {
      storeId: null,
      action: 'receipt_claim.refunded',
      subject: `store_order:${claim.storeOrderNumber}`,
      detail: {
        claim_id: claim.id,
        refund_ids: refundIds,
        amount: formatMinorAsDecimal(refundedMinor),
        before: { status: 'claimed' },
        after: { status: 'resolved' },
      },
      actorRole: 'operator',
    });
    // The claim as it now stands (resolved, when, by whom), read again under the lock it already holds.
    const resolved = await lockClaim(tx, claim.id);
    return { refundedMinor, destinations, claim: resolved ?? claim };
  });
  if (outcome.destinations.has('wallet')) deps.kickMailWorker();
  if (outcome.destinations.has('original_payment')) deps.kickRefundWorker();
  return {
    detail: outcome.refundedMinor > 0 ? RECEIPT_MESSAGES.refunded : RECEIPT_MESSAGES.nothingToRefund,
    claim: presentClaim(outcome.claim),
    refunded: formatMinorAsDecimal(outcome.refundedMinor),
  };
}
