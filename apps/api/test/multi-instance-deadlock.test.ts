import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createStore } from './factories.ts';
import { createFastShoppers, orderBody, placeOrderRequest, rows } from './order-factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

// PGlite has one connection and runs one statement at a time: the race below needs real concurrent sessions.
const onPostgres = Boolean(process.env.DATABASE_URL);

let testApp: TestApp;
beforeAll(async () => {
  if (!onPostgres) return;
  testApp = await createTestApp({ rateLimits: { placeOrderPerIp: { max: 100_000, windowSeconds: 600 } } });
});
afterAll(async () => {
  await testApp?.close();
});

describe.skipIf(!onPostgres)('checkouts beside cart replacements (decision 036)', () => {
  it('never deadlock into a 500: orders lock products FOR NO KEY UPDATE, cart lines go in id order', async () => {
    const { app, database } = testApp;
    const store = await createStore(database);
    const products = [];
    for (let i = 0; i < 40; i++) {
      products.push(
        await createProduct(database, store.id, { stock: 100_000, price: '2.00', currency: 'USD' }),
      );
    }
    const ascending = products.map((product) => ({ productId: product.id, quantity: 1 }));
    const buyers = await createFastShoppers(database, 48, ascending);
    const editors = await createFastShoppers(database, 24, ascending);
    const first = buyers[0];
    if (!first) throw new Error('no buyers');
    const template = await orderBody(app, first, { beneficiaryId: first.beneficiaryId });
    // What the web app sends after a change: the whole cart, here in descending id order, the order that used
    // to take the foreign-key locks against the checkout's.
    const descending = [...products]
      .reverse()
      .map((product, index) => ({ product_id: product.id, quantity: 1 + (index % 3) }));

    // Editors keep replacing their carts for as long as the checkouts run, as the web app does after changes.
    let checkoutsDone = false;
    const replaced: Awaited<ReturnType<typeof app.inject>>[] = [];
    const editing = editors.map(async (editor) => {
      while (!checkoutsDone) {
        replaced.push(
          await app.inject({ method: 'PUT', url: '/v1/cart/', headers: editor.headers, payload: descending }),
        );
      }
    });
    const placed = await Promise.all(
      buyers.map((buyer) =>
        placeOrderRequest(app, buyer, { ...template, beneficiary_id: buyer.beneficiaryId }),
      ),
    );
    checkoutsDone = true;
    await Promise.all(editing);

    const failures = [...replaced, ...placed].filter((response) => response.statusCode >= 500);
    expect(failures.map((response) => response.body)).toEqual([]);
    expect(replaced.map((response) => response.statusCode)).toEqual(replaced.map(() => 200));
    expect(placed.map((response) => response.statusCode)).toEqual(placed.map(() => 201));
    const [sold] = await rows<{ units: number }>(
      database,
      sql`select coalesce(sum(quantity), 0)::int as units from order_lines where product_id in (${sql.join(
        products.map((product) => sql`${product.id}`),
        sql`, `,
      )})`,
    );
    expect(sold?.units).toBe(48 * products.length);
  }, 120_000);
});
