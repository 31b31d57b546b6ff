import type { DatabaseOrTransaction } from '../../db/database.ts';
import { enqueueEmail } from '../mail/mail.service.ts';
import type { CheckoutSettings } from './checkout-settings.ts';
import { presentOrderGroup } from './order.presenter.ts';
import { orderConfirmationEmail, trackingLinkEmail } from './order-emails.ts';
import { findRemitter, type LoadedOrderGroup, loadOrderGroup } from './orders.repository.ts';

/**
 * What placing and both settlement flows share (decision 057). Apart from finalize.service.ts, so the card
 * settlement flow, which finalize calls, does not import finalize back.
 */

/** The history reason of the system's pending → approved once the money is in. */
export const PAYMENT_RECEIVED_REASON = 'Pago recibido';

/**
 * The confirmation to the remitter and, when the order is paid and they have an e-mail, the tracking link to
 * the family member.
 * Answers the group as read for them (the caller's answer needs the same rows).
 */
export async function enqueueConfirmationEmails(
  tx: DatabaseOrTransaction,
  context: { publicUrl: string; settings: CheckoutSettings },
  groupId: number,
): Promise<LoadedOrderGroup | null> {
  const loaded = await loadOrderGroup(tx, { id: groupId });
  if (!loaded) return null;
  const remitter = await findRemitter(tx, loaded.group.remitterId);
  if (!remitter) return loaded;
  const order = presentOrderGroup(loaded, context);
  await enqueueEmail(tx, { ...orderConfirmationEmail(remitter, order), groupId: loaded.group.id });
  // The family member's e-mail only for a paid order: an unpaid transfer costs its placer nothing, and
  // would otherwise let anyone send our e-mail, with a name of their choosing, to any address (security
  // review). Transfers send it when an operator marks them paid.
  if (order.beneficiary.email && order.payment_status === 'paid') {
    await enqueueEmail(tx, { ...trackingLinkEmail(order, remitter.firstName), groupId: loaded.group.id });
  }
  return loaded;
}
