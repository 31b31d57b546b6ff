import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processorCustomers } from '../src/db/schema/payments.ts';
import { forgetCards, runProcessorErasures } from '../src/modules/cards/cards-erasure.service.ts';
import { createFastUser, rows } from './order-factories.ts';
import { FakeStripeApi } from './stripe-fake-api.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

interface ErasureRow {
  customer_ref: string;
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
}

async function erasures(): Promise<ErasureRow[]> {
  return rows<ErasureRow>(
    testApp.database,
    sql`select customer_ref, attempts, next_attempt_at, last_error from processor_erasures order by id`,
  );
}

describe("a deleted account's customer at the card processor (issue 32, decision 081)", () => {
  it('is deleted at Stripe after the account, retried while Stripe fails, and a customer already gone counts', async () => {
    const { database } = testApp;
    const ana = await createFastUser(database);
    const bea = await createFastUser(database, 'Bea');
    await database.db.insert(processorCustomers).values([
      { userId: ana.id, processor: 'stripe', customerRef: 'cus_ana' },
      { userId: bea.id, processor: 'stripe', customerRef: 'cus_gone' },
    ]);
    // The deletion's step: the link goes, a row asks for the processor's copy to go too.
    await database.db.transaction(async (tx) => {
      await forgetCards(tx, ana.id);
      await forgetCards(tx, bea.id);
    });
    expect(await rows(database, sql`select 1 from processor_customers`)).toEqual([]);
    expect((await erasures()).map((row) => row.customer_ref)).toEqual(['cus_ana', 'cus_gone']);

    const stripe = new FakeStripeApi();
    stripe.on('DELETE', '/v1/customers/cus_ana', {
      status: 500,
      body: { error: { type: 'api_error', message: 'Something went wrong on our end.' } },
    });
    const now = new Date();
    // cus_gone is unknown to Stripe (404 resource_missing): already erased, the row goes.
    expect(await runProcessorErasures(database.db, stripe.processor(), () => now)).toBe(1);
    const [waiting, ...rest] = await erasures();
    expect(rest).toEqual([]);
    expect(waiting).toMatchObject({ customer_ref: 'cus_ana', attempts: 1 });
    expect(new Date(waiting?.next_attempt_at ?? 0).getTime()).toBeGreaterThan(now.getTime());
    // What failed is kept as a kind, never Stripe's words.
    expect(waiting?.last_error).not.toContain('Something');
    // Not due yet: the next pass leaves it.
    expect(await runProcessorErasures(database.db, stripe.processor(), () => now)).toBe(0);

    stripe.on('DELETE', '/v1/customers/cus_ana', {
      status: 200,
      body: { id: 'cus_ana', object: 'customer', deleted: true },
    });
    const later = new Date(now.getTime() + 24 * 60 * 60_000);
    expect(await runProcessorErasures(database.db, stripe.processor(), () => later)).toBe(1);
    expect(await erasures()).toEqual([]);
    // The SDK's own retries may repeat a request within a pass; what counts is each customer's DELETE.
    const deletes = stripe.sent
      .filter((request) => request.method === 'DELETE')
      .map((request) => request.path);
    expect(new Set(deletes)).toEqual(new Set(['/v1/customers/cus_ana', '/v1/customers/cus_gone']));
    expect(deletes.at(-1)).toBe('/v1/customers/cus_ana');
  });
});
