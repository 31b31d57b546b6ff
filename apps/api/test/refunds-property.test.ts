/**
 * The refund rule as a property (issue 17, decision 040): whatever refunds are decided for a store order —
 * any amounts, for the order or one of its lines, to the card or as credit, one after another or at the
 * same moment — what is given back or on its way never exceeds what was paid for it, each decision is
 * recorded exactly as answered, and a decision finds nothing only when nothing is left.
 */
import { REFUND_REASONS } from '@mandado/shared/fulfilment';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideRefund } from '../src/modules/refunds/refunds.service.ts';
import { createStore, type TestStore } from './factories.ts';
import { createFastUser, type FastUser, rows } from './order-factories.ts';
import { insertPlacedOrder } from './order-rows.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
let remitter: FastUser;
let store: TestStore;

beforeAll(async () => {
  t = await createTestApp();
  remitter = await createFastUser(t.database);
  store = await createStore(t.database);
});
afterAll(() => t.close());

const decision = fc.record({
  amountMinor: fc.integer({ min: 1, max: 3_000 }),
  /** Index into the store order's lines, or null for the whole order. */
  line: fc.option(fc.nat({ max: 2 }), { nil: null }),
  destination: fc.option(fc.constantFrom('original_payment' as const, 'wallet' as const), { nil: undefined }),
  reason: fc.constantFrom(...REFUND_REASONS),
});

/** Rounds of decisions: a round of several runs them at the same moment, each in its own transaction. */
const scenario = fc.record({
  lineTotals: fc.array(fc.integer({ min: 1, max: 2_500 }), { minLength: 1, maxLength: 3 }),
  rounds: fc.array(fc.array(decision, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 4 }),
});

describe('decideRefund', () => {
  it('never lets the refunds of a store order exceed what was paid for it', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ lineTotals, rounds }) => {
        const order = await insertPlacedOrder(t.database, {
          remitterId: remitter.id,
          paymentMethod: 'card',
          stores: [
            {
              storeId: store.id,
              status: 'approved',
              lines: lineTotals.map((minor) => ({ productId: null, total: (minor / 100).toFixed(2) })),
            },
          ],
        });
        const storeOrderId = order.storeOrders[0]?.id ?? 0;
        const lineIds = (
          await rows<{ id: number }>(
            t.database,
            sql`select id from order_lines where store_order_id = ${storeOrderId} order by position`,
          )
        ).map((row) => row.id);
        const paidMinor = lineTotals.reduce((sum, minor) => sum + minor, 0);

        let answeredMinor = 0;
        for (const round of rounds) {
          const answers = await Promise.all(
            round.map((wanted) =>
              t.app.db.transaction((tx) =>
                decideRefund(tx, {
                  storeOrderId,
                  orderLineId: wanted.line === null ? null : (lineIds[wanted.line % lineIds.length] ?? null),
                  amountMinor: wanted.amountMinor,
                  reason: wanted.reason,
                  destination: wanted.destination,
                  actor: { role: 'system', userId: null },
                }),
              ),
            ),
          );
          for (const [index, answer] of answers.entries()) {
            const wanted = round[index];
            if (answer) {
              expect(answer.amountMinor).toBeGreaterThan(0);
              expect(answer.amountMinor).toBeLessThanOrEqual(wanted?.amountMinor ?? 0);
              answeredMinor += answer.amountMinor;
            }
          }
          const [recorded] = await rows<{ total: number }>(
            t.database,
            sql`select coalesce(sum(amount * 100), 0)::int as total from refunds
                where store_order_id = ${storeOrderId} and status in ('pending', 'succeeded')`,
          );
          expect(recorded?.total).toBe(answeredMinor);
          expect(answeredMinor).toBeLessThanOrEqual(paidMinor);
          // Null only when nothing was left for it.
          if (answers.some((answer) => answer === null)) expect(answeredMinor).toBe(paidMinor);
        }
      }),
      { numRuns: 20 },
    );
  }, 60_000);
});
