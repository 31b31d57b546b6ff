import type { CardProcessor, Payments, PayPalProcessor } from '../../payment-processor.ts';
import { processorDuration, processorErrors } from './metrics.ts';
import { inSpan } from './tracing.ts';

/**
 * Measures every call to a processor once, whichever adapter is behind the port (sandbox, Stripe, PayPal):
 * its latency by processor, operation and result, the calls that threw, and a span (decision 055). A Proxy
 * keeps the adapter's own identity (`instanceof StripeCardProcessor` still holds) and its plain properties.
 */
function measured<T extends object>(target: T, processor: string, operations: readonly string[]): T {
  return new Proxy(target, {
    get(object, property) {
      // Read on the adapter itself: its getters and methods use private fields a Proxy does not have.
      const value: unknown = Reflect.get(object, property);
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => unknown;
      if (typeof property !== 'string' || !operations.includes(property)) return method.bind(object);
      return (...args: unknown[]) =>
        inSpan(
          `payment ${processor} ${property}`,
          { 'mandado.processor': processor, 'mandado.processor.operation': property },
          async () => {
            const started = performance.now();
            try {
              // Called on the adapter itself, so its private fields work.
              const result = await method.apply(object, args);
              processorDuration.observe(
                { processor, operation: property, result: 'ok' },
                (performance.now() - started) / 1000,
              );
              return result;
            } catch (error) {
              processorDuration.observe(
                { processor, operation: property, result: 'error' },
                (performance.now() - started) / 1000,
              );
              processorErrors.inc({ processor, operation: property });
              throw error;
            }
          },
        );
    },
  });
}

/** The ports' calls that reach a processor (payment-processor.ts); anything else passes through unmeasured. */
const CARD_OPERATIONS = [
  'charge',
  'retrieve',
  'retrieveByKey',
  'listSucceededCharges',
  'refund',
  'describeCard',
  'ensureCustomer',
  'forgetCard',
] as const satisfies readonly (keyof CardProcessor)[];
const PAYPAL_OPERATIONS = [
  'createOrder',
  'capture',
  'refund',
] as const satisfies readonly (keyof PayPalProcessor)[];

export function instrumentPayments(payments: Payments): Payments {
  return {
    card: measured(payments.card, payments.card.name, CARD_OPERATIONS),
    paypal: payments.paypal ? measured(payments.paypal, 'paypal', PAYPAL_OPERATIONS) : null,
  };
}
