import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Cart } from '@mandado/shared/cart.schemas';
import type { PlaceOrderInput } from '@mandado/shared/checkout.schemas';
import { formatMinorAsDecimal, parseMoney } from '@mandado/shared/money';
import { couponDiscount, type PricingCoupon } from '@mandado/shared/order-pricing';
import { tokenizeSandboxCard } from '@mandado/shared/sandbox-cards';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { DatabaseHandle } from '../src/db/database.ts';
import { sessions, users } from '../src/db/schema/accounts.ts';
import { beneficiaries } from '../src/db/schema/beneficiaries.ts';
import { cartLines, carts } from '../src/db/schema/cart.ts';
import { coupons } from '../src/db/schema/coupons.ts';
import { recordWalletEntry } from '../src/modules/wallet/wallet.service.ts';
import { cityId, createProduct, createStore, type TestProduct, type TestStore } from './factories.ts';
import { cookieHeader, type SessionHeaders, TEST_ORIGIN } from './session-helpers.ts';

/**
 * Checkout test factories (issue 10). Users made here skip registration (its password hashing costs ~50 ms
 * each, too slow for 200 concurrent shoppers): a user row and a session row are written directly, with the
 * cookie and CSRF token the session plugin expects. Products cost USD, so totals are easy to read.
 */

export interface FastUser {
  id: number;
  email: string;
  headers: SessionHeaders;
}

/** A remitter living in the United States unless `phone` (E.164) says otherwise: its country decides manual methods. */
export const COLOMBIAN_PHONE = '+573101234567';

export async function createFastUser(
  database: DatabaseHandle,
  firstName = 'Ana',
  phone = '+14155552671',
): Promise<FastUser> {
  const suffix = randomBytes(6).toString('hex');
  const email = `comprador.${suffix}@ejemplo.com`;
  const [row] = await database.db
    .insert(users)
    .values({
      accountId: randomUUID(),
      email,
      passwordHash: 'no-login',
      firstName,
      lastName: 'Pereira',
      phoneE164: phone,
      phoneFormatted: phone,
      referralToken: randomBytes(18).toString('base64url'),
    })
    .returning({ id: users.id });
  if (!row) throw new Error('user not stored');
  const token = randomBytes(32).toString('base64url');
  const csrfToken = randomBytes(32).toString('base64url');
  await database.db.insert(sessions).values({
    tokenHash: createHash('sha256').update(token).digest('hex'),
    userId: row.id,
    csrfToken,
    expiresAt: new Date(Date.now() + 24 * 3600 * 1000),
  });
  return {
    id: row.id,
    email,
    headers: {
      cookie: cookieHeader({ mandado_session: token }),
      'x-csrftoken': csrfToken,
      origin: TEST_ORIGIN,
    },
  };
}

/**
 * `count` shoppers at once, each with `lines` in a Montevideo cart and one beneficiary: five multi-row inserts
 * whatever the count (the race test needs 200 of them quickly).
 */
export async function createFastShoppers(
  database: DatabaseHandle,
  count: number,
  lines: ReadonlyArray<{ productId: number; quantity: number }>,
): Promise<Array<FastUser & { beneficiaryId: string }>> {
  const montevideo = await cityId(database);
  const people = Array.from({ length: count }, () => ({
    email: `comprador.${randomBytes(6).toString('hex')}@ejemplo.com`,
    token: randomBytes(32).toString('base64url'),
    csrfToken: randomBytes(32).toString('base64url'),
    beneficiaryId: randomUUID(),
  }));
  const inserted = await database.db
    .insert(users)
    .values(
      people.map((person) => ({
        accountId: randomUUID(),
        email: person.email,
        passwordHash: 'no-login',
        firstName: 'Ana',
        lastName: 'Pereira',
        phoneE164: '+14155552671',
        phoneFormatted: '+1 415 555 2671',
        referralToken: randomBytes(18).toString('base64url'),
      })),
    )
    .returning({ id: users.id, email: users.email });
  const idByEmail = new Map(inserted.map((row) => [row.email, row.id]));
  const shoppers = people.map((person) => {
    const id = idByEmail.get(person.email);
    if (id === undefined) throw new Error('user not stored');
    return { ...person, id };
  });
  const expiresAt = new Date(Date.now() + 24 * 3600 * 1000);
  await database.db.insert(sessions).values(
    shoppers.map((shopper) => ({
      tokenHash: createHash('sha256').update(shopper.token).digest('hex'),
      userId: shopper.id,
      csrfToken: shopper.csrfToken,
      expiresAt,
    })),
  );
  await database.db
    .insert(carts)
    .values(shoppers.map((shopper) => ({ userId: shopper.id, cityId: montevideo })));
  await database.db.insert(cartLines).values(
    shoppers.flatMap((shopper) =>
      lines.map((line, position) => ({
        userId: shopper.id,
        productId: line.productId,
        quantity: line.quantity,
        addedAt: new Date(Date.now() - 60_000 + position),
      })),
    ),
  );
  await database.db.insert(beneficiaries).values(
    shoppers.map((shopper) => ({
      beneficiaryId: shopper.beneficiaryId,
      remitterId: shopper.id,
      cityId: montevideo,
      firstName: 'Rosa',
      lastName: 'Fernández',
      addressLine1: 'Av. 18 de Julio 1234',
      mobile: '(091) 123456',
      residency: 'house',
      latitude: '-34.905800',
      longitude: '-56.191300',
    })),
  );
  return shoppers.map((shopper) => ({
    id: shopper.id,
    email: shopper.email,
    beneficiaryId: shopper.beneficiaryId,
    headers: {
      cookie: cookieHeader({ mandado_session: shopper.token }),
      'x-csrftoken': shopper.csrfToken,
      origin: TEST_ORIGIN,
    },
  }));
}

/** The cart of `userId` for Montevideo with these lines, in this order. */
export async function fillCart(
  database: DatabaseHandle,
  userId: number,
  lines: ReadonlyArray<{ productId: number; quantity: number }>,
): Promise<void> {
  const montevideo = await cityId(database);
  await database.db
    .insert(carts)
    .values({ userId, cityId: montevideo })
    .onConflictDoUpdate({ target: carts.userId, set: { cityId: montevideo } });
  await database.db.delete(cartLines).where(sql`${cartLines.userId} = ${userId}`);
  if (lines.length === 0) return;
  await database.db.insert(cartLines).values(
    lines.map((line, position) => ({
      userId,
      productId: line.productId,
      quantity: line.quantity,
      addedAt: new Date(Date.now() - 60_000 + position),
    })),
  );
}

/** A beneficiary of `userId` in Montevideo (18 de Julio), written directly; answers its public id. */
export async function insertBeneficiary(
  database: DatabaseHandle,
  userId: number,
  overrides: Partial<typeof beneficiaries.$inferInsert> = {},
): Promise<string> {
  const beneficiaryId = randomUUID();
  await database.db.insert(beneficiaries).values({
    beneficiaryId,
    remitterId: userId,
    cityId: await cityId(database),
    firstName: 'Rosa',
    lastName: 'Fernández',
    addressLine1: 'Av. 18 de Julio 1234',
    mobile: '(091) 123456',
    landline: '',
    residency: 'house',
    latitude: '-34.905800',
    longitude: '-56.191300',
    ...overrides,
  });
  return beneficiaryId;
}

export async function giveCredit(database: DatabaseHandle, userId: number, amount: string): Promise<void> {
  const ok = await recordWalletEntry(database.db, {
    userId,
    kind: 'adjustment',
    amount,
    groupId: null,
    note: 'Crédito de prueba',
  });
  if (!ok) throw new Error('credit not given');
}

export async function insertCoupon(
  database: DatabaseHandle,
  values: Partial<typeof coupons.$inferInsert> & { code: string },
): Promise<number> {
  const [row] = await database.db
    .insert(coupons)
    .values({ type: 'discount_percentage', value: '10.00', ...values })
    .returning({ id: coupons.id });
  if (!row) throw new Error('coupon not stored');
  return row.id;
}

/** A sandbox token for one of Stripe's test numbers, as the browser would build it. */
export function sandboxToken(number = '4242 4242 4242 4242'): string {
  const result = tokenizeSandboxCard({ number, expiry: '12/34', cvc: '123' }, new Date(), () =>
    randomBytes(8).toString('hex'),
  );
  if (!('token' in result)) throw new Error(`not a valid card: ${result.problem}`);
  return result.token.token;
}

export interface CheckoutFixture {
  user: FastUser;
  beneficiaryId: string;
  stores: TestStore[];
  products: TestProduct[];
}

/**
 * A shopper ready to pay: `stores` stores with `perStore` products each (USD `price`, `stock` units), all in
 * the cart (quantity `quantity`), and a beneficiary in Montevideo.
 */
export async function prepareCheckout(
  database: DatabaseHandle,
  options: {
    stores?: number;
    perStore?: number;
    price?: string;
    stock?: number;
    quantity?: number;
    /** The remitter's phone (E.164); a Colombian one is offered transfers and cash deposits. */
    phone?: string;
  } = {},
): Promise<CheckoutFixture> {
  const stores: TestStore[] = [];
  const products: TestProduct[] = [];
  for (let s = 0; s < (options.stores ?? 1); s += 1) {
    const store = await createStore(database);
    stores.push(store);
    for (let p = 0; p < (options.perStore ?? 1); p += 1) {
      products.push(
        await createProduct(database, store.id, {
          price: options.price ?? '10.00',
          currency: 'USD',
          stock: options.stock ?? 10,
        }),
      );
    }
  }
  const user = await createFastUser(database, 'Ana', options.phone);
  await fillCart(
    database,
    user.id,
    products.map((product) => ({ productId: product.id, quantity: options.quantity ?? 1 })),
  );
  const beneficiaryId = await insertBeneficiary(database, user.id);
  return { user, beneficiaryId, stores, products };
}

/**
 * The body the checkout would send, from the user's cart as `GET /v1/cart/` shows it: lines with their unit
 * prices and the total after coupon (its terms given) and credit.
 */
export async function orderBody(
  app: FastifyInstance,
  user: { headers: SessionHeaders },
  options: {
    beneficiaryId: string;
    payment?: PlaceOrderInput['payment'];
    coupon?: { code: string; terms: PricingCoupon };
    credit?: string;
    delivery?: 'standard' | 'pickup';
    country?: string;
  },
): Promise<PlaceOrderInput> {
  const response = await app.inject({ method: 'GET', url: '/v1/cart/', headers: user.headers });
  const cart = response.json<Cart>();
  const subtotal = parseMoney(cart.subtotal ?? '0');
  const shipping = options.delivery === 'pickup' ? 0 : parseMoney(cart.shipping ?? '0');
  const discount = options.coupon ? couponDiscount(options.coupon.terms, subtotal) : 0;
  const due = subtotal - discount + shipping;
  const credit = Math.min(parseMoney(options.credit ?? '0'), due);
  return {
    beneficiary_id: options.beneficiaryId,
    delivery: options.delivery ?? 'standard',
    coupon: options.coupon?.code ?? null,
    credit: options.credit ?? '0.00',
    payment: options.payment ?? { method: 'card', token: sandboxToken() },
    country: options.country ?? 'UY',
    lines: cart.products.map((line) => ({
      product_id: line.product.id,
      quantity: line.quantity,
      unit_price:
        line.product.discount && line.product.merchant_discounted_price
          ? line.product.merchant_discounted_price
          : line.product.price,
    })),
    expected_total: formatMinorAsDecimal(due - credit),
  };
}

export function newIdempotencyKey(): string {
  return `prueba-${randomBytes(12).toString('hex')}`;
}

export function placeOrderRequest(
  app: FastifyInstance,
  user: { headers: SessionHeaders },
  body: unknown,
  key: string | null = newIdempotencyKey(),
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/v1/orders/',
    headers: key === null ? user.headers : { ...user.headers, 'idempotency-key': key },
    payload: body as Record<string, unknown>,
  });
}

/** Rows of a raw query (both drivers answer `{ rows }`). */
export async function rows<T>(database: DatabaseHandle, query: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await database.db.execute(query);
  return (result as { rows: T[] }).rows;
}
