import { randomBytes } from 'node:crypto';
import type { Beneficiary, BeneficiaryInput } from '@mandado/shared/beneficiary.schemas';
import type { OperatorGroup, StoreMemberRole } from '@mandado/shared/permissions';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../src/db/database.ts';
import { users } from '../src/db/schema/accounts.ts';
import { categories, cities, products, storeCities, stores } from '../src/db/schema/catalog.ts';
import { storeMembers, userRoles } from '../src/db/schema/staff.ts';
import { type RegisteredUser, registerUser } from './session-helpers.ts';

/**
 * Test factories: a test creates the user, store and product it needs instead of naming demo-seed rows,
 * so a change to the seed never breaks an unrelated test. Users go through the real registration (which
 * opens their session); stores and products are written directly, as a back office would.
 */

function uniqueSuffix(): string {
  return randomBytes(4).toString('hex');
}

export interface TestUser extends RegisteredUser {
  /** The serial id (never sent to clients), for the other factories. */
  id: number;
}

/** A registered remitter with an open session (cookie and CSRF headers). */
export async function createUser(
  app: FastifyInstance,
  overrides: Partial<Record<string, unknown>> = {},
): Promise<TestUser> {
  const registered = await registerUser(app, overrides);
  const [row] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, registered.email));
  if (!row) throw new Error(`user ${registered.email} was not stored`);
  return { ...registered, id: row.id };
}

/** The id of a city by name (the seed's reference data), served or not. */
export async function cityId(database: DatabaseHandle, name = 'Montevideo'): Promise<number> {
  const [row] = await database.db.select({ id: cities.id }).from(cities).where(eq(cities.name, name));
  if (!row) throw new Error(`no city named ${name}`);
  return row.id;
}

export interface TestStore {
  id: number;
  name: string;
  cityId: number;
}

/** A store in `city` (Montevideo by default) that delivers to `deliversTo` (its own city by default). */
export async function createStore(
  database: DatabaseHandle,
  options: {
    name?: string;
    status?: 'approved' | 'pending' | 'rejected';
    city?: string;
    deliversTo?: string[];
  } = {},
): Promise<TestStore> {
  const name = options.name ?? `Tienda de prueba ${uniqueSuffix()}`;
  const homeCityId = await cityId(database, options.city);
  const [row] = await database.db
    .insert(stores)
    .values({
      name,
      kind: 'store',
      status: options.status ?? 'approved',
      logo: '',
      addressLine1: 'Av. 18 de Julio 1234',
      zipCode: '11100',
      rif: `RUT-${uniqueSuffix()}`,
      latitude: '-34.905900',
      longitude: '-56.191300',
      cityId: homeCityId,
    })
    .returning({ id: stores.id });
  if (!row) throw new Error('store not stored');
  const deliveryIds = options.deliversTo
    ? await Promise.all(options.deliversTo.map((city) => cityId(database, city)))
    : [homeCityId];
  if (deliveryIds.length > 0) {
    await database.db
      .insert(storeCities)
      .values(deliveryIds.map((deliveryCityId) => ({ storeId: row.id, cityId: deliveryCityId })));
  }
  return { id: row.id, name, cityId: homeCityId };
}

export interface TestProduct {
  id: number;
  name: string;
  storeId: number;
}

/** A product of `storeId` with `stock` units (10 by default), in a category of its own. */
export async function createProduct(
  database: DatabaseHandle,
  storeId: number,
  options: { name?: string; stock?: number; price?: string; currency?: 'USD' | 'UYU' } = {},
): Promise<TestProduct> {
  const name = options.name ?? `Producto de prueba ${uniqueSuffix()}`;
  const categoryName = 'Categoría de prueba';
  await database.db.insert(categories).values({ storeId, name: categoryName }).onConflictDoNothing();
  const [category] = await database.db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.storeId, storeId), eq(categories.name, categoryName)));
  if (!category) throw new Error('category not stored');
  const [row] = await database.db
    .insert(products)
    .values({
      storeId,
      categoryId: category.id,
      name,
      price: options.price ?? '100.00',
      currency: options.currency ?? 'UYU',
      stock: options.stock ?? 10,
    })
    .returning({ id: products.id });
  if (!row) throw new Error('product not stored');
  return { id: row.id, name, storeId };
}

/** Makes `userId` a member of `storeId` (a merchant from their next request on). */
export async function addStoreMember(
  database: DatabaseHandle,
  storeId: number,
  userId: number,
  role: StoreMemberRole = 'owner',
): Promise<void> {
  await database.db.insert(storeMembers).values({ storeId, userId, role });
}

/** Makes `userId` an operator of `group` (from their next request on). */
export async function makeOperator(
  database: DatabaseHandle,
  userId: number,
  group: OperatorGroup = 'administracion',
): Promise<void> {
  await database.db.insert(userRoles).values({ userId, role: 'operator', operatorGroup: group });
}

/** A valid beneficiary body for `cityId`: a house on 18 de Julio, in Montevideo's centre. */
export function beneficiaryInput(
  cityId: number,
  overrides: Partial<BeneficiaryInput> = {},
): BeneficiaryInput {
  return {
    first_name: 'Rosa',
    last_name: 'Fernández',
    address_line1: 'Av. 18 de Julio 1234',
    city_id: cityId,
    mobile_number: '(091) 123456',
    phone_number: '(2622) 1234',
    residency: 'house',
    latitude: -34.9058,
    longitude: -56.1913,
    email: '',
    delivery_notes: '',
    ...overrides,
  };
}

/** A beneficiary of `user`, saved through the API (so it gets its public id and its zone). */
export async function createBeneficiary(
  app: FastifyInstance,
  user: Pick<TestUser, 'headers'>,
  input: BeneficiaryInput,
): Promise<Beneficiary> {
  const response = await app.inject({
    method: 'POST',
    url: '/v1/beneficiaries/',
    headers: user.headers,
    payload: input as unknown as Record<string, unknown>,
  });
  if (response.statusCode !== 201)
    throw new Error(`beneficiary not saved: ${response.statusCode} ${response.body}`);
  return response.json<{ data: Beneficiary }>().data;
}
