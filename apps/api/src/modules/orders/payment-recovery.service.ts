import type { ChargeOutcome } from '../../payment-processor.ts';
import { finalizeCardPayment } from './finalize.service.ts';
import { findGroupsPayment, loadOrderGroup, type OrderGroupRow } from './orders.repository.ts';
import type { OrdersContext } from './orders-context.ts';

/** The processor's idempotency key of a group's payment (decision 021): one payment per group. */
export function groupPaymentKey(groupId: number): string {
  return `order-group-${groupId}`;
}

/**
 * What the card processor says about a group's payment (decision 030): by the reference recorded before money
 * could move, or, when none was recorded (the sandbox records by key; a crash after the charge), by the group's
 * key. Null when the group is not paid by the card processor or the processor knows no payment for it.
 */
export async function askCardProcessor(
  ctx: OrdersContext,
  group: Pick<OrderGroupRow, 'id' | 'processor' | 'processorRef'>,
): Promise<ChargeOutcome | null> {
  const processor = ctx.payments.card;
  if (group.processor !== processor.name) return null;
  if (group.processorRef) return processor.retrieve(ctx.db, group.processorRef);
  return processor.retrieveByKey(ctx.db, groupPaymentKey(group.id));
}

/**
 * Lands what the processor says about a group whose placing request may have died between the charge and
 * our write (a recovered idempotency key): a success confirms it (or, on a group cancelled meanwhile, is
 * refunded by finalize), a failure releases it, a payment still waiting keeps the group waiting. A processor
 * that cannot answer leaves the group as it is, for the expiry and the sweep to ask again.
 */
export async function recoverGroupPayment(ctx: OrdersContext, groupId: number): Promise<void> {
  const loaded = await loadOrderGroup(ctx.db, { id: groupId });
  if (loaded?.group.paymentStatus !== 'pending') return;
  if (loaded.group.status !== 'awaiting_payment' && loaded.group.status !== 'cancelled') return;
  const outcome = await askCardProcessor(ctx, loaded.group).catch(() => null);
  if (!outcome) return;
  // A failure on a group already cancelled changes nothing; finalize's compare-and-set says so itself.
  await finalizeCardPayment(ctx, groupId, outcome);
}

/** How far back the sweep looks for charges: 3-D Secure is answered in minutes; a week is generous. */
export const SWEEP_WINDOW_MS = 7 * 24 * 3_600_000;

/**
 * The periodic sweep (decision 030): every charge the card processor took in the window whose group is not
 * paid is landed through finalize, so a group still awaiting payment is confirmed and a cancelled one is
 * refunded (a 3-D Secure step approved after expiry, a webhook that never came, a crash before our write).
 * Charges that name a group paid by another reference, or by another processor, are left alone. Answers how
 * many charges it landed.
 */
export async function sweepUnsettledCharges(ctx: OrdersContext, now: Date): Promise<number> {
  const processor = ctx.payments.card;
  const charges = await processor.listSucceededCharges(ctx.db, new Date(now.getTime() - SWEEP_WINDOW_MS));
  if (charges.length === 0) return 0;
  const groups = new Map(
    (await findGroupsPayment(ctx.db, [...new Set(charges.map((charge) => charge.groupId))])).map((group) => [
      group.id,
      group,
    ]),
  );
  let landed = 0;
  for (const charge of charges) {
    const group = groups.get(charge.groupId);
    if (!group || group.processor !== processor.name || group.paymentStatus !== 'pending') continue;
    if (group.processorRef !== null && group.processorRef !== charge.processorRef) continue;
    await finalizeCardPayment(ctx, group.id, { status: 'succeeded', processorRef: charge.processorRef });
    landed += 1;
  }
  return landed;
}

/** Whether the group still waits for its payment (the sandbox's 3-D Secure page asks before approving). */
export async function groupAwaitsPayment(ctx: OrdersContext, groupId: number): Promise<boolean> {
  const [group] = await findGroupsPayment(ctx.db, [groupId]);
  return group?.status === 'awaiting_payment';
}
