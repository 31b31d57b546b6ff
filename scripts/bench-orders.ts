// Placing an order (issue 10): a logged-in remitter pays a cart of 10 lines from 3 stores with the sandbox
// card 4242, through the whole app (`app.inject`: routing, session, CSRF, validation, the placing
// transaction, the sandbox charge, finalize, the presenter) on a fresh embedded database. Prints orders per
// second and p50/p95, beside a cart read of the same 10 lines. A measurement, not a test.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatMinorAsDecimal, parseMoney } from '@mandado/shared/money';
import { tokenizeSandboxCard } from '@mandado/shared/sandbox-cards';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/api/src/app.ts';
import { openDatabase } from '../apps/api/src/db/database.ts';
import { products } from '../apps/api/src/db/schema/catalog.ts';
import { seedDemoCatalog } from '../apps/api/src/db/seed/seed.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 60);
const origin = 'http://localhost:80';

function cookiesOf(setCookie: string | string[] | undefined): string {
  return [setCookie ?? []]
    .flat()
    .map((line) => line.split(';')[0])
    .join('; ');
}

/** One caller after another: calls per second is the inverse of the mean time. */
function perSecond(times: number[]): number {
  return 1000 / (times.reduce((sum, time) => sum + time, 0) / times.length);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

interface Shopper {
  headers: Record<string, string>;
  beneficiaryId: string;
}

async function shopper(
  app: FastifyInstance,
  lines: { product_id: number; quantity: number }[],
): Promise<Shopper> {
  const csrf = await app.inject({ method: 'GET', url: '/v1/csrf-token/' });
  const created = await app.inject({
    method: 'POST',
    url: '/v1/users/create/',
    headers: { origin, cookie: cookiesOf(csrf.headers['set-cookie']), 'x-csrftoken': csrf.json().csrf_token },
    payload: {
      email: `banco.${randomBytes(5).toString('hex')}@ejemplo.com`,
      password: 'paseo-por-la-rambla',
      first_name: 'Banco',
      last_name: 'Pruebas',
      phone_number: '+598 91 234 567',
      terms_accepted: true,
      privacy_accepted: true,
    },
  });
  if (created.statusCode !== 201 && created.statusCode !== 200) throw new Error(`register: ${created.body}`);
  const headers = {
    origin,
    cookie: cookiesOf(created.headers['set-cookie']),
    'x-csrftoken': created.json<{ csrf_token: string }>().csrf_token,
  };
  const city = await app.inject({ method: 'PUT', url: '/v1/cart/city/Montevideo', headers });
  const cityId = city.json<{ city: { id: number } }>().city.id;
  const cart = await app.inject({ method: 'PUT', url: '/v1/cart/', headers, payload: lines });
  if (cart.statusCode !== 200) throw new Error(`cart: ${cart.body}`);
  const beneficiary = await app.inject({
    method: 'POST',
    url: '/v1/beneficiaries/',
    headers,
    payload: {
      first_name: 'Rosa',
      last_name: 'Fernández',
      address_line1: 'Av. 18 de Julio 1234',
      city_id: cityId,
      mobile_number: '(091) 123456',
      phone_number: '(2622) 1234',
      residency: 'house',
      latitude: -34.9058,
      longitude: -56.1913,
    },
  });
  if (beneficiary.statusCode !== 201) throw new Error(`beneficiary: ${beneficiary.body}`);
  return { headers, beneficiaryId: beneficiary.json().data.beneficiary_id };
}

export async function benchOrders(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mandado-bench-orders-'));
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  await database.migrate();
  await seedDemoCatalog(database.db);
  const unlimited = { max: Number.MAX_SAFE_INTEGER, windowSeconds: 60 };
  const app = await buildApp({
    database,
    // Sixty registrations from one address would trip the e-mail lookup limit.
    rateLimits: { search: unlimited, emailLookupPerIp: unlimited, registerPerIp: unlimited },
    concurrencyLimits: { perSession: 1000, perClient: 100_000 },
  });
  await app.ready();
  try {
    // Ten lines from three stores that deliver to Montevideo, with stock for every order of the run.
    const catalog = await app.inject({ method: 'GET', url: '/v1/by-categories/products/Montevideo' });
    const all = catalog
      .json<{ products: { id: number; store_id: number; stock: number }[] }[]>()
      .flatMap((category) => category.products);
    const byStore = new Map<number, number[]>();
    for (const product of all)
      byStore.set(product.store_id, [...(byStore.get(product.store_id) ?? []), product.id]);
    const [a = [], b = [], c = []] = [...byStore.values()].filter((ids) => ids.length >= 4);
    const ids = [...a.slice(0, 4), ...b.slice(0, 3), ...c.slice(0, 3)];
    if (ids.length < 10) throw new Error('the demo catalog has fewer than 3 stores with 4 products');
    await database.db.update(products).set({ stock: 1_000_000 }).where(inArray(products.id, ids));
    const lines = ids.map((id) => ({ product_id: id, quantity: 1 }));

    const shoppers: Shopper[] = [];
    for (let index = 0; index < ORDERS; index += 1) shoppers.push(await shopper(app, lines));

    const cartTimes: number[] = [];
    for (const { headers } of shoppers) {
      const started = performance.now();
      await app.inject({ method: 'GET', url: '/v1/cart/', headers });
      cartTimes.push(performance.now() - started);
    }

    const card = tokenizeSandboxCard(
      { number: '4242424242424242', expiry: '12/34', cvc: '123' },
      new Date(),
      () => randomBytes(8).toString('hex'),
    );
    if (!('token' in card)) throw new Error('sandbox card refused');
    const orderTimes: number[] = [];
    for (const { headers, beneficiaryId } of shoppers) {
      const cart = (await app.inject({ method: 'GET', url: '/v1/cart/', headers })).json<{
        products: {
          quantity: number;
          product: { id: number; price: string; merchant_discounted_price: string; discount: boolean };
        }[];
        subtotal: string | null;
        shipping: string | null;
      }>();
      const body = {
        beneficiary_id: beneficiaryId,
        payment: { method: 'card', token: card.token.token },
        lines: cart.products.map((line) => ({
          product_id: line.product.id,
          quantity: line.quantity,
          unit_price: line.product.discount ? line.product.merchant_discounted_price : line.product.price,
        })),
        // The cart's preview is what the checkout shows for standard delivery without coupon or credit.
        expected_total: formatMinorAsDecimal(
          parseMoney(cart.subtotal ?? '0.00') + parseMoney(cart.shipping ?? '0.00'),
        ),
      };
      const started = performance.now();
      const placed = await app.inject({
        method: 'POST',
        url: '/v1/orders/',
        headers: { ...headers, 'idempotency-key': randomUUID() },
        payload: body,
      });
      orderTimes.push(performance.now() - started);
      if (placed.statusCode !== 201) throw new Error(`order: ${placed.statusCode} ${placed.body}`);
    }
    orderTimes.sort((x, y) => x - y);
    cartTimes.sort((x, y) => x - y);
    console.log(
      `\nPlacing an order: sandbox card 4242, 3 stores, 10 lines, ${ORDERS} remitters one after another (embedded PGlite, in-process)`,
    );
    console.log('call                 | per s  | p50 ms | p95 ms | max ms');
    const row = (name: string, times: number[], perSecond: number) =>
      console.log(
        `${name.padEnd(20)} | ${perSecond.toFixed(0).padStart(6)} | ${percentile(times, 50).toFixed(1).padStart(6)} | ${percentile(times, 95).toFixed(1).padStart(6)} | ${(times.at(-1) ?? 0).toFixed(1).padStart(6)}`,
      );
    row('POST /v1/orders/', orderTimes, perSecond(orderTimes));
    row('GET /v1/cart/', cartTimes, perSecond(cartTimes));
    console.log('goal: POST /v1/orders/ p95 <= 150 ms');
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchOrders();
