import type { FastifyBaseLogger } from 'fastify';
import { expireUnpaidOrdersFlow } from '../../flows/expire-unpaid-orders.flow.ts';
import { type JobKind, startJob, sweepJob } from '../../jobs/job-runner.ts';
import type { OrdersContext } from './orders-context.ts';
import { sweepUnsettledCharges } from './payment-recovery.service.ts';

export interface OrderExpiryWorker {
  stop(): Promise<void>;
}

/**
 * The expiry (flows/expire-unpaid-orders.flow.ts) every `intervalMs`, and the sweep of unsettled charges
 * (decision 030) every `sweepIntervalMs` (it lists the processor's recent charges, so it runs less often),
 * first with the first expiry pass. They keep nothing in memory that matters: each pass reads what is due from
 * the database and the processor, and several instances racing are kept apart by the compare-and-sets.
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
        await expireUnpaidOrdersFlow(options.ctx, options.ctx.now());
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
