import { ordersFailed } from '../modules/observability/metrics.ts';
import type { CheckoutSettings } from '../modules/orders/checkout-settings.ts';
import { cancelUnpaidGroup, finalizeCardPayment } from '../modules/orders/finalize.service.ts';
import {
  askCardProcessorInTime,
  cancelExpiredTransfer,
  captureApprovedPayPal,
  EXPIRED_CARD_REASON,
  emailOrderExpired,
  findGroupsDueForExpiry,
  forgetOldIdempotencyKeys,
  isManualGroup,
  settingsForExpiry,
} from '../modules/orders/order-expiry.service.ts';
import type { OrdersContext } from '../modules/orders/orders-context.ts';

type OrderGroupRow = Awaited<ReturnType<typeof findGroupsDueForExpiry>>[number];

/**
 * Releases what ran out of time (decisions 021, 057): transfers and cash deposits still unpaid after
 * `manual_payment_days`, and card or PayPal payments still awaiting after 30 minutes. Each group is cancelled
 * by a compare-and-set, so an operator marking it paid at the same moment either wins or finds it cancelled.
 * A card or PayPal payment is first asked for at the processor: one that went through is confirmed, not
 * cancelled. Each group in its own transaction. Answers how many groups were cancelled.
 */
export async function expireUnpaidOrdersFlow(ctx: OrdersContext, now: Date): Promise<number> {
  await forgetOldIdempotencyKeys(ctx, now);
  const groups = await findGroupsDueForExpiry(ctx, now);
  if (groups.length === 0) return 0;
  const settings = await settingsForExpiry(ctx);
  let cancelled = 0;
  for (const group of groups) {
    if (!(await expireGroup(ctx, group, now, settings))) continue;
    cancelled += 1;
    ordersFailed.inc({ reason: 'expired' });
  }
  if (cancelled > 0) ctx.kickMailWorker();
  return cancelled;
}

/** True when this pass cancelled the group. */
async function expireGroup(
  ctx: OrdersContext,
  group: OrderGroupRow,
  now: Date,
  settings: CheckoutSettings,
): Promise<boolean> {
  if (group.status === 'awaiting_payment') return expireOnlinePayment(ctx, group, now);
  if (!isManualGroup(group)) return false;
  return expireManualPayment(ctx, group, settings);
}

/** What the processor took lands through finalize; otherwise the group is cancelled, unless asked again later. */
async function expireOnlinePayment(ctx: OrdersContext, group: OrderGroupRow, now: Date): Promise<boolean> {
  const landed = await landWhatWasPaid(ctx, group, now);
  if (landed !== 'nothing') return false;
  return (await cancelUnpaidGroup(ctx, group.id, EXPIRED_CARD_REASON, null)) !== null;
}

async function landWhatWasPaid(
  ctx: OrdersContext,
  group: OrderGroupRow,
  now: Date,
): Promise<'landed' | 'ask-again' | 'nothing'> {
  if (group.processor === ctx.payments.card.name) {
    const outcome = await askCardProcessorInTime(ctx, group, now);
    if (outcome === 'ask-again') return 'ask-again';
    if (outcome?.status === 'succeeded') {
      await finalizeCardPayment(ctx, group.id, outcome);
      return 'landed';
    }
  }
  const captured = await captureApprovedPayPal(ctx, group);
  if (captured?.status !== 'succeeded') return 'nothing';
  await finalizeCardPayment(ctx, group.id, captured);
  return 'landed';
}

/** Cancelled, everything given back and the remitter told, in one transaction. */
function expireManualPayment(
  ctx: OrdersContext,
  group: OrderGroupRow,
  settings: CheckoutSettings,
): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const row = await cancelExpiredTransfer(tx, group.id);
    if (!row) return false;
    await emailOrderExpired(tx, row, { publicUrl: ctx.publicUrl, settings });
    return true;
  });
}
