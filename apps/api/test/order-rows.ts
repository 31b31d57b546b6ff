import { randomBytes } from 'node:crypto';
import type { OrderGroupStatus, PaymentStatus, StoreOrderStatus } from '@mandado/shared/order-status';
import { eq, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../src/db/database.ts';
import { cities, departments, products } from '../src/db/schema/catalog.ts';
import {
  type BeneficiarySnapshot,
  orderGroups,
  orderLines,
  storeOrderHistory,
  storeOrders,
} from '../src/db/schema/orders.ts';

/**
 * Placed orders written straight into the tables, as checkout would leave them, so tests of what happens
 * after an order (status changes, 'Mis Compras', repeat, tracking) do not depend on order placement.
 * Amounts are kept consistent with the tables' checks: every line costs `line total` USD, no discount,
 * no shipping, no credit.
 */

export interface OrderRowLine {
  productId: number | null;
  quantity?: number;
  /** The snapshot's name; the product's current name by default. */
  name?: string;
  /** USD total of the line, "10.00" by default. */
  total?: string;
}

export interface OrderRowStore {
  storeId: number;
  storeName?: string;
  status?: StoreOrderStatus;
  lines: OrderRowLine[];
}

export interface PlacedOrderRows {
  groupId: number;
  number: string;
  trackingToken: string;
  storeOrders: Array<{ id: number; number: string; storeId: number }>;
}

function cents(decimal: string): number {
  return Math.round(Number(decimal) * 100);
}

function decimal(minor: number): string {
  return (minor / 100).toFixed(2);
}

/** Inserts one order group with its store orders, lines and a first history row per store order. */
export async function insertPlacedOrder(
  database: DatabaseHandle,
  options: {
    remitterId: number;
    stores: OrderRowStore[];
    status?: OrderGroupStatus;
    paymentStatus?: PaymentStatus;
    paymentMethod?: 'card' | 'bank_transfer' | 'cash_deposit' | 'paypal';
    city?: string;
    beneficiaryFirstName?: string;
    createdAt?: Date;
  },
): Promise<PlacedOrderRows> {
  const db = database.db;
  const cityName = options.city ?? 'Montevideo';
  const [city] = await db
    .select({ id: cities.id, name: cities.name, stateName: departments.name, stateId: departments.id })
    .from(cities)
    .innerJoin(departments, eq(departments.id, cities.departmentId))
    .where(eq(cities.name, cityName));
  if (!city) throw new Error(`no city named ${cityName}`);

  const productIds = options.stores.flatMap((store) =>
    store.lines.flatMap((line) => (line.productId === null ? [] : [line.productId])),
  );
  const productNames = new Map<number, string>();
  for (const id of productIds) {
    const [row] = await db.select({ name: products.name }).from(products).where(eq(products.id, id));
    if (row) productNames.set(id, row.name);
  }

  const storeTotals = options.stores.map((store) =>
    store.lines.reduce((sum, line) => sum + cents(line.total ?? '10.00'), 0),
  );
  const groupTotal = decimal(storeTotals.reduce((sum, value) => sum + value, 0));
  const beneficiary: BeneficiarySnapshot = {
    firstName: options.beneficiaryFirstName ?? 'Rosa',
    lastName: 'Fernández',
    addressLine1: 'Av. 18 de Julio 1234',
    cityId: city.id,
    cityName: city.name,
    stateName: city.stateName,
    stateId: city.stateId,
    mobile: '+59891123456',
    landline: '',
    residency: 'house',
    latitude: '-34.905800',
    longitude: '-56.191300',
    email: '',
    deliveryNotes: 'Tocar timbre',
    meetingPoint: null,
  };
  const createdAt = options.createdAt ?? new Date();
  const [group] = await db
    .insert(orderGroups)
    .values({
      number: sql`'MV-' || nextval('order_number_seq')`,
      remitterId: options.remitterId,
      status: options.status ?? 'confirmed',
      paymentStatus: options.paymentStatus ?? 'paid',
      paymentMethod: options.paymentMethod ?? 'card',
      processor: 'sandbox',
      paymentLabel: 'Visa •••• 4242',
      delivery: 'standard',
      substitution: 'similar',
      cityId: city.id,
      beneficiary,
      subtotal: groupTotal,
      discount: '0.00',
      shipping: '0.00',
      credit: '0.00',
      total: groupTotal,
      deliveryFrom: '2026-11-23',
      deliveryTo: '2026-11-24',
      trackingToken: randomBytes(32).toString('base64url'),
      createdAt,
      updatedAt: createdAt,
    })
    .returning({ id: orderGroups.id, number: orderGroups.number, trackingToken: orderGroups.trackingToken });
  if (!group) throw new Error('order group not stored');

  const placed: PlacedOrderRows = {
    groupId: group.id,
    number: group.number,
    trackingToken: group.trackingToken,
    storeOrders: [],
  };
  for (const [index, store] of options.stores.entries()) {
    const total = decimal(storeTotals[index] ?? 0);
    const number = `${group.number}-${index + 1}`;
    const [row] = await db
      .insert(storeOrders)
      .values({
        groupId: group.id,
        number,
        storeId: store.storeId,
        storeName: store.storeName ?? `Tienda ${store.storeId}`,
        storeAddress: 'Av. Italia 2800',
        status: store.status ?? 'pending',
        subtotal: total,
        discount: '0.00',
        shipping: '0.00',
        credit: '0.00',
        total,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: storeOrders.id });
    if (!row) throw new Error('store order not stored');
    if (store.lines.length > 0) {
      await db.insert(orderLines).values(
        store.lines.map((line, position) => ({
          storeOrderId: row.id,
          productId: line.productId,
          name:
            line.name ??
            (line.productId === null ? 'Producto' : (productNames.get(line.productId) ?? 'Producto')),
          quantity: line.quantity ?? 1,
          unitPrice: line.total ?? '10.00',
          currency: 'USD',
          totalUsd: line.total ?? '10.00',
          discount: '0.00',
          substitution: 'similar',
          position,
        })),
      );
    }
    await db.insert(storeOrderHistory).values({
      storeOrderId: row.id,
      fromStatus: null,
      toStatus: 'pending',
      actorRole: 'system',
      reason: '',
      createdAt,
    });
    if ((store.status ?? 'pending') !== 'pending') {
      await db.insert(storeOrderHistory).values({
        storeOrderId: row.id,
        fromStatus: 'pending',
        toStatus: store.status ?? 'pending',
        actorRole: 'system',
        reason: '',
        createdAt,
      });
    }
    placed.storeOrders.push({ id: row.id, number, storeId: store.storeId });
  }
  return placed;
}
