import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MerchantProduct } from '@mandado/shared/merchant-catalog.schemas';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaStorage, type MediaStorage } from '../src/modules/media/media-storage.ts';
import {
  ORPHAN_PHOTO_AGE_MS,
  startPhotoSweepWorker,
  sweepOrphanPhotos,
} from '../src/modules/media/product-photos.service.ts';
import {
  addStoreMember,
  createProduct,
  createStore,
  createUser,
  type TestStore,
  type TestUser,
} from './factories.ts';
import { insertPlacedOrder } from './order-rows.ts';
import { createTestApp, queryRows, type TestApp } from './test-app.ts';

// Issue 18: a photo uploaded and then dropped ('Quitar', a form never saved) is deleted, file and row, once
// a day has passed with no product and no order line showing it.

/** A 1×1 PNG: a real image the server checks by content and re-encodes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const DAY_AND_AN_HOUR_MS = ORPHAN_PHOTO_AGE_MS + 3_600_000;

/** The real local storage, counting deletes and failing them while `failDeletes` is set. */
const dir = path.join(tmpdir(), `mandado-sweep-${randomUUID()}`);
const local = createMediaStorage({ kind: 'local', dir });
const deletes: string[] = [];
let failDeletes = false;
/** While set, a delete waits for it: the sweep's transaction stays open holding its rows. */
let deleteGate: Promise<void> | null = null;
const media: MediaStorage = {
  put: (key, body, contentType) => local.put(key, body, contentType),
  get: (key) => local.get(key),
  async delete(key) {
    if (failDeletes) throw new Error('the bucket is unreachable');
    if (deleteGate) await deleteGate;
    deletes.push(key);
    await local.delete(key);
  },
};

let t: TestApp;
let store: TestStore;
let owner: TestUser;
let categoryId: number;

beforeAll(async () => {
  t = await createTestApp({ media });
  store = await createStore(t.database, { name: `Almacén de las fotos ${Date.now()}` });
  owner = await createUser(t.app);
  await addStoreMember(t.database, store.id, owner.id, 'owner');
  const seeded = await createProduct(t.database, store.id);
  const [row] = await queryRows<{ category_id: number }>(
    t.database,
    sql`select category_id from products where id = ${seeded.id}`,
  );
  categoryId = row?.category_id ?? 0;
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const base = () => `/v1/merchant/stores/${store.id}`;

async function upload(): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: `${base()}/product-images/`,
    headers: { ...owner.headers, 'content-type': 'image/png' },
    payload: PNG,
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ url: string }>().url;
}

function keyOf(url: string): string {
  return url.replace(/^\/media\/photos\//, 'products/');
}

async function saveProduct(images: string[], productId?: number) {
  const response = await t.app.inject({
    method: productId ? 'PUT' : 'POST',
    url: productId ? `${base()}/products/${productId}/` : `${base()}/products/`,
    headers: owner.headers,
    payload: {
      name: `Dulce de leche ${randomUUID().slice(0, 8)}`,
      description: '',
      category_id: categoryId,
      price: '150',
      discounted_price: null,
      stock: 5,
      active: true,
      images,
    },
  });
  return { status: response.statusCode, body: response.json<MerchantProduct & { detail?: string }>() };
}

/** Pretends the photo was last used a day and an hour ago. */
async function age(...urls: string[]): Promise<void> {
  const when = new Date(Date.now() - DAY_AND_AN_HOUR_MS).toISOString();
  for (const url of urls) {
    await t.database.db.execute(
      sql`update product_photos set last_used_at = ${when}::timestamptz where url = ${url}`,
    );
  }
}

async function recorded(url: string): Promise<boolean> {
  const rows = await queryRows<{ key: string }>(
    t.database,
    sql`select key from product_photos where url = ${url}`,
  );
  return rows.length === 1;
}

async function stored(url: string): Promise<boolean> {
  return (await media.get(keyOf(url))) !== null;
}

describe('the orphan photo sweep', () => {
  it('deletes an old unused photo, keeps one a product or a sold line shows and a fresh one', async () => {
    const dropped = await upload();
    const shown = await upload();
    const fresh = await upload();
    const sold = await upload();
    expect(await recorded(dropped)).toBe(true);
    expect(await stored(dropped)).toBe(true);

    const withPhoto = await saveProduct([shown]);
    expect(withPhoto.status).toBe(201);
    // A product sold with a photo that the owner later replaced: the order line keeps showing it.
    const soldProduct = await saveProduct([sold]);
    expect(soldProduct.status).toBe(201);
    const placed = await insertPlacedOrder(t.database, {
      remitterId: owner.id,
      stores: [{ storeId: store.id, lines: [{ productId: soldProduct.body.id }] }],
    });
    const storeOrderId = placed.storeOrders[0]?.id ?? 0;
    await t.database.db.execute(
      sql`update order_lines set image = ${sold} where store_order_id = ${storeOrderId}`,
    );
    expect((await saveProduct([], soldProduct.body.id)).status).toBe(200);

    await age(dropped, shown, sold);
    deletes.length = 0;
    expect(await sweepOrphanPhotos(t.database.db, media, new Date())).toBe(1);
    // The photo, then its srcset variants (issue 30).
    expect(deletes.filter((key) => !/-w\d+\.(avif|webp)$/.test(key))).toEqual([keyOf(dropped)]);
    expect(await recorded(dropped)).toBe(false);
    expect(await stored(dropped)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: dropped })).statusCode).toBe(404);
    for (const kept of [shown, fresh, sold]) {
      expect(await recorded(kept)).toBe(true);
      expect(await stored(kept)).toBe(true);
    }
    // The product's photo is still served.
    expect((await t.app.inject({ method: 'GET', url: shown })).statusCode).toBe(200);

    // A form that kept the deleted photo for a day cannot save it; it is told to upload it again.
    const late = await saveProduct([dropped]);
    expect(late.status).toBe(400);
    expect(late.body.detail).toBe(SERVER_MESSAGES.productPhotoGone);
    // Nothing more to do: a second pass deletes nothing.
    expect(await sweepOrphanPhotos(t.database.db, media, new Date())).toBe(0);
  });

  it('counts the day from the last save that showed the photo', async () => {
    const url = await upload();
    const product = await saveProduct([url]);
    expect(product.status).toBe(201);
    await age(url);
    // Saved again with the photo, then the photo is dropped: it had been used just now, so it stays a day.
    expect((await saveProduct([url], product.body.id)).status).toBe(200);
    expect((await saveProduct([], product.body.id)).status).toBe(200);
    await sweepOrphanPhotos(t.database.db, media, new Date());
    expect(await recorded(url)).toBe(true);
    // A day later it goes.
    await sweepOrphanPhotos(t.database.db, media, new Date(Date.now() + DAY_AND_AN_HOUR_MS));
    expect(await recorded(url)).toBe(false);
    expect(await stored(url)).toBe(false);
  });

  it('keeps the rows when the storage fails, for the next pass', async () => {
    const url = await upload();
    await age(url);
    failDeletes = true;
    try {
      await expect(sweepOrphanPhotos(t.database.db, media, new Date())).rejects.toThrow(/unreachable/);
    } finally {
      failDeletes = false;
    }
    expect(await recorded(url)).toBe(true);
    expect(await sweepOrphanPhotos(t.database.db, media, new Date())).toBe(1);
    expect(await recorded(url)).toBe(false);
  });

  it('shares a backlog between sweeps running at once, each photo deleted once', async () => {
    const urls: string[] = [];
    for (let index = 0; index < 7; index += 1) urls.push(await upload());
    await age(...urls);
    deletes.length = 0;
    const counts = await Promise.all([
      sweepOrphanPhotos(t.database.db, media, new Date(), { batchSize: 2 }),
      sweepOrphanPhotos(t.database.db, media, new Date(), { batchSize: 2 }),
    ]);
    expect(counts[0] + counts[1]).toBe(7);
    // Each photo deleted once; with it go its srcset variants (issue 30), `<uuid>-w320.avif` and the like.
    const originals = deletes.filter((key) => !/-w\d+\.(avif|webp)$/.test(key));
    expect(originals.sort()).toEqual(urls.map(keyOf).sort());
    expect(deletes.length).toBe(urls.length * 11);
    for (const url of urls) expect(await stored(url)).toBe(false);
  });

  it('never leaves a product showing a photo the sweep deleted while it was being saved', async () => {
    const url = await upload();
    await age(url);
    let open = () => {};
    deleteGate = new Promise<void>((resolve) => {
      open = resolve;
    });
    let sweep: Promise<number> | undefined;
    try {
      sweep = sweepOrphanPhotos(t.database.db, media, new Date());
      // The sweep has claimed the row and waits on the storage; the save comes now and waits for the row.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const save = saveProduct([url]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      open();
      const saved = await save;
      expect(saved.status).toBe(400);
      expect(saved.body.detail).toBe(SERVER_MESSAGES.productPhotoGone);
      expect(await sweep).toBe(1);
    } finally {
      deleteGate = null;
      open();
      await sweep;
    }
  });

  it('runs in the server soon after the start, and stops with it', async () => {
    const url = await upload();
    await age(url);
    const worker = startPhotoSweepWorker({
      db: t.database.db,
      media,
      log: t.app.log,
      firstPassMs: 10,
      intervalMs: 60_000,
    });
    try {
      await expect.poll(() => recorded(url), { timeout: 5_000 }).toBe(false);
    } finally {
      await worker.stop();
    }
    expect(await stored(url)).toBe(false);
  });
});
