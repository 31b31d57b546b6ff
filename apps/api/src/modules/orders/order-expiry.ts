import type { FastifyBaseLogger } from 'fastify';
import { type JobKind, startJob, sweepJob } from '../../jobs/job-runner.ts';
import type { ChargeOutcome } from '../../payment-processor.ts';
import { enqueueEmail } from '../mail/mail.service.ts';
import { ordersFailed } from '../observability/metrics.ts';
import { getCheckoutSettings } from './checkout-settings.ts';
import { cancelUnpaidGroup, finalizeCardPayment } from './finalize.service.ts';
import { isManualMethod, presentOrderGroup } from './order.presenter.ts';
import { orderExpiredEmail } from './order-emails.ts';
import { releaseGroup } from './order-release.ts';
import {
  compareAndSetGroup,
  deleteIdempotencyKeysBefore,
  findExpiredGroups,
  findRemitter,
  loadOrderGroup,
} from './orders.repository.ts';
import type { OrdersContext } from './orders-context.ts';
import { askCardProcessor, sweepUnsettledCharges } from './payment-recovery.service.ts';

export const EXPIRED_TRANSFER_REASON = 'No recibimos el pago a tiempo.';
const EXPIRED_CARD_REASON = 'El pago no se completó a tiempo.';

/**
 * Releases what ran out of time (decision 021): transfers and cash deposits still unpaid after
 * `manual_payment_days`, and card or PayPal payments still awaiting after 30 minutes. Each group is cancelled
 * by a compare-and-set, so an operator marking it paid at the same moment either wins or finds it cancelled.
 * A card payment is first asked for at the processor: one that went through is confirmed, not cancelled.
 * Answers how many groups were cancelled.
 */
const IDEMPOTENCY_KEY_DAYS = 2;
/** How long an expired card group waits for a processor that cannot answer before it is released anyway. */
const UNANSWERED_GRACE_MS = 24 * 3_600_000;

export async function expireUnpaidOrders(ctx: OrdersContext, now: Date): Promise<number> {
  // Idempotency keys answer retries for two days (Stripe keeps its keys at least 24 h); their stored answers
  // name a family member's address, so they are not kept longer.
  await deleteIdempotencyKeysBefore(ctx.db, new Date(now.getTime() - IDEMPOTENCY_KEY_DAYS * 24 * 3_600_000));
  const groups = await findExpiredGroups(ctx.db, now, 100);
  if (groups.length === 0) return 0;
  const settings = await getCheckoutSettings(ctx.db);
  let cancelled = 0;
  for (const group of groups) {
    if (group.status === 'awaiting_payment') {
      if (group.processor === ctx.payments.card.name) {
        // By the reference recorded before the charge, or by the group's key when the placing request died
        // before writing anything (decision 030). A processor that cannot answer now is asked next pass, for a
        // day: cancelling unasked could keep a charge for an order we never deliver. After that the stock is
        // released anyway, and a charge that did go through is refunded by the sweep or the webhook.
        let outcome: ChargeOutcome | null = null;
        try {
          outcome = await askCardProcessor(ctx, group);
        } catch {
          const expiredFor = now.getTime() - (group.expiresAt?.getTime() ?? now.getTime());
          if (expiredFor < UNANSWERED_GRACE_MS) continue;
        }
        if (outcome?.status === 'succeeded') {
          await finalizeCardPayment(ctx, group.id, outcome);
          continue;
        }
      }
      // A PayPal buyer who approved, but whose confirm never reached us (closed tab, lost answer): capturing
      // now lands the payment they gave; an order never approved fails to capture and is released below.
      if (group.processorRef && group.processor === 'paypal' && ctx.payments.paypal) {
        const outcome = await ctx.payments.paypal
          .capture({ idempotencyKey: `order-group-${group.id}`, processorRef: group.processorRef })
          .catch(() => null);
        if (outcome?.status === 'succeeded') {
          await finalizeCardPayment(ctx, group.id, outcome);
          continue;
        }
      }
      if (await cancelUnpaidGroup(ctx, group.id, EXPIRED_CARD_REASON, null)) {
        cancelled += 1;
        ordersFailed.inc({ reason: 'expired' });
      }
      continue;
    }
    if (!isManualMethod(group.paymentMethod)) continue;
    const done = await ctx.db.transaction(async (tx) => {
      const row = await compareAndSetGroup(
        tx,
        group.id,
        { status: 'confirmed', paymentStatus: 'pending' },
        { status: 'cancelled', cancelReason: EXPIRED_TRANSFER_REASON, expiresAt: null },
      );
      if (!row) return false;
      await releaseGroup(tx, row, EXPIRED_TRANSFER_REASON);
      const loaded = await loadOrderGroup(tx, { id: row.id });
      const remitter = await findRemitter(tx, row.remitterId);
      if (loaded && remitter) {
        await enqueueEmail(tx, {
          ...orderExpiredEmail(remitter, presentOrderGroup(loaded, { publicUrl: ctx.publicUrl, settings })),
          groupId: row.id,
        });
      }
      return true;
    });
    if (done) {
      cancelled += 1;
      ordersFailed.inc({ reason: 'expired' });
    }
  }
  if (cancelled > 0) ctx.kickMailWorker();
  return cancelled;
}

export interface OrderExpiryWorker {
  stop(): Promise<void>;
}

/**
 * The expiry every `intervalMs`, and the sweep of unsettled charges (decision 030) every `sweepIntervalMs`
 * (it lists the processor's recent charges, so it runs less often), first with the first expiry pass. They
 * keep nothing in memory that matters: each pass reads what is due from the database and the processor, and
 * several instances racing are kept apart by the compare-and-sets.
 */
export function orderExpiryJobs(options: {
  ctx: OrdersContext;
  log: FastifyBaseLogger;
  intervalMs?: number;
  sweepIntervalMs?: number;
}): JobKind[] {
  const intervalMs = options.intervalMs ?? 60_000;
  return [
    sweepJob({
      name: 'order-expiry',
      intervalMs,
      failureMessage: 'order expiry pass failed',
      sweep: async () => {
        await expireUnpaidOrders(options.ctx, options.ctx.now());
      },
    }),
    sweepJob({
      name: 'unsettled-charges',
      intervalMs: options.sweepIntervalMs ?? 10 * 60_000,
      firstPassMs: intervalMs,
      failureMessage: 'unsettled charges sweep failed',
      sweep: async () => {
        const landed = await sweepUnsettledCharges(options.ctx, options.ctx.now());
        if (landed > 0) options.log.warn({ landed }, 'sweep landed charges their groups had missed');
      },
    }),
  ];
}

/** The expiry kinds on their own (tests; the server starts them with the other kinds, jobs/jobs.ts). */
export function startOrderExpiryWorker(options: Parameters<typeof orderExpiryJobs>[0]): OrderExpiryWorker {
  const runners = orderExpiryJobs(options).map((kind) => startJob(kind, options.log));
  return {
    async stop() {
      await Promise.all(runners.map((runner) => runner.stop()));
    },
  };
}
