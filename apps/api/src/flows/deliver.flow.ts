import type {
  CounterDeliverInput,
  CourierDeliveredInput,
  CourierStoreOrder,
} from '@mandado/shared/courier.schemas';
import { COURIER_MESSAGES } from '@mandado/shared/courier-messages';
import { type Actor, requirePermission, requireStoreMember } from '../authorization.ts';
import type { Database, DatabaseOrTransaction } from '../db/database.ts';
import { HttpError } from '../http-errors.ts';
import {
  asStatus,
  auditHandOver,
  type CourierDeps,
  type CourierLinkRow,
  countWrongCode,
  getCourierStoreOrder,
  lockCounterOrder,
  lockCourierLink,
  moveOrConflict,
  orderUrl,
  readCourierLink,
  requireCourierAction,
  requireProofPhoto,
  type SupportContact,
  supportContact,
} from '../modules/courier/courier.service.ts';
import { enqueueEmail } from '../modules/mail/mail.service.ts';
import { enqueueOrderMessage } from '../modules/messages/messages.service.ts';
import type { StaffStoreOrder } from '../modules/order-status/order-status.presenter.ts';
import { findStaffStoreOrder, recordDeliveryProof } from '../modules/order-status/order-status.service.ts';
import { storeOrderStatusEmail } from '../modules/order-status/order-status-emails.ts';
import { deliveredPush, pushToShopper } from '../modules/store-inbox/shopper-push.service.ts';

/**
 * 'Entregado' (issue 17, decision 057), on the courier's link or at the store's counter: the same delivery
 * code, the same count of wrong codes, the same move, proof, audit and e-mail, in one transaction holding the
 * store order's row. A wrong code is committed (it counts towards the lock), so the error is thrown after.
 */

type CodeOutcome =
  | { kind: 'delivered'; deliveredAt: Date }
  | { kind: 'wrong'; triesLeft: number }
  | { kind: 'locked' };

/**
 * On the link: the recipient's name, the 4-digit code the beneficiary reads out and, optionally, a photo
 * uploaded for this store order. Calls on one order take turns (row lock), so of two at once one delivers
 * and the other hears 409; a wrong code is a 400 saying how many tries are left, and the fifth locks the
 * link (423) until an operator reopens it.
 */
export async function deliverByLinkFlow(
  db: Database,
  token: string,
  input: CourierDeliveredInput,
  deps: CourierDeps,
): Promise<CourierStoreOrder> {
  const support = await supportContact(db);
  // The photo is looked up before the transaction, so no row lock waits on the storage (a bucket's network).
  const seen = await readCourierLink(db, token);
  const proofMediaKey =
    input.photo_id === null ? null : await requireProofPhoto(deps.media, seen.id, input.photo_id);
  const outcome = await db.transaction(async (tx) => {
    const row = await lockCourierLink(tx, token);
    requireCourierAction(asStatus(row.status), 'delivered');
    return settleCode(
      tx,
      row,
      { code: input.code, recipientName: input.recipient_name, proofMediaKey },
      { role: 'courier', member: null },
      { publicUrl: deps.publicUrl, support },
    );
  });
  throwUnlessDelivered(outcome, COURIER_MESSAGES.linkLocked);
  deps.kickMailWorker();
  return getCourierStoreOrder(db, token);
}

/**
 * `POST /v1/merchant/stores/:id/orders/:number/deliver/`: a member hands the order over at the counter (a
 * pick-up, or a delivery the store makes itself) with the same code and the same count of wrong codes. Another
 * store's order is a 404.
 */
export async function deliverAtCounterFlow(
  db: Database,
  actor: Actor | null,
  storeId: number,
  number: string,
  input: CounterDeliverInput,
  deps: Omit<CourierDeps, 'media'>,
): Promise<StaffStoreOrder> {
  const member = requireStoreMember(requirePermission(actor, 'order:fulfil', storeId), storeId);
  const support = await supportContact(db);
  const outcome = await db.transaction(async (tx) => {
    const row = await lockCounterOrder(tx, storeId, number);
    if (!row) return { kind: 'locked' } as const;
    return settleCode(
      tx,
      row,
      { code: input.code, recipientName: input.recipient_name, proofMediaKey: null },
      { role: 'merchant', member },
      { publicUrl: deps.publicUrl, support },
    );
  });
  throwUnlessDelivered(outcome, COURIER_MESSAGES.codeLocked);
  deps.kickMailWorker();
  const answer = await findStaffStoreOrder(db, number, 'merchant', deps.publicUrl);
  if (!answer) throw new Error('store order vanished after its delivery');
  return answer;
}

/** The code's check, then (when right) the move, the proof, the audit row and the remitter's e-mail. */
async function settleCode(
  tx: DatabaseOrTransaction,
  row: CourierLinkRow,
  input: { code: string; recipientName: string; proofMediaKey: string | null },
  actor: { role: 'courier' | 'merchant'; member: Actor | null },
  emailDeps: { publicUrl: string; support: SupportContact },
): Promise<CodeOutcome> {
  const wrong = await countWrongCode(tx, row, input.code, actor.member);
  if (wrong) return wrong;
  const from = asStatus(row.status);
  await moveOrConflict(tx, row, from, 'delivered', actor.role, actor.member?.userId ?? null, '');
  const deliveredAt = await recordDeliveryProof(tx, row.id, {
    receivedBy: input.recipientName,
    proofMediaKey: input.proofMediaKey,
  });
  await auditHandOver(tx, row, actor.member, 'store_order.delivered', {
    before: { status: from },
    after: { status: 'delivered', received_by: input.recipientName, photo: input.proofMediaKey !== null },
  });
  await tellTheRemitterOfTheDelivery(tx, row, { deliveredAt, ...input }, emailDeps);
  // And by WhatsApp or SMS, with the link to the order page that shows the proof (issue 29).
  await enqueueOrderMessage(tx, { kind: 'delivered', storeOrder: row.id });
  return { kind: 'delivered', deliveredAt };
}

async function tellTheRemitterOfTheDelivery(
  tx: DatabaseOrTransaction,
  row: CourierLinkRow,
  proof: { deliveredAt: Date; recipientName: string; proofMediaKey: string | null },
  emailDeps: { publicUrl: string; support: SupportContact },
): Promise<void> {
  await enqueueEmail(
    tx,
    storeOrderStatusEmail('delivered', {
      to: row.remitterEmail,
      firstName: row.remitterFirstName,
      storeOrderNumber: row.number,
      storeName: row.storeName,
      beneficiaryFirstName: row.beneficiary.firstName,
      reason: '',
      orderUrl: orderUrl(emailDeps.publicUrl, row.groupNumber),
      groupId: row.groupId,
      support: emailDeps.support,
      proof: {
        deliveredAt: proof.deliveredAt,
        receivedBy: proof.recipientName,
        hasPhoto: proof.proofMediaKey !== null,
      },
    }),
  ); // And by Web Push to the remitter's opted-in browsers (decision 073).
  await pushToShopper(
    tx,
    row.remitterId,
    deliveredPush(row, proof.recipientName, orderUrl(emailDeps.publicUrl, row.groupNumber)),
  );
}

function throwUnlessDelivered(outcome: CodeOutcome, lockedMessage: string): void {
  if (outcome.kind === 'wrong') {
    throw new HttpError(400, { detail: COURIER_MESSAGES.wrongCode(outcome.triesLeft) });
  }
  if (outcome.kind === 'locked') throw new HttpError(423, { detail: lockedMessage });
}
