import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepRetentionFlow } from '../src/flows/retention-sweep.flow.ts';
import { createMediaStorage } from '../src/modules/media/media-storage.ts';
import { createProduct, createStore, type TestProduct, type TestStore } from './factories.ts';
import { createFastUser } from './order-factories.ts';
import { insertPlacedOrder, type PlacedOrderRows } from './order-rows.ts';
import { createTestApp, queryRows, type TestApp } from './test-app.ts';

// Issue 32 (retention): N days after delivery (the personal_data_retention_days setting) the courier's proof
// photo, the WhatsApp/SMS about the order and the recipient's phones on the order are gone. The sweep runs
// with a fake clock: `now` is passed in.

const DAY_MS = 24 * 60 * 60 * 1000;
const dir = path.join(tmpdir(), `mandado-retention-${randomUUID()}`);
const media = createMediaStorage({ kind: 'local', dir });
/** The tests' "today": far ahead of every row the test writes, so only the setting decides. */
const deliveredAt = new Date('2026-06-01T12:00:00Z');
const daysAfterDelivery = (days: number) => new Date(deliveredAt.getTime() + days * DAY_MS);

let t: TestApp;
let storeA: TestStore;
let storeB: TestStore;
let productA: TestProduct;
let productB: TestProduct;

beforeAll(async () => {
  t = await createTestApp({ media });
  storeA = await createStore(t.database, { name: `Almacén retención A ${Date.now()}` });
  storeB = await createStore(t.database, { name: `Almacén retención B ${Date.now()}` });
  productA = await createProduct(t.database, storeA.id);
  productB = await createProduct(t.database, storeB.id);
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

/** A checkout with two store orders; `delivered` says which were handed over (at `deliveredAt`) with a photo. */
async function placeDelivered(delivered: { a: boolean; b: boolean }): Promise<PlacedOrderRows> {
  const remitter = await createFastUser(t.database);
  const placed = await insertPlacedOrder(t.database, {
    remitterId: remitter.id,
    stores: [
      { storeId: storeA.id, lines: [{ productId: productA.id }] },
      { storeId: storeB.id, lines: [{ productId: productB.id }] },
    ],
  });
  await t.database.db.execute(
    sql`update order_groups set pickup_phone = '+59891999888',
        beneficiary = jsonb_set(beneficiary, '{landline}', '"24001234"') where id = ${placed.groupId}`,
  );
  for (const [index, order] of placed.storeOrders.entries()) {
    const isDelivered = index === 0 ? delivered.a : delivered.b;
    const key = `proofs/${order.id}/${randomUUID()}.webp`;
    if (isDelivered) {
      await media.put(key, Buffer.from('RIFF0000WEBP'), 'image/webp');
      await t.database.db.execute(
        sql`update store_orders set status = 'delivered', delivered_at = ${deliveredAt.toISOString()}::timestamptz,
            updated_at = ${deliveredAt.toISOString()}::timestamptz, received_by = 'Rosa', proof_media_key = ${key}
            where id = ${order.id}`,
      );
    }
    await t.database.db.execute(
      sql`insert into message_outbox (group_id, store_order_id, kind, audience, to_phone, params, status)
          values (${placed.groupId}, ${order.id}, 'delivered', 'beneficiary', '+59891123456',
                  ${JSON.stringify({ firstName: 'Rosa' })}::jsonb, 'sent')`,
    );
  }
  return placed;
}

async function proofKeys(placed: PlacedOrderRows): Promise<Array<string | null>> {
  const rows = await queryRows<{ proof_media_key: string | null }>(
    t.database,
    sql`select proof_media_key from store_orders where group_id = ${placed.groupId} order by id`,
  );
  return rows.map((row) => row.proof_media_key);
}

async function receivers(placed: PlacedOrderRows): Promise<Array<string | null>> {
  const rows = await queryRows<{ received_by: string | null }>(
    t.database,
    sql`select received_by from store_orders where group_id = ${placed.groupId} order by id`,
  );
  return rows.map((row) => row.received_by);
}

async function messageOrders(placed: PlacedOrderRows): Promise<number[]> {
  const rows = await queryRows<{ store_order_id: number }>(
    t.database,
    sql`select store_order_id from message_outbox where group_id = ${placed.groupId} order by store_order_id`,
  );
  return rows.map((row) => row.store_order_id);
}

async function phones(placed: PlacedOrderRows) {
  const [row] = await queryRows<{
    mobile: string;
    landline: string;
    pickup_phone: string | null;
    name: string;
  }>(
    t.database,
    sql`select beneficiary->>'mobile' as mobile, beneficiary->>'landline' as landline, pickup_phone,
          beneficiary->>'firstName' as name
        from order_groups where id = ${placed.groupId}`,
  );
  return row;
}

async function setRetentionDays(days: number | null): Promise<void> {
  await t.database.db.execute(sql`delete from settings where key = 'personal_data_retention_days'`);
  if (days !== null) {
    await t.database.db.execute(
      sql`insert into settings (key, value) values ('personal_data_retention_days', ${String(days)})`,
    );
  }
}

describe('retention of delivery data (issue 32)', () => {
  it('keeps everything before the setting’s days and erases photo, messages and phones after them', async () => {
    await setRetentionDays(null);
    const placed = await placeDelivered({ a: true, b: true });
    const [keyA, keyB] = await proofKeys(placed);

    // Day 89 of the default 90: nothing goes.
    await sweepRetentionFlow(t.app.db, media, daysAfterDelivery(89));
    expect(await proofKeys(placed)).toEqual([keyA, keyB]);
    expect(await receivers(placed)).toEqual(['Rosa', 'Rosa']);
    expect(await messageOrders(placed)).toHaveLength(2);
    expect(await phones(placed)).toMatchObject({ mobile: '+59891123456', pickup_phone: '+59891999888' });

    const result = await sweepRetentionFlow(t.app.db, media, daysAfterDelivery(91));
    expect(result.photos).toBeGreaterThanOrEqual(2);
    expect(await proofKeys(placed)).toEqual([null, null]);
    expect(await receivers(placed)).toEqual([null, null]);
    expect(await media.get(keyA ?? '')).toBeNull();
    expect(await media.get(keyB ?? '')).toBeNull();
    expect(await messageOrders(placed)).toEqual([]);
    // The phones are blank; the name stays for the accounts and 'Mis Compras'.
    expect(await phones(placed)).toEqual({ mobile: '', landline: '', pickup_phone: null, name: 'Rosa' });

    // Idempotent: a second pass finds nothing of this order.
    const again = await sweepRetentionFlow(t.app.db, media, daysAfterDelivery(92));
    expect(again).toEqual({ photos: 0, messages: 0, groups: 0 });
  });

  it('follows the operators’ setting', async () => {
    await setRetentionDays(30);
    const placed = await placeDelivered({ a: true, b: true });
    await sweepRetentionFlow(t.app.db, media, daysAfterDelivery(29));
    expect(await proofKeys(placed)).not.toContain(null);
    await sweepRetentionFlow(t.app.db, media, daysAfterDelivery(31));
    expect(await proofKeys(placed)).toEqual([null, null]);
    expect(await phones(placed)).toMatchObject({ mobile: '', pickup_phone: null });
    await setRetentionDays(null);
  });

  it('keeps the phones while another store order of the checkout is still on its way', async () => {
    await setRetentionDays(null);
    const placed = await placeDelivered({ a: true, b: false });
    const [, keyB] = await proofKeys(placed);
    await sweepRetentionFlow(t.app.db, media, daysAfterDelivery(200));
    // The delivered store order loses its photo and its messages; the other keeps its messages.
    expect((await proofKeys(placed))[0]).toBeNull();
    expect(keyB).toBeNull();
    expect(await messageOrders(placed)).toEqual([placed.storeOrders[1]?.id]);
    expect(await phones(placed)).toMatchObject({ mobile: '+59891123456', pickup_phone: '+59891999888' });
  });

  it('drains a backlog in batches', async () => {
    await setRetentionDays(null);
    const placed = await Promise.all([1, 2, 3].map(() => placeDelivered({ a: true, b: true })));
    const result = await sweepRetentionFlow(t.app.db, media, daysAfterDelivery(95), { batchSize: 2 });
    expect(result).toMatchObject({ photos: 6, messages: 6, groups: 3 });
    for (const order of placed) expect(await proofKeys(order)).toEqual([null, null]);
  });
});
