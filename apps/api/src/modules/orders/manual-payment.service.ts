import { deliveryWindow } from '@mandado/shared/delivery-window';
import type { Actor } from '../../authorization.ts';
import type { DatabaseOrTransaction } from '../../db/database.ts';
import { enqueueEmail } from '../mail/mail.service.ts';
import type { CheckoutSettings } from './checkout-settings.ts';
import { presentOrderGroup } from './order.presenter.ts';
import { paymentReceivedEmail, trackingLinkEmail } from './order-emails.ts';
import { enqueueOrderPaidEvent } from './order-webhook-events.ts';
import {
  compareAndSetGroup,
  findRemitter,
  type LoadedOrderGroup,
  loadOrderGroup,
  type OrderGroupRow,
} from './orders.repository.ts';

/**
 * The orders module's own steps of settling a manual payment (decision 057); flows/settle-manual-payment.flow.ts
 * tells them in order inside the caller's transaction.
 */

/**
 * Compare-and-set on the group (confirmed, payment pending) recording the reference, who and when; undefined
 * when it was not awaiting its money (paid meanwhile, expired, cancelled).
 */
export function recordManualPayment(
  tx: DatabaseOrTransaction,
  operator: Actor,
  payment: { groupId: number; reference: string; paidAt: Date },
): Promise<OrderGroupRow | undefined> {
  return compareAndSetGroup(
    tx,
    payment.groupId,
    { status: 'confirmed', paymentStatus: 'pending' },
    {
      paymentStatus: 'paid',
      paidAt: payment.paidAt,
      paidReference: payment.reference,
      paidByUserId: operator.userId,
      expiresAt: null,
    },
  );
}

export function loadGroupForPayment(
  tx: DatabaseOrTransaction,
  groupId: number,
): Promise<LoadedOrderGroup | null> {
  return loadOrderGroup(tx, { id: groupId });
}

/** order.paid for partners' webhooks (issue 19), committed with the payment. */
export async function emitOrderPaid(
  tx: DatabaseOrTransaction,
  loaded: LoadedOrderGroup | null,
): Promise<void> {
  if (loaded) await enqueueOrderPaidEvent(tx, loaded);
}

/**
 * The remitter's 'pago recibido', and the family member hears of the order once it is paid (see
 * enqueueConfirmationEmails), with the window counted from the payment, as the remitter's e-mail says.
 */
export async function emailPaymentReceived(
  tx: DatabaseOrTransaction,
  loaded: LoadedOrderGroup | null,
  context: { publicUrl: string; settings: CheckoutSettings; paidAt: Date },
): Promise<void> {
  if (!loaded) return;
  const remitter = await findRemitter(tx, loaded.group.remitterId);
  if (!remitter) return;
  const { paidAt } = context;
  const order = presentOrderGroup(loaded, { publicUrl: context.publicUrl, settings: context.settings });
  await enqueueEmail(tx, { ...paymentReceivedEmail(remitter, order, paidAt), groupId: loaded.group.id });
  if (order.beneficiary.email) {
    await enqueueEmail(tx, {
      ...trackingLinkEmail(order, remitter.firstName, deliveryWindow(paidAt)),
      groupId: loaded.group.id,
    });
  }
}
