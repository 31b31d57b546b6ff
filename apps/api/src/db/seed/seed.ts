import { returnableByDefault } from '@mandado/shared/return-status';
import { SETTINGS_REGISTRY } from '@mandado/shared/settings-registry';
import { foldText } from '@mandado/shared/text-fold';
import { and, eq, sql } from 'drizzle-orm';
import { renderProductImage, renderStoreLogo } from '../../modules/media/product-image.ts';
import type { Database } from '../database.ts';
import { categories, cities, departments, products, storeCities, stores } from '../schema/catalog.ts';
import { coupons } from '../schema/coupons.ts';
import { currencies, currencyRates } from '../schema/currencies.ts';
import { mediaFiles } from '../schema/media.ts';
import { settings } from '../schema/settings.ts';
import { storePayoutAccounts } from '../schema/staff.ts';
import type { StoreSeed } from './catalog-seed.types.ts';
import { DEMO_COUPONS } from './coupons.data.ts';
import { CURRENCIES, RATE_SET } from './currencies.data.ts';
import { DEPARTMENTS } from './departments.data.ts';
import { BUTCHER_STORES } from './stores-butchers.data.ts';
import { CLOTHING_STORES } from './stores-clothing.data.ts';
import { GREENGROCER_STORES } from './stores-greengrocers.data.ts';
import { OPTICIAN_STORES } from './stores-opticians.data.ts';
import { PHARMACY_STORES } from './stores-pharmacies.data.ts';
import { SUPERMARKET_STORES } from './stores-supermarkets.data.ts';
import { TOY_STORES } from './stores-toys.data.ts';

export const DEMO_STORES: readonly StoreSeed[] = [
  ...SUPERMARKET_STORES,
  ...PHARMACY_STORES,
  ...BUTCHER_STORES,
  ...GREENGROCER_STORES,
  ...CLOTHING_STORES,
  ...TOY_STORES,
  ...OPTICIAN_STORES,
];

/** Cities we deliver to. */
const SERVED_CITIES = ['Montevideo'];
const FREE_SHIPPING_THRESHOLD = '80.00';
const BANNER_DURATION_SECONDS = 3 * 24 * 3600;
/** Settings written with their registry defaults, so an operator sees and edits a row. */
const SEEDED_REGISTRY_KEYS = [
  'manual_payment_countries',
  'manual_payment_days',
  'support_email',
  'bank_account_bank_name',
  'bank_account_holder',
  'bank_account_number',
  'bank_account_routing_number',
  'bank_account_swift',
] as const;

/** Lowercase ASCII with dashes, for media keys. */
function slugify(text: string): string {
  return foldText(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * Writes the reference data and the demo catalog. Idempotent: every row is keyed by a natural key and an
 * existing row is left as it is, so running it again changes nothing.
 */
export async function seedDemoCatalog(db: Database, now: Date = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(departments)
      .values(DEPARTMENTS.map((d) => ({ id: d.idEstado, name: d.estado })))
      .onConflictDoNothing();
    await tx
      .insert(cities)
      .values(
        DEPARTMENTS.flatMap((d) =>
          d.ciudades.map((name) => ({
            name,
            departmentId: d.idEstado,
            served: SERVED_CITIES.includes(name),
          })),
        ),
      )
      .onConflictDoNothing();
    const cityRows = await tx.select({ id: cities.id, name: cities.name }).from(cities);
    const cityIdByName = new Map(cityRows.map((c) => [c.name, c.id]));

    await tx
      .insert(currencies)
      .values(CURRENCIES.map((c, index) => ({ ...c, sortIndex: index })))
      .onConflictDoNothing();
    await tx
      .insert(currencyRates)
      .values(Object.entries(RATE_SET.rates).map(([code, rate]) => ({ rateDate: RATE_SET.date, code, rate })))
      .onConflictDoNothing();
    await tx
      .insert(settings)
      .values([
        { key: 'free_shipping_threshold', value: FREE_SHIPPING_THRESHOLD },
        {
          key: 'header_banner_end_at',
          value: String(Math.floor(now.getTime() / 1000) + BANNER_DURATION_SECONDS),
        },
        // Manual payments (decision 021): the demo bank account, countries and days, stored so they can be
        // edited; their defaults come from the settings registry (decision 038).
        ...SEEDED_REGISTRY_KEYS.map((key) => {
          const value: unknown = SETTINGS_REGISTRY[key].default;
          return { key, value: Array.isArray(value) ? value.join(',') : String(value) };
        }),
      ])
      .onConflictDoNothing();
    await tx
      .insert(coupons)
      .values([...DEMO_COUPONS])
      .onConflictDoNothing();

    for (const store of DEMO_STORES) {
      await seedStore(tx, store, cityIdByName);
    }
  });
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

async function seedStore(
  tx: Transaction,
  store: StoreSeed,
  cityIdByName: Map<string, number>,
): Promise<void> {
  const cityId = cityIdByName.get(store.city);
  if (cityId === undefined) throw new Error(`Seed store ${store.name} is in an unknown city ${store.city}`);
  const storeKey = slugify(store.name);
  const logoKey = `stores/${storeKey}.svg`;
  await tx
    .insert(mediaFiles)
    .values({
      key: logoKey,
      contentType: 'image/svg+xml',
      body: renderStoreLogo({ name: store.name, kind: store.kind, seed: storeKey }),
    })
    .onConflictDoNothing();

  // A no-op update on conflict makes RETURNING give the existing row's id.
  const [storeRow] = await tx
    .insert(stores)
    .values({
      name: store.name,
      kind: store.kind,
      status: store.status,
      logo: `/media/${logoKey}`,
      addressLine1: store.addressLine1,
      addressLine2: store.addressLine2,
      zipCode: store.zipCode,
      rif: store.rif,
      sortIndex: store.sortIndex,
      latitude: store.latitude.toFixed(6),
      longitude: store.longitude.toFixed(6),
      cityId,
    })
    .onConflictDoUpdate({ target: stores.name, set: { name: sql`excluded.name` } })
    .returning({ id: stores.id });
  if (!storeRow) throw new Error(`Seed store ${store.name} was not written`);
  // Issue 31: a published store has a contact phone and a payout account. A demo store gets them once,
  // never over what its owner typed since.
  await tx
    .update(stores)
    .set({ phone: `+5982${String(9_000_000 + store.sortIndex * 101).slice(-7)}` })
    .where(and(eq(stores.id, storeRow.id), eq(stores.phone, '')));
  await tx
    .insert(storePayoutAccounts)
    .values({
      storeId: storeRow.id,
      bank: 'brou',
      accountNumber: `0010${String(storeRow.id * 7919)
        .padStart(10, '0')
        .slice(-10)}`,
      holderName: store.name,
      holderDocument: store.rif,
      holderDocumentKind: 'rut',
    })
    .onConflictDoNothing();

  const deliveryCityIds = store.deliversTo.map((name) => {
    const id = cityIdByName.get(name);
    if (id === undefined) throw new Error(`Seed store ${store.name} delivers to an unknown city ${name}`);
    return id;
  });
  await tx
    .insert(storeCities)
    .values(deliveryCityIds.map((id) => ({ storeId: storeRow.id, cityId: id })))
    .onConflictDoNothing();

  const categoryRows = await tx
    .insert(categories)
    .values(store.categories.map((c, index) => ({ storeId: storeRow.id, name: c.name, sortIndex: index })))
    .onConflictDoUpdate({ target: [categories.storeId, categories.name], set: { name: sql`excluded.name` } })
    .returning({ id: categories.id, name: categories.name });
  const categoryIdByName = new Map(categoryRows.map((c) => [c.name, c.id]));

  const productSeeds = store.categories.flatMap((category) =>
    category.products.map((product) => ({ category: category.name, product })),
  );
  const images = productSeeds.map(({ product }) => {
    const key = `products/${storeKey}/${slugify(product.name)}.svg`;
    return {
      key,
      contentType: 'image/svg+xml',
      body: renderProductImage({ name: product.name, motif: product.motif, seed: key }),
    };
  });
  await tx.insert(mediaFiles).values(images).onConflictDoNothing();
  await tx
    .insert(products)
    .values(
      productSeeds.map(({ category, product }, index) => ({
        storeId: storeRow.id,
        categoryId: categoryIdByName.get(category) ?? 0,
        name: product.name,
        description: product.description,
        price: product.price,
        currency: product.currency,
        discount: product.discountedPrice !== undefined,
        merchantDiscountedPrice: product.discountedPrice ?? null,
        images: [`/media/${images[index]?.key}`],
        popularity: product.popularity,
        stock: product.stock,
        // Issue 32 (decision 076): greengrocers', butchers' and pharmacies' goods are not returnable.
        returnable: returnableByDefault(store.kind),
      })),
    )
    .onConflictDoNothing();
}
