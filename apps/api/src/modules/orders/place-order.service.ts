import { createHash, randomUUID } from 'node:crypto';
import { CHECKOUT_MESSAGES, type PaymentNext, type PlaceOrderValues } from '@mandado/shared/checkout.schemas';
import { parseMoney } from '@mandado/shared/money';
import { DECLINE_MESSAGES } from '@mandado/shared/sandbox-cards';
import { type Actor, requirePermission } from '../../authorization.ts';
import { type PlacedGroup, placeOrderFlow } from '../../flows/place-order.flow.ts';
import { settleCardPaymentFlow } from '../../flows/settle-card-payment.flow.ts';
import { HttpError, notFound } from '../../http-errors.ts';
import type { ChargeOutcome, PayPalOutcome } from '../../payment-processor.ts';
import { keepCard } from '../cards/cards.service.ts';
import { ordersPlaced } from '../observability/metrics.ts';
import { type CheckoutSettings, getCheckoutSettings } from './checkout-settings.ts';
import { landPayment } from './finalize.service.ts';
import { presentOrderGroup } from './order.presenter.ts';
import { Refusal } from './order-placement.service.ts';
import {
  claimIdempotencyKey,
  findIdempotencyKey,
  type LoadedOrderGroup,
  loadOrderGroup,
  releaseAbandonedKey,
  releaseIdempotencyKey,
  setProcessorRef,
  storeIdempotentAnswer,
} from './orders.repository.ts';
import type { OrdersContext } from './orders-context.ts';
import { groupPaymentKey, recoverGroupPayment } from './payment-recovery.service.ts';

/** An HTTP answer a route sends as is, and that an idempotency key keeps for its replays. */
export interface OrderAnswer {
  status: number;
  body: unknown;
  replayed?: boolean;
}

const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,255}$/;
/** A request that finds its key in progress polls the row this often, for at most this long. */
const IDEMPOTENCY_POLL_MS = 75;
const IDEMPOTENCY_WAIT_MS = 20_000;
/**
 * A key still in progress after this long belongs to a request that died (a crash, a restart): placing never
 * takes this long. Without a group nothing was written and the key is claimed again; with one, the group's
 * state becomes the key's answer.
 */
const IDEMPOTENCY_ABANDONED_MS = 5 * 60_000;

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** JSON with sorted keys: the same body hashes the same whatever the client's key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function requestHash(input: PlaceOrderValues): string {
  return createHash('sha256').update(canonicalJson(input)).digest('hex');
}

/**
 * `POST /v1/orders/` (decision 021). The key's row is claimed first; a request that finds it answered
 * replays the answer, one that finds it in progress waits for it (so 50 identical parallel requests make one
 * group and one charge), and another body under the same key is a 422. A refusal before anything was
 * written gives the key back; every other outcome (201, 402) is kept as the key's answer.
 */
export async function placeOrder(
  ctx: OrdersContext,
  actor: Actor | null,
  idempotencyKey: string | undefined,
  input: PlaceOrderValues,
): Promise<OrderAnswer> {
  const { userId } = requirePermission(actor, 'account:own');
  if (idempotencyKey === undefined || !IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey)) {
    throw new HttpError(400, { detail: CHECKOUT_MESSAGES.idempotencyKeyRequired });
  }
  const key = idempotencyKey;
  const hash = requestHash(input);
  const deadline = Date.now() + (ctx.idempotencyWaitMs ?? IDEMPOTENCY_WAIT_MS);
  for (;;) {
    if (await claimIdempotencyKey(ctx.db, { userId, key, requestHash: hash })) break;
    const row = await findIdempotencyKey(ctx.db, userId, key);
    if (!row) continue; // given back meanwhile: claim it again
    if (row.requestHash !== hash)
      return { status: 422, body: { detail: CHECKOUT_MESSAGES.idempotencyKeyReused } };
    if (row.responseStatus !== null)
      return { status: row.responseStatus, body: row.responseBody, replayed: true };
    if (row.createdAt.getTime() < Date.now() - IDEMPOTENCY_ABANDONED_MS) {
      if (row.groupId === null) {
        await releaseAbandonedKey(ctx.db, userId, key, new Date(Date.now() - IDEMPOTENCY_ABANDONED_MS));
        continue;
      }
      // The request that held the key died after writing the group, maybe after the charge: the processor is
      // asked by the group's key or recorded reference and its answer lands before the group is answered.
      await recoverGroupPayment(ctx, row.groupId);
      const recovered = await answerFor(ctx, row.groupId, null, 201);
      await storeIdempotentAnswer(ctx.db, userId, key, { ...recovered, groupId: row.groupId });
      return { ...recovered, replayed: true };
    }
    if (Date.now() > deadline)
      return { status: 409, body: { detail: CHECKOUT_MESSAGES.idempotencyInProgress } };
    await sleep(IDEMPOTENCY_POLL_MS);
  }
  let placed: PlacedGroup;
  try {
    placed = await placeOrderFlow(ctx, userId, key, input);
  } catch (error) {
    await releaseIdempotencyKey(ctx.db, userId, key);
    if (error instanceof Refusal) return { status: error.status, body: error.body };
    throw error;
  }
  // Counted once the group's transaction committed; a replayed request returned above without counting.
  ordersPlaced.inc({ payment_method: placed.group.paymentMethod });
  const answer = await collectPayment(ctx, placed);
  await storeIdempotentAnswer(ctx.db, userId, key, { ...answer, groupId: placed.group.id });
  return answer;
}

/** After the commit: charge (outside any transaction), then land the result with finalize. */
async function collectPayment(ctx: OrdersContext, placed: PlacedGroup): Promise<OrderAnswer> {
  const { group, card, settings } = placed;
  if (group.status === 'confirmed') {
    ctx.kickMailWorker();
    return answerFor(ctx, group.id, null, 201, { loaded: placed.loaded, settings });
  }
  const amountMinor = parseMoney(group.total);
  if (amountMinor === 0) {
    // Coupon and credit paid it all: there is nothing to charge.
    const loaded = await settleCardPaymentFlow(ctx, group.id, null, settings);
    return answerFor(ctx, group.id, null, 201, { loaded, settings });
  }
  const idempotencyKey = groupPaymentKey(group.id);
  const outcome = await requestPayment(ctx, placed, amountMinor, idempotencyKey);
  if (card?.save && outcome.status !== 'failed') {
    // Keeping the card is a convenience: failing to keep it must never turn a taken payment into a decline.
    await keepCard(ctx.db, {
      cardId: randomUUID(),
      userId: group.remitterId,
      processor: ctx.payments.card.name,
      processorToken: card.save.processorToken,
      brand: card.save.brand,
      last4: card.save.last4,
      expMonth: card.save.expMonth,
      expYear: card.save.expYear,
    }).catch(() => undefined);
  }
  const loaded = await landPayment(ctx, group.id, outcome, settings);
  return answerFor(ctx, group.id, outcome, 201, { loaded, settings });
}

/**
 * Asks the processor to charge (or PayPal to create its order). A call that fails without an answer (timeout,
 * connection reset) is asked once more with the same idempotency key, which the processor answers with the
 * first call's result if it did go through, so a lost answer rarely becomes a false decline. When both fail,
 * nothing is known to be charged and the group is released; a payment that did go through shows up later
 * (webhook, confirm) and is refunded by finalize.
 */
async function requestPayment(
  ctx: OrdersContext,
  placed: PlacedGroup,
  amountMinor: number,
  idempotencyKey: string,
): Promise<ChargeOutcome | PayPalOutcome> {
  const { group, card } = placed;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      if (group.paymentMethod === 'paypal') {
        const paypal = ctx.payments.paypal;
        if (!paypal) break;
        const back = `${ctx.publicUrl.replace(/\/$/, '')}/checkout/confirmacion/${group.number}`;
        return await paypal.createOrder({
          idempotencyKey,
          groupNumber: group.number,
          amountMinor,
          returnUrl: `${back}?paypal=approved`,
          cancelUrl: `${back}?paypal=cancelled`,
        });
      }
      if (!card) break;
      return await ctx.payments.card.charge(ctx.db, {
        idempotencyKey,
        groupId: group.id,
        groupNumber: group.number,
        userId: group.remitterId,
        amountMinor,
        currency: 'USD',
        paymentToken: card.token,
        customerRef: card.customerRef,
        description: `Mandado ${group.number}`,
        // Before money can move (decision 030): the reference a crash would otherwise lose.
        recordAttempt: (processorRef) => setProcessorRef(ctx.db, group.id, processorRef),
      });
    } catch {
      // Asked again below with the same key.
    }
  }
  return {
    status: 'failed',
    processorRef: null,
    declineCode: 'processing_error',
    message: DECLINE_MESSAGES.processing_error,
  };
}

/** The answer for the group as it now stands: the order and what the client does next, or the 402. */
export async function answerFor(
  ctx: OrdersContext,
  groupId: number,
  outcome: ChargeOutcome | PayPalOutcome | null,
  successStatus: 200 | 201,
  known: { loaded?: LoadedOrderGroup | null; settings?: CheckoutSettings } = {},
): Promise<OrderAnswer> {
  const [loaded, settings] = await Promise.all([
    known.loaded ?? loadOrderGroup(ctx.db, { id: groupId }),
    known.settings ?? getCheckoutSettings(ctx.db),
  ]);
  if (!loaded) throw notFound();
  const { group } = loaded;
  if (group.status === 'cancelled') {
    return {
      status: 402,
      body: {
        detail: group.cancelReason ?? CHECKOUT_MESSAGES.orderNotPayable,
        decline_code: outcome?.status === 'failed' ? outcome.declineCode : 'order_cancelled',
        order: group.number,
      },
    };
  }
  let payment: PaymentNext;
  if (group.paymentStatus === 'paid') payment = { status: 'succeeded' };
  else if (group.status === 'confirmed') payment = { status: 'pending' };
  else if (outcome?.status === 'requires_action') {
    payment = {
      status: 'requires_action',
      action: 'approveUrl' in outcome ? { type: 'paypal', approve_url: outcome.approveUrl } : outcome.action,
    };
  } else {
    payment = { status: 'pending' };
  }
  return {
    status: successStatus,
    body: { order: presentOrderGroup(loaded, { publicUrl: ctx.publicUrl, settings }), payment },
  };
}
