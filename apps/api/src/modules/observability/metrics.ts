import client from 'prom-client';

/**
 * What the process measures (issue 27, decision 055). Counters and the processors' histogram live in one
 * process-wide registry, as prom-client intends: the services that count an order or a refund have no app at
 * hand, and one process serves one app. Gauges read at scrape time (pool, outboxes) and the HTTP histogram
 * belong to each app (see metrics.routes.ts), so several apps in one test process never mix their numbers.
 */
export const processRegistry = new client.Registry();

let defaultsCollected = false;

/**
 * The process defaults (CPU, memory, heap, handles, GC) and the event loop's lag, started on the first app
 * that serves /metrics rather than at import: a script that merely imports a service starts no timers.
 */
export function collectProcessMetrics(): void {
  if (defaultsCollected) return;
  defaultsCollected = true;
  client.collectDefaultMetrics({ register: processRegistry });
}

/** Orders written by checkout, once their transaction committed; by payment method. */
export const ordersPlaced = new client.Counter({
  name: 'mandado_orders_placed_total',
  help: 'Order groups placed (committed), by payment method',
  labelNames: ['payment_method'] as const,
  registers: [processRegistry],
});

/** Orders that went awaiting_payment → paid, counted once by the compare-and-set that won, after its commit. */
export const ordersPaid = new client.Counter({
  name: 'mandado_orders_paid_total',
  help: 'Order groups paid (committed), by payment method (bank_statement: rows of an imported bank statement)',
  labelNames: ['payment_method'] as const,
  registers: [processRegistry],
});

/** Orders whose payment failed: declined by the processor, or its time ran out (expiry worker). */
export const ordersFailed = new client.Counter({
  name: 'mandado_orders_failed_total',
  help: 'Order groups whose payment failed (committed), by reason: declined or expired',
  labelNames: ['reason'] as const,
  registers: [processRegistry],
});

/**
 * Every refund whose money moved, whatever its way back (issue 27), counted after its commit: credit settled
 * in the transaction that decided it (`wallet`), card and PayPal by the refund worker (`original_payment`,
 * where a failed attempt counts too), a bank transfer when an operator records it (`bank`).
 */
export const refundsProcessed = new client.Counter({
  name: 'mandado_refunds_total',
  help: 'Refunds by destination (original_payment, wallet, bank) and outcome: succeeded; the processor refunds also failed (retried) or given_up',
  labelNames: ['destination', 'outcome'] as const,
  registers: [processRegistry],
});

/** Every call to a payment processor, by processor and operation (charge, refund, capture, …). */
export const processorDuration = new client.Histogram({
  name: 'mandado_payment_processor_duration_seconds',
  help: 'Latency of calls to the payment processors, by processor, operation and result (ok or error)',
  labelNames: ['processor', 'operation', 'result'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30],
  registers: [processRegistry],
});

/** Calls that threw (the processor refused, timed out or could not be reached); declines are answers, not errors. */
export const processorErrors = new client.Counter({
  name: 'mandado_payment_processor_errors_total',
  help: 'Calls to the payment processors that threw, by processor and operation',
  labelNames: ['processor', 'operation'] as const,
  registers: [processRegistry],
});

export const METRICS_CONTENT_TYPE = client.Registry.PROMETHEUS_CONTENT_TYPE;
export { client as prometheus };
