import type { CourierAttemptInput, CourierStoreOrder } from '@mandado/shared/courier.schemas';
import { COURIER_MESSAGES } from '@mandado/shared/courier-messages';
import { ATTEMPT_REASON_LABELS, MAX_DELIVERY_ATTEMPTS } from '@mandado/shared/fulfilment';
import type { StoreOrderStatus } from '@mandado/shared/order-status';
import type { Database, DatabaseOrTransaction } from '../db/database.ts';
import { HttpError } from '../http-errors.ts';
import {
  asStatus,
  auditHandOver,
  type CourierDeps,
  type CourierLinkRow,
  getCourierStoreOrder,
  keepDeliveryAttempt,
  lockCourierLink,
  moveOrConflict,
  orderUrl,
  requireCourierAction,
  type SupportContact,
  supportContact,
} from '../modules/courier/courier.service.ts';
import { enqueueEmail } from '../modules/mail/mail.service.ts';
import { enqueueOrderMessage } from '../modules/messages/messages.service.ts';
import { storeOrderStatusEmail } from '../modules/order-status/order-status-emails.ts';
import { attemptFailedPush, pushToShopper } from '../modules/store-inbox/shopper-push.service.ts';

/**
 * The courier's trip on the link (issue 17, decision 057): 'Retiré el pedido' and 'No pude entregar', each in
 * one transaction holding the store order's row. Courier owns the link, the attempts and the audit of the
 * hand-over; order-status owns the move and the remitter's e-mail.
 */

/**
 * 'Retiré el pedido': on the way, from 'Listo'. Once picked up (on the way, or after a failed attempt) it is
 * a 409 that says so (issue 27): the page no longer offers it, and a second tap must not read as a new step.
 */
export async function pickUpFlow(db: Database, token: string): Promise<CourierStoreOrder> {
  await db.transaction(async (tx) => {
    const row = await lockCourierLink(tx, token);
    const status = checkPickUp(row);
    await moveOrConflict(tx, row, status, 'in_transit', 'courier', null, '');
    await auditHandOver(tx, row, null, 'store_order.picked_up', {
      before: { status },
      after: { status: 'in_transit' },
    });
    // The family hears it is coming, with the delivery code (issue 29).
    await enqueueOrderMessage(tx, { kind: 'order_coming', storeOrder: row.id });
  });
  return getCourierStoreOrder(db, token);
}

function checkPickUp(row: CourierLinkRow): StoreOrderStatus {
  const status = asStatus(row.status);
  if (status === 'in_transit' || status === 'delivery_attempt') {
    throw new HttpError(409, { detail: COURIER_MESSAGES.alreadyPickedUp });
  }
  requireCourierAction(status, 'picked_up');
  return status;
}

/**
 * 'No pude entregar': the attempt with its reason is kept; the first moves the order to 'Intento de entrega',
 * the MAX_DELIVERY_ATTEMPTS-th sends it to operators ('Con problemas', a move the system makes). Either way
 * the remitter hears of it.
 */
export async function deliveryAttemptFlow(
  db: Database,
  token: string,
  input: CourierAttemptInput,
  deps: Omit<CourierDeps, 'media'>,
): Promise<CourierStoreOrder> {
  const support = await supportContact(db);
  await db.transaction(async (tx) => {
    const row = await lockCourierLink(tx, token);
    const status = asStatus(row.status);
    requireCourierAction(status, 'attempt');
    const reason = attemptReason(input);
    const count = await keepDeliveryAttempt(tx, row, input);
    if (status !== 'delivery_attempt') {
      await moveOrConflict(tx, row, status, 'delivery_attempt', 'courier', null, reason);
    }
    await auditHandOver(tx, row, null, 'store_order.delivery_attempt', {
      reason,
      attempts: count,
      before: { status },
      after: { status: count >= MAX_DELIVERY_ATTEMPTS ? 'warning' : 'delivery_attempt' },
    });
    if (count >= MAX_DELIVERY_ATTEMPTS) {
      await moveOrConflict(
        tx,
        row,
        'delivery_attempt',
        'warning',
        'system',
        null,
        COURIER_MESSAGES.twoAttempts,
      );
    }
    await tellTheRemitterOfTheAttempt(tx, row, reason, { publicUrl: deps.publicUrl, support });
    // WhatsApp or SMS to the family and the remitter: what failed and what happens next (issue 29).
    await enqueueOrderMessage(tx, {
      kind: 'attempt_failed',
      storeOrder: row.id,
      reason,
      finalAttempt: count >= MAX_DELIVERY_ATTEMPTS,
    });
  });
  deps.kickMailWorker();
  return getCourierStoreOrder(db, token);
}

function attemptReason(input: CourierAttemptInput): string {
  const label = ATTEMPT_REASON_LABELS[input.reason];
  return input.note ? `${label}: ${input.note}` : label;
}

async function tellTheRemitterOfTheAttempt(
  tx: DatabaseOrTransaction,
  row: CourierLinkRow,
  reason: string,
  emailDeps: { publicUrl: string; support: SupportContact },
): Promise<void> {
  await enqueueEmail(
    tx,
    storeOrderStatusEmail('delivery_attempt', {
      to: row.remitterEmail,
      firstName: row.remitterFirstName,
      storeOrderNumber: row.number,
      storeName: row.storeName,
      beneficiaryFirstName: row.beneficiary.firstName,
      reason,
      orderUrl: orderUrl(emailDeps.publicUrl, row.groupNumber),
      groupId: row.groupId,
      support: emailDeps.support,
    }),
  ); // And by Web Push to the remitter's opted-in browsers (decision 073).
  await pushToShopper(
    tx,
    row.remitterId,
    attemptFailedPush(row, reason, orderUrl(emailDeps.publicUrl, row.groupNumber)),
  );
}
