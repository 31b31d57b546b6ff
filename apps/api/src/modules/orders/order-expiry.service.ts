import type { DatabaseOrTransaction } from '../../db/database.ts';
import type { ChargeOutcome, PayPalOutcome } from '../../payment-processor.ts';
import { enqueueEmail } from '../mail/mail.service.ts';
import { type CheckoutSettings, getCheckoutSettings } from './checkout-settings.ts';
import { isManualMethod, presentOrderGroup } from './order.presenter.ts';
import { orderExpiredEmail } from './order-emails.ts';
import { releaseGroup } from './order-release.ts';
import {
  compareAndSetGroup,
  deleteIdempotencyKeysBefore,
  findExpiredGroups,
  findRemitter,
  loadOrderGroup,
  type OrderGroupRow,
} from './orders.repository.ts';
import type { OrdersContext } from './orders-context.ts';
import { askCardProcessor } from './payment-recovery.service.ts';

/**
 * The orders module's own steps of the expiry (decisions 021, 057); flows/expire-unpaid-orders.flow.ts tells
 * them in order.
 */

export const EXPIRED_TRANSFER_REASON = 'No recibimos el pago a tiempo.';
export const EXPIRED_CARD_REASON = 'El pago no se completó a tiempo.';

const IDEMPOTENCY_KEY_DAYS = 2;
/** How long an expired card group waits for a processor that cannot answer before it is released anyway. */
const UNANSWERED_GRACE_MS = 24 * 3_600_000;

/**
 * Idempotency keys answer retries for two days (Stripe keeps its keys at least 24 h); their stored answers
 * name a family member's address, so they are not kept longer.
 */
export async function forgetOldIdempotencyKeys(ctx: Pick<OrdersContext, 'db'>, now: Date): Promise<void> {
  await deleteIdempotencyKeysBefore(ctx.db, new Date(now.getTime() - IDEMPOTENCY_KEY_DAYS * 24 * 3_600_000));
}

/** The groups out of time, a hundred a pass. */
export function findGroupsDueForExpiry(ctx: Pick<OrdersContext, 'db'>, now: Date): Promise<OrderGroupRow[]> {
  return findExpiredGroups(ctx.db, now, 100);
}

export function settingsForExpiry(ctx: Pick<OrdersContext, 'db'>): Promise<CheckoutSettings> {
  return getCheckoutSettings(ctx.db);
}

export function isManualGroup(group: OrderGroupRow): boolean {
  return isManualMethod(group.paymentMethod);
}

/**
 * The card processor's word on an expired group: by the reference recorded before the charge, or by the
 * group's key when the placing request died before writing anything (decision 030). A processor that cannot
 * answer now is asked next pass, for a day ('ask-again'): cancelling unasked could keep a charge for an order
 * we never deliver. After that the stock is released anyway (null), and a charge that did go through is
 * refunded by the sweep or the webhook.
 */
export async function askCardProcessorInTime(
  ctx: OrdersContext,
  group: OrderGroupRow,
  now: Date,
): Promise<ChargeOutcome | null | 'ask-again'> {
  try {
    return await askCardProcessor(ctx, group);
  } catch {
    const expiredFor = now.getTime() - (group.expiresAt?.getTime() ?? now.getTime());
    return expiredFor < UNANSWERED_GRACE_MS ? 'ask-again' : null;
  }
}

/**
 * A PayPal buyer who approved, but whose confirm never reached us (closed tab, lost answer): capturing now
 * lands the payment they gave; an order never approved fails to capture (null).
 */
export async function captureApprovedPayPal(
  ctx: OrdersContext,
  group: OrderGroupRow,
): Promise<PayPalOutcome | null> {
  if (!group.processorRef || group.processor !== 'paypal' || !ctx.payments.paypal) return null;
  return ctx.payments.paypal
    .capture({ idempotencyKey: `order-group-${group.id}`, processorRef: group.processorRef })
    .catch(() => null);
}

/**
 * Confirmed but never paid (a transfer or deposit) → cancelled by a compare-and-set, giving everything back;
 * null when an operator marked it paid meanwhile.
 */
export async function cancelExpiredTransfer(
  tx: DatabaseOrTransaction,
  groupId: number,
): Promise<OrderGroupRow | null> {
  const row = await compareAndSetGroup(
    tx,
    groupId,
    { status: 'confirmed', paymentStatus: 'pending' },
    { status: 'cancelled', cancelReason: EXPIRED_TRANSFER_REASON, expiresAt: null },
  );
  if (!row) return null;
  await releaseGroup(tx, row, EXPIRED_TRANSFER_REASON);
  return row;
}

/** The remitter hears that the order was cancelled for want of payment. */
export async function emailOrderExpired(
  tx: DatabaseOrTransaction,
  row: OrderGroupRow,
  context: { publicUrl: string; settings: CheckoutSettings },
): Promise<void> {
  const loaded = await loadOrderGroup(tx, { id: row.id });
  const remitter = await findRemitter(tx, row.remitterId);
  if (!loaded || !remitter) return;
  await enqueueEmail(tx, {
    ...orderExpiredEmail(remitter, presentOrderGroup(loaded, context)),
    groupId: row.id,
  });
}
