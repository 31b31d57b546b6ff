import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { CourierAction, CourierAttemptInput, CourierStoreOrder } from '@mandado/shared/courier.schemas';
import { COURIER_MESSAGES } from '@mandado/shared/courier-messages';
import type { DeliveryAttempt } from '@mandado/shared/delivery.schemas';
import { COURIER_LINK_DAYS_AFTER_DELIVERY, MAX_CODE_FAILURES } from '@mandado/shared/fulfilment';
import {
  nextStatuses,
  type PaymentStatus,
  type StoreOrderStatus,
  type TransitionActor,
} from '@mandado/shared/order-status';
import { SUPPORT_EMAIL, SUPPORT_WHATSAPP_NUMBER } from '@mandado/shared/support-contact';
import { WEB_PATHS } from '@mandado/shared/web-routes';
import { type Actor, requirePermission } from '../../authorization.ts';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import { HttpError, notFound } from '../../http-errors.ts';
import { recordAudit, recordCourierLinkAudit } from '../audit/audit.service.ts';
import { prepareImage } from '../media/image-intake.ts';
import type { MediaStorage } from '../media/media-storage.ts';
import type { StaffStoreOrder } from '../order-status/order-status.presenter.ts';
import {
  applyStoreOrderMove,
  clearCourierCodeLock,
  countCodeFailure,
  findStaffStoreOrder,
  keepCourierToken,
  recordStoreOrderNote,
} from '../order-status/order-status.service.ts';
import { getSettings } from '../settings/settings.service.ts';
import {
  courierActions,
  DELIVERY_ENDED_STATUSES,
  presentAttempts,
  presentCourierStoreOrder,
} from './courier.presenter.ts';
import {
  countPackages,
  findByCourierToken,
  findByNumber,
  findOfRemitter,
  type HandOverRow,
  insertAttempt,
  listAttemptsOf,
  listDeliveryFactRows,
  listPickupItems,
} from './courier.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface CourierDeps {
  publicUrl: string;
  kickMailWorker: () => void;
  media: MediaStorage;
}

/**
 * Makes the store order's courier link (issue 17), in the caller's transaction: 32 random bytes, base64url
 * (43 characters, like the tracking link), unless it already has one (an order sent back to 'Listo' keeps
 * the link the courier holds). Answers the token it keeps.
 */
export async function issueCourierLink(tx: DatabaseOrTransaction, storeOrderId: number): Promise<string> {
  const token = await keepCourierToken(tx, storeOrderId, randomBytes(32).toString('base64url'));
  if (!token) throw new Error(`store order ${storeOrderId} vanished while making its courier link`);
  return token;
}

// ---------------------------------------------------------------------------------------------------------
// The link's rules

/**
 * The link's store order, or why not: unknown, a pick-up, or more than COURIER_LINK_DAYS_AFTER_DELIVERY days
 * after delivery — or after the order reached an ending status, for an order rejected or marked delivered
 * by hand (no delivered_at) — is a 404 (the same answer, so a stale link tells nothing); locked by wrong
 * codes is a 423.
 */
function checkLink(row: HandOverRow | undefined, now: Date): HandOverRow {
  if (row?.delivery !== 'standard') throw notFound(COURIER_MESSAGES.linkNotFound);
  const limit = COURIER_LINK_DAYS_AFTER_DELIVERY * DAY_MS;
  const endedAt = row.deliveredAt ?? (DELIVERY_ENDED_STATUSES.has(row.status) ? row.statusChangedAt : null);
  if (endedAt && now.getTime() - endedAt.getTime() > limit) throw notFound(COURIER_MESSAGES.linkNotFound);
  if (row.courierLockedAt) throw new HttpError(423, { detail: COURIER_MESSAGES.linkLocked });
  return row;
}

export const asStatus = (value: string): StoreOrderStatus => value as StoreOrderStatus;

function notAllowed(): HttpError {
  return new HttpError(409, { detail: COURIER_MESSAGES.actionNotAllowed });
}

/** Constant-time comparison of the typed code with the order's (both 4 digits once validated). */
function sameCode(typed: string, expected: string): boolean {
  const left = Buffer.from(typed);
  const right = Buffer.from(expected);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function orderUrl(publicUrl: string, groupNumber: string): string {
  return `${publicUrl}${WEB_PATHS.userOrders}/${encodeURIComponent(groupNumber)}`;
}

export type SupportContact = { whatsappNumber: string; email: string };

export async function supportContact(db: Database): Promise<SupportContact> {
  const settings = await getSettings(db);
  return {
    whatsappNumber: settings.support_whatsapp_number ?? SUPPORT_WHATSAPP_NUMBER,
    email: settings.support_email ?? SUPPORT_EMAIL,
  };
}

// ---------------------------------------------------------------------------------------------------------
// The courier's calls

/**
 * The audit row of a hand-over step (issue 27), in the step's transaction: a store member acting at the
 * counter is recorded as themselves, the courier's link (no account) as the link of that store order.
 */
export async function auditHandOver(
  tx: DatabaseOrTransaction,
  row: Pick<HandOverRow, 'storeId' | 'number'>,
  member: Actor | null,
  action: string,
  detail: Record<string, unknown>,
): Promise<void> {
  if (member) {
    await recordAudit(tx, member, {
      storeId: row.storeId,
      action,
      subject: `store_order:${row.number}`,
      detail,
    });
  } else {
    await recordCourierLinkAudit(tx, { storeId: row.storeId, storeOrderNumber: row.number, action, detail });
  }
}

/** The link's action must be one the page offers in this status (409 otherwise). */
export function requireCourierAction(status: StoreOrderStatus, action: CourierAction): void {
  if (!courierActions(status).includes(action)) throw notAllowed();
}

/** A store order as the hand-over steps read it (flows/courier-trip.flow.ts). */
export type CourierLinkRow = HandOverRow;

/** The link's store order, its row locked for the caller's transaction (checkLink's answers). */
export async function lockCourierLink(tx: DatabaseOrTransaction, token: string): Promise<CourierLinkRow> {
  return checkLink(await findByCourierToken(tx, token, true), new Date());
}

/** Keeps a failed delivery attempt; answers how many the store order has now. */
export function keepDeliveryAttempt(
  tx: DatabaseOrTransaction,
  row: HandOverRow,
  input: CourierAttemptInput,
): Promise<number> {
  return insertAttempt(tx, {
    storeOrderId: row.id,
    reason: input.reason,
    note: input.note,
    actorRole: 'courier',
    actorUserId: null,
  });
}

async function presentByToken(db: Database, token: string): Promise<CourierStoreOrder> {
  const row = checkLink(await findByCourierToken(db, token), new Date());
  const [packages, attempts, items] = await Promise.all([
    countPackages(db, row.id),
    listAttemptsOf(db, [row.id]),
    listPickupItems(db, row.id),
  ]);
  return presentCourierStoreOrder(row, packages, attempts, items);
}

/** `GET /v1/courier/:token/`: what the courier needs, never the code, prices or the remitter (three queries). */
export function getCourierStoreOrder(db: Database, token: string): Promise<CourierStoreOrder> {
  return presentByToken(db, token);
}

export async function moveOrConflict(
  tx: DatabaseOrTransaction,
  row: HandOverRow,
  from: StoreOrderStatus,
  to: StoreOrderStatus,
  actor: TransitionActor,
  actorUserId: number | null,
  reason: string,
): Promise<void> {
  const moved = await applyStoreOrderMove(tx, {
    storeOrderId: row.id,
    from,
    to,
    actor,
    actorUserId,
    reason,
    paymentStatus: row.paymentStatus as PaymentStatus,
    // This module reaches 'delivered' only after checkCode accepted the beneficiary's code.
    codeChecked: to === 'delivered',
  });
  // The row is locked by this transaction, so this is only a guard against a bug, not a race.
  if (!moved) throw notAllowed();
}

/** The storage key of a proof photo: under its store order, so a photo of another order is never found. */
function proofKey(storeOrderId: number, photoId: string): string {
  return `proofs/${storeOrderId}/${photoId.toLowerCase()}.webp`;
}

/**
 * `POST …/photos/`: a photo taken at the door, before 'Entregado'. Checked by content and re-encoded without
 * its metadata (prepareImage), then stored under the store order; the answer names it for `…/delivered/`.
 */
export async function uploadProofPhoto(
  db: Database,
  token: string,
  bytes: Buffer,
  media: MediaStorage,
): Promise<{ photo_id: string }> {
  const row = checkLink(await findByCourierToken(db, token), new Date());
  if (!courierActions(asStatus(row.status)).includes('delivered')) throw notAllowed();
  const image = await prepareImage(bytes);
  const photoId = randomUUID();
  await media.put(proofKey(row.id, photoId), image.body, image.contentType);
  // One statement, so its own transaction: the file is stored first (an orphan is swept), then the row.
  await auditHandOver(db, row, null, 'store_order.proof_photo', { photo_id: photoId });
  return { photo_id: photoId };
}

/**
 * A wrong delivery code counts (and at MAX_CODE_FAILURES locks the link), in the caller's transaction; the
 * right one answers null. The wrong code is recorded like any other step, since it is committed.
 */
export async function countWrongCode(
  tx: DatabaseOrTransaction,
  row: CourierLinkRow,
  code: string,
  member: Actor | null,
): Promise<{ kind: 'wrong'; triesLeft: number } | { kind: 'locked' } | null> {
  if (sameCode(code, row.deliveryCode)) return null;
  const { failures, locked } = await countCodeFailure(tx, row.id, MAX_CODE_FAILURES);
  await auditHandOver(tx, row, member, 'store_order.wrong_code', { code_failures: failures, locked });
  return locked ? { kind: 'locked' } : { kind: 'wrong', triesLeft: MAX_CODE_FAILURES - failures };
}

/** The link's store order without a lock (checkLink's answers), e.g. to find its photo before locking. */
export async function readCourierLink(db: Database, token: string): Promise<CourierLinkRow> {
  return checkLink(await findByCourierToken(db, token), new Date());
}

/**
 * The key of a photo uploaded for this store order, or a 400 when there is none: only a photo stored for this
 * very store order counts, its key being under the order's own folder.
 */
export async function requireProofPhoto(
  media: MediaStorage,
  storeOrderId: number,
  photoId: string,
): Promise<string> {
  const key = proofKey(storeOrderId, photoId);
  if ((await media.get(key)) === null)
    throw new HttpError(400, { photo_id: [COURIER_MESSAGES.photoNotFound] });
  return key;
}

/**
 * A store's own order at the counter, its row locked; another store's is a 404. Null when the link is locked
 * by wrong codes; a 409 when the order may not be handed over now.
 */
export async function lockCounterOrder(
  tx: DatabaseOrTransaction,
  storeId: number,
  number: string,
): Promise<CourierLinkRow | null> {
  const row = await findByNumber(tx, number, true);
  if (!row || row.storeId !== storeId) throw notFound();
  if (row.courierLockedAt) return null;
  if (!nextStatuses(asStatus(row.status), 'merchant', { withCode: true }).includes('delivered'))
    throw notAllowed();
  return row;
}

// ---------------------------------------------------------------------------------------------------------
// The store's counter and the operators

/**
 * `POST /v1/admin/store-orders/:number/courier-link/reopen/`: an operator, having checked with the people,
 * clears the wrong codes and the lock; history records who and when.
 */
export async function reopenCourierLink(
  db: Database,
  actor: Actor | null,
  number: string,
  publicUrl: string,
): Promise<StaffStoreOrder> {
  // An operator's move, any group (issue 19; the admin plugin's hook checks it too): 'order:fulfil' alone is
  // any merchant's, 'order:operate' only operators hold.
  const operator = requirePermission(actor, 'order:operate');
  await db.transaction(async (tx) => {
    const row = await findByNumber(tx, number, true);
    if (!row) throw notFound();
    await clearCourierCodeLock(tx, row.id);
    await recordAudit(tx, operator, {
      storeId: row.storeId,
      action: 'courier_link.reopened',
      subject: `store_order:${number}`,
      detail: { before: { code_failures: row.codeFailures }, after: { code_failures: 0 } },
      actorRole: 'operator',
    });
    await recordStoreOrderNote(tx, {
      storeOrderId: row.id,
      status: asStatus(row.status),
      actor: 'operator',
      actorUserId: operator.userId,
      reason: COURIER_MESSAGES.linkReopened,
    });
  });
  const answer = await findStaffStoreOrder(db, number, 'operator', publicUrl);
  if (!answer) throw new Error('store order vanished after reopening its link');
  return answer;
}

// ---------------------------------------------------------------------------------------------------------
// The proof photo and the payer's views

export interface ProofPhoto {
  body: Buffer;
  contentType: string;
}

async function readProof(row: HandOverRow | undefined, media: MediaStorage): Promise<ProofPhoto> {
  if (!row?.proofMediaKey) throw notFound();
  const file = await media.get(row.proofMediaKey);
  if (!file) throw notFound();
  return file;
}

/** The proof photo for the remitter who owns the group; anyone else hears 404. */
export async function readRemitterProofPhoto(
  db: Database,
  actor: Actor | null,
  media: MediaStorage,
  groupNumber: string,
  storeOrderNumber: string,
): Promise<ProofPhoto> {
  const { userId } = requirePermission(actor, 'account:own');
  return readProof(await findOfRemitter(db, userId, groupNumber, storeOrderNumber), media);
}

/** The proof photo for a member of the store; another store's order (or store) is a 404. */
export async function readStoreProofPhoto(
  db: Database,
  actor: Actor | null,
  media: MediaStorage,
  storeId: number,
  number: string,
): Promise<ProofPhoto> {
  if (!actor?.storeIds.includes(storeId)) throw notFound();
  const row = await findByNumber(db, number);
  return readProof(row?.storeId === storeId ? row : undefined, media);
}

/** The proof photo for an operator. */
export async function readOperatorProofPhoto(
  db: Database,
  actor: Actor | null,
  media: MediaStorage,
  number: string,
): Promise<ProofPhoto> {
  // Any store order's photo: operators only (the admin plugin's hook checks it too).
  requirePermission(actor, 'admin:read');
  return readProof(await findByNumber(db, number), media);
}

export interface DeliveryFacts {
  attempts: DeliveryAttempt[];
  proof: { deliveredAt: Date; receivedBy: string; hasPhoto: boolean } | null;
  /** For the beneficiary's tracking page until delivered; never for the store or the courier. */
  deliveryCode: string;
}

/**
 * For the payer's views (Mis Compras, the tracking page): each store order's failed attempts, proof of
 * delivery and delivery code, in two queries whatever their number. The photo's URL is the reader's own
 * (`proofPhotoPaths` in courier.presenter.ts) when `hasPhoto`.
 */
export async function listDeliveryFacts(
  db: DatabaseOrTransaction,
  storeOrderIds: readonly number[],
): Promise<Map<number, DeliveryFacts>> {
  const [rows, attempts] = await Promise.all([
    listDeliveryFactRows(db, storeOrderIds),
    listAttemptsOf(db, storeOrderIds),
  ]);
  const facts = new Map<number, DeliveryFacts>();
  for (const row of rows) {
    facts.set(row.id, {
      attempts: presentAttempts(attempts.filter((attempt) => attempt.storeOrderId === row.id)),
      proof:
        row.deliveredAt && row.receivedBy !== null
          ? { deliveredAt: row.deliveredAt, receivedBy: row.receivedBy, hasPhoto: row.proofMediaKey !== null }
          : null,
      deliveryCode: row.deliveryCode,
    });
  }
  return facts;
}
