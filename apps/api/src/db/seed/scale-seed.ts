import { and, eq, like, sql } from 'drizzle-orm';
import { renderProductImage, renderStoreLogo } from '../../modules/media/product-image.ts';
import type { Database } from '../database.ts';
import { categories, cities, products, storeCities, stores } from '../schema/catalog.ts';
import { mediaFiles } from '../schema/media.ts';
import type { ImageMotif } from './catalog-seed.types.ts';

/**
 * `npm run db:seed -- --scale` (issue 18): a city's catalog at the size it will reach, about 100 stores and
 * 10,000 products in Montevideo, beside the demo catalog, with images drawn locally, so search, the store
 * pages and the owner's list are measured (`npm run bench -- --scale`) where they will have to stay fast.
 * Names are built from real grocery words (so a search finds tens or hundreds, as it would), deterministic
 * (the same run gives the same catalog) and idempotent (a second run adds nothing).
 */
export const SCALE_STORE_PREFIX = 'Almacén Escala';

const KINDS = ['store', 'pharmacy', 'greengrocer_shop', 'meat_shop'] as const;
const CATEGORIES = ['Almacén', 'Bebidas', 'Lácteos', 'Limpieza', 'Perfumería'];
const NOUNS = [
  'Yerba',
  'Café',
  'Arroz',
  'Fideos',
  'Aceite',
  'Harina',
  'Azúcar',
  'Leche',
  'Queso',
  'Yogur',
  'Galletitas',
  'Jabón',
  'Detergente',
  'Shampoo',
  'Agua',
  'Refresco',
  'Cerveza',
  'Vino',
  'Mermelada',
  'Dulce de leche',
];
const QUALITIES = ['clásico', 'suave', 'intenso', 'integral', 'light', 'premium', 'natural', 'familiar'];
const SIZES = ['250 g', '500 g', '1 kg', '1 L', '1,5 L', '2 L', 'x 6', 'x 12'];
const MOTIFS: readonly ImageMotif[] = ['bag', 'box', 'bottle', 'can', 'carton', 'jar', 'packet'];

/** A small deterministic generator (mulberry32): the same seed gives the same catalog on every machine. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function pick<T>(list: readonly T[], next: () => number): T {
  const item = list[Math.floor(next() * list.length)];
  if (item === undefined) throw new Error('empty list');
  return item;
}

export async function seedScaleCatalog(
  db: Database,
  options: { stores?: number; productsPerStore?: number } = {},
): Promise<{ stores: number; products: number }> {
  const storeCount = options.stores ?? 100;
  const perStore = options.productsPerStore ?? 100;
  const [city] = await db.select({ id: cities.id }).from(cities).where(eq(cities.name, 'Montevideo'));
  if (!city) throw new Error('Load the demo catalog first (npm run db:seed): Montevideo is missing');
  const existing = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(stores)
    .where(like(stores.name, `${SCALE_STORE_PREFIX}%`));
  if ((existing[0]?.count ?? 0) >= storeCount) return { stores: 0, products: 0 };

  let made = 0;
  for (let index = 1; index <= storeCount; index += 1) {
    const name = `${SCALE_STORE_PREFIX} ${String(index).padStart(3, '0')}`;
    const next = random(index);
    await db.transaction(async (tx) => {
      const logoKey = `stores/escala-${index}.svg`;
      const kind = pick(KINDS, next);
      await tx
        .insert(mediaFiles)
        .values({
          key: logoKey,
          contentType: 'image/svg+xml',
          body: renderStoreLogo({ name, kind, seed: logoKey }),
        })
        .onConflictDoNothing();
      const [store] = await tx
        .insert(stores)
        .values({
          name,
          kind,
          status: 'approved',
          logo: `/media/${logoKey}`,
          addressLine1: `Calle de prueba ${index}`,
          zipCode: '11200',
          rif: `21${String(index).padStart(6, '0')}0010`,
          sortIndex: 1000 + index,
          latitude: (-34.88 - next() * 0.05).toFixed(6),
          longitude: (-56.2 + next() * 0.1).toFixed(6),
          cityId: city.id,
        })
        .onConflictDoNothing()
        .returning({ id: stores.id });
      if (!store) return;
      await tx.insert(storeCities).values({ storeId: store.id, cityId: city.id }).onConflictDoNothing();
      const categoryRows = await tx
        .insert(categories)
        .values(CATEGORIES.map((category, sortIndex) => ({ storeId: store.id, name: category, sortIndex })))
        .returning({ id: categories.id });
      const names = new Set<string>();
      const rows: Array<typeof products.$inferInsert> = [];
      const images: Array<typeof mediaFiles.$inferInsert> = [];
      while (rows.length < perStore) {
        const productName = `${pick(NOUNS, next)} ${pick(QUALITIES, next)} ${pick(SIZES, next)} ${rows.length + 1}`;
        if (names.has(productName)) continue;
        names.add(productName);
        const key = `products/escala-${index}/${rows.length + 1}.svg`;
        images.push({
          key,
          contentType: 'image/svg+xml',
          body: renderProductImage({ name: productName, motif: pick(MOTIFS, next), seed: key }),
        });
        const price = 50 + Math.floor(next() * 1500);
        rows.push({
          storeId: store.id,
          categoryId: pick(categoryRows, next).id,
          name: productName,
          description: `${productName}. Producto de prueba del catálogo a escala.`,
          price: `${price}.00`,
          currency: 'UYU',
          images: [`/media/${key}`],
          popularity: Math.floor(next() * 1000),
          stock: Math.floor(next() * 40),
        });
      }
      for (let start = 0; start < rows.length; start += 500) {
        await tx
          .insert(mediaFiles)
          .values(images.slice(start, start + 500))
          .onConflictDoNothing();
        await tx.insert(products).values(rows.slice(start, start + 500));
      }
      made += rows.length;
    });
  }
  const [count] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(stores)
    .where(and(like(stores.name, `${SCALE_STORE_PREFIX}%`), eq(stores.status, 'approved')));
  return { stores: count?.count ?? 0, products: made };
}

/** The scaled orders' numbers start here (MV-5000001…), far above the sequence the demo orders use. */
const SCALE_ORDER_FIRST = 5_000_001;
const SCALE_REMITTER_EMAIL = 'escala.remitente@ejemplo.com';

/**
 * `npm run db:seed -- --scale` and `npm run bench -- --scale` (issue 19): 10,000 order groups, one store order
 * each, spread over the last 90 days — a quarter unpaid transfers, the rest paid cards in various states, from
 * four countries — so the back office's order list is measured at the size it will reach. Two INSERT … SELECT
 * over generate_series (seconds, not minutes); idempotent by the first number.
 */
export async function seedScaleOrders(db: Database, options: { groups?: number } = {}): Promise<number> {
  const count = options.groups ?? 10_000;
  const existing = await db.execute(
    sql`select 1 from order_groups where number = ${`MV-${SCALE_ORDER_FIRST}`} limit 1`,
  );
  if ((existing as unknown as { rows: unknown[] }).rows.length > 0) return 0;
  const [store] = await db
    .select({ id: stores.id, name: stores.name, address: stores.addressLine1 })
    .from(stores)
    .where(eq(stores.status, 'approved'))
    .orderBy(stores.id)
    .limit(1);
  const [city] = await db
    .select({ id: cities.id, name: cities.name })
    .from(cities)
    .where(eq(cities.name, 'Montevideo'));
  if (!store || !city) throw new Error('Load the demo catalog first (npm run db:seed)');
  await db.execute(sql`
    insert into users (account_id, email, password_hash, first_name, last_name, phone_e164, phone_formatted,
      referral_token)
    values (gen_random_uuid()::text, ${SCALE_REMITTER_EMAIL}, 'no-login', 'Remitente', 'Escala', '+14155552671',
      '+1 415 555 2671', md5('escala-remitente'))
    on conflict do nothing
  `);
  const first = SCALE_ORDER_FIRST;
  await db.execute(sql`
    insert into order_groups (number, remitter_id, status, payment_status, payment_method, processor, delivery,
      substitution, city_id, beneficiary, subtotal, discount, shipping, credit, total, country, delivery_from,
      delivery_to, tracking_token, paid_at, created_at, updated_at)
    select 'MV-' || (${first}::int + g - 1), u.id, 'confirmed',
      case when g % 4 = 0 then 'pending' else 'paid' end,
      case when g % 4 = 0 then 'bank_transfer' else 'card' end,
      case when g % 4 = 0 then 'manual' else 'sandbox' end,
      'standard', 'similar', ${city.id}::int,
      jsonb_build_object('firstName', (array['Rosa','José','María','Carmen','Luis'])[1 + g % 5],
        'lastName', (array['Fernández','Núñez','Pérez','Suárez','Rodríguez'])[1 + (g / 5) % 5],
        'addressLine1', 'Av. 18 de Julio ' || g, 'cityId', ${city.id}::int, 'cityName', ${city.name}::text,
        'stateName', 'Montevideo', 'stateId', 0, 'mobile', '(091) 123456', 'landline', '', 'residency', 'house',
        'latitude', '-34.905800', 'longitude', '-56.191300', 'email', '', 'deliveryNotes', '', 'meetingPoint', null),
      (10 + g % 90)::numeric(12, 2), 0, 3, 0, (13 + g % 90)::numeric(12, 2),
      (array['UY','AR','US','ES'])[1 + g % 4],
      to_char(now() - (g * interval '13 minutes'), 'YYYY-MM-DD'),
      to_char(now() - (g * interval '13 minutes') + interval '2 days', 'YYYY-MM-DD'),
      md5('escala-orden-' || g),
      case when g % 4 = 0 then null else now() - (g * interval '13 minutes') end,
      now() - (g * interval '13 minutes'), now() - (g * interval '13 minutes')
    from users u, generate_series(1, ${count}::int) g
    where u.email = ${SCALE_REMITTER_EMAIL}
  `);
  await db.execute(sql`
    insert into store_orders (group_id, number, store_id, store_name, store_address, status, subtotal, discount,
      shipping, credit, total, created_at, updated_at)
    select og.id, og.number || '-1', ${store.id}::int, ${store.name}::text, ${store.address}::text,
      case when og.payment_status = 'pending' then 'pending'
        else (array['approved','preparing_to_delivery','in_transit','delivered','fulfilled'])[1 + og.id % 5] end,
      og.subtotal, 0, og.shipping, 0, og.total, og.created_at, og.created_at
    from order_groups og
    where og.number like 'MV-5%' and length(og.number) = 10 and og.remitter_id =
      (select id from users where email = ${SCALE_REMITTER_EMAIL})
  `);
  return count;
}
