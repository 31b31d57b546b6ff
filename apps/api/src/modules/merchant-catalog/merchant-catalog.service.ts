import { randomUUID } from 'node:crypto';
import type { VatRate } from '@mandado/shared/iva';
import {
  type MerchantStockChange,
  type merchantProductInputSchema,
  type merchantProductQuerySchema,
  PRODUCT_STOCK_MAX,
} from '@mandado/shared/merchant-catalog.schemas';
import { MESSAGES } from '@mandado/shared/messages';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import { STAFF_MESSAGES } from '@mandado/shared/staff-messages';
import type { z } from 'zod';
import { type Actor, requireStoreOwner } from '../../authorization.ts';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import { HttpError } from '../../http-errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { prepareImage } from '../media/image-intake.ts';
import {
  type ImageVariant,
  putImageVariants,
  readImageVariant,
  renderImageVariants,
} from '../media/image-variants.ts';
import type { MediaStorage } from '../media/media-storage.ts';
import { storeProductPhoto, takeProductPhotos } from '../media/product-photos.service.ts';
import {
  changeStock,
  findStoreProduct,
  insertProduct,
  listStoreCategories,
  listStoreProducts,
  type MerchantProductRow,
  nameTakenByAnother,
  type ProductValues,
  readStoreCurrency,
  updateProduct,
} from './merchant-catalog.repository.ts';

type ProductInput = z.output<typeof merchantProductInputSchema>;
type ProductQuery = z.output<typeof merchantProductQuerySchema>;

/** Only a store's owners change its catalog (issue 18); staff members see its orders only. */
export function requireOwner(actor: Actor, storeId: number): void {
  requireStoreOwner(actor, storeId, STAFF_MESSAGES.catalogOwnersOnly);
}

/** The keyset cursor of the owner's list: the last row's name and id, opaque to the client. */
function encodeCursor(row: { name: string; id: number }): string {
  return Buffer.from(JSON.stringify([row.name, row.id])).toString('base64url');
}

function decodeCursor(cursor: string): { name: string; id: number } {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && typeof value[0] === 'string' && Number.isSafeInteger(value[1])) {
      return { name: value[0], id: Number(value[1]) };
    }
  } catch {
    // Falls through to the 400 below: a cursor is only ever one we made.
  }
  throw new HttpError(400, { detail: MESSAGES.invalidValue });
}

export async function listProducts(
  db: Database,
  actor: Actor,
  storeId: number,
  query: ProductQuery,
): Promise<{ rows: MerchantProductRow[]; nextCursor: string | null; currency: string }> {
  requireOwner(actor, storeId);
  const rows = await listStoreProducts(db, storeId, {
    search: query.q ? query.q : null,
    after: query.cursor ? decodeCursor(query.cursor) : null,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    rows: page,
    nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null,
    // The same reading a new product's price gets in createProduct, so the form's symbol is the saved one.
    currency: await readStoreCurrency(db, storeId),
  };
}

export async function getProduct(
  db: Database,
  actor: Actor,
  storeId: number,
  productId: number,
): Promise<MerchantProductRow> {
  requireOwner(actor, storeId);
  const row = await findStoreProduct(db, storeId, productId);
  if (!row) throw new HttpError(404, { detail: SERVER_MESSAGES.productNotFound });
  return row;
}

export async function listCategories(db: Database, actor: Actor, storeId: number) {
  requireOwner(actor, storeId);
  return listStoreCategories(db, storeId);
}

/** Where a photo uploaded for a store's products is kept and served (public: products are public). */
const PRODUCT_IMAGE_URL = /^\/media\/photos\/(\d+)\/([0-9a-f-]{36})\.webp$/;

export function productImageKey(storeId: number, fileId: string): string {
  return `products/${storeId}/${fileId}.webp`;
}

/** Photo URLs of this store's uploads, the only addresses besides a product's current images it may show. */
function isStorePhotoUrl(storeId: number, url: string): boolean {
  const match = PRODUCT_IMAGE_URL.exec(url);
  return match !== null && Number(match[1]) === storeId;
}

/**
 * The images the product may show: those it already has (the demo's drawings among them) and photos uploaded
 * for this same store through the upload route and still kept; never an address elsewhere, which would make
 * the shop load a third party's file, nor another store's photo. The store's uploaded photos among them are
 * marked as used (the orphan sweep passes them by); a new one the sweep already deleted, after a day in a
 * form never saved, is refused with a message to upload it again.
 */
async function checkImages(
  tx: DatabaseOrTransaction,
  storeId: number,
  images: readonly string[],
  current: readonly string[],
): Promise<string[]> {
  const unique = [...new Set(images)];
  const added = unique.filter((url) => !current.includes(url));
  if (added.some((url) => !isStorePhotoUrl(storeId, url))) {
    throw new HttpError(400, { detail: SERVER_MESSAGES.productImageNotOurs });
  }
  const kept = await takeProductPhotos(
    tx,
    storeId,
    unique.filter((url) => isStorePhotoUrl(storeId, url)),
  );
  if (added.some((url) => !kept.includes(url))) {
    throw new HttpError(400, { detail: SERVER_MESSAGES.productPhotoGone });
  }
  return unique;
}

async function valuesOf(
  tx: DatabaseOrTransaction,
  storeId: number,
  input: ProductInput,
  currentImages: readonly string[],
  currentVatRate: VatRate | null = null,
): Promise<ProductValues> {
  const categories = await listStoreCategories(tx, storeId);
  if (!categories.some((category) => category.id === input.category_id)) {
    throw new HttpError(400, { detail: SERVER_MESSAGES.categoryNotInStore });
  }
  return {
    name: input.name,
    description: input.description,
    categoryId: input.category_id,
    price: input.price,
    merchantDiscountedPrice: input.discounted_price,
    discount: input.discounted_price !== null,
    stock: input.stock,
    active: input.active,
    images: await checkImages(tx, storeId, input.images, currentImages),
    ...(input.returnable === undefined ? {} : { returnable: input.returnable }),
    vatRate: input.vat_rate === undefined ? currentVatRate : input.vat_rate,
  };
}

export async function createProduct(
  db: Database,
  actor: Actor,
  storeId: number,
  input: ProductInput,
): Promise<MerchantProductRow> {
  requireOwner(actor, storeId);
  return db.transaction(async (tx) => {
    const values = await valuesOf(tx, storeId, input, []);
    const currency = await readStoreCurrency(tx, storeId);
    const id = await insertProduct(tx, storeId, currency, values);
    if (id === null) throw new HttpError(409, { detail: SERVER_MESSAGES.productNameTaken });
    await recordAudit(tx, actor, {
      storeId,
      action: 'product.created',
      subject: `product:${id}`,
      detail: {
        name: values.name,
        price: values.price,
        stock: values.stock,
        active: values.active,
        vat_rate: values.vatRate,
      },
    });
    const row = await findStoreProduct(tx, storeId, id);
    if (!row) throw new Error(`product ${id} vanished inside its own transaction`);
    return row;
  });
}

/** The fields whose value the update changed, before and after, for the audit row. */
function changedFields(before: MerchantProductRow, after: ProductValues): Record<string, unknown> {
  const pairs: Array<[string, unknown, unknown]> = [
    ['name', before.name, after.name],
    ['description', before.description, after.description],
    ['category_id', before.categoryId, after.categoryId],
    ['price', before.price, after.price],
    ['discounted_price', before.merchantDiscountedPrice, after.merchantDiscountedPrice],
    ['stock', before.stock, after.stock],
    ['active', before.active, after.active],
    ['images', before.images, after.images],
    ['returnable', before.returnable, after.returnable ?? before.returnable],
    ['vat_rate', before.vatRate, after.vatRate],
  ];
  const changed: Record<string, unknown> = {};
  for (const [field, from, to] of pairs) {
    if (JSON.stringify(from) !== JSON.stringify(to)) changed[field] = { from, to };
  }
  return changed;
}

export async function replaceProduct(
  db: Database,
  actor: Actor,
  storeId: number,
  productId: number,
  input: ProductInput,
): Promise<MerchantProductRow> {
  requireOwner(actor, storeId);
  return db.transaction(async (tx) => {
    const before = await findStoreProduct(tx, storeId, productId);
    if (!before) throw new HttpError(404, { detail: SERVER_MESSAGES.productNotFound });
    const values = await valuesOf(tx, storeId, input, before.images, before.vatRate);
    if (await nameTakenByAnother(tx, storeId, values.name, productId)) {
      throw new HttpError(409, { detail: SERVER_MESSAGES.productNameTaken });
    }
    await updateProduct(tx, storeId, productId, values);
    await recordAudit(tx, actor, {
      storeId,
      action: 'product.updated',
      subject: `product:${productId}`,
      detail: changedFields(before, values),
    });
    const row = await findStoreProduct(tx, storeId, productId);
    if (!row) throw new Error(`product ${productId} vanished inside its own transaction`);
    return row;
  });
}

/** Quick stock from the list: a tap on +/− or 'Agotado'. Answers the stock after the change. */
export async function adjustStock(
  db: Database,
  actor: Actor,
  storeId: number,
  productId: number,
  change: MerchantStockChange,
): Promise<{ id: number; stock: number }> {
  requireOwner(actor, storeId);
  return db.transaction(async (tx) => {
    const result = await changeStock(tx, storeId, productId, change, PRODUCT_STOCK_MAX);
    if (!result) throw new HttpError(404, { detail: SERVER_MESSAGES.productNotFound });
    await recordAudit(tx, actor, {
      storeId,
      action: 'product.stock',
      subject: `product:${productId}`,
      detail: { from: result.before, to: result.after },
    });
    return { id: productId, stock: result.after };
  });
}

/**
 * A product photo from the owner's phone: checked by content and re-encoded without its metadata
 * (prepareImage, decision 041), stored under the store and served publicly at the URL answered, which the
 * product form then saves with the product.
 */
export async function uploadProductImage(
  db: Database,
  actor: Actor,
  storeId: number,
  bytes: Buffer,
  media: MediaStorage,
): Promise<{ url: string }> {
  requireOwner(actor, storeId);
  const image = await prepareImage(bytes);
  // The widths and formats the shop's srcset names (issue 30), encoded before the transaction opens.
  const variants = await renderImageVariants(image.body);
  const fileId = randomUUID();
  const url = `/media/photos/${storeId}/${fileId}.webp`;
  const key = productImageKey(storeId, fileId);
  // The photo's row and its audit row (issue 27) commit together; a storage failure rolls both back.
  await db.transaction(async (tx) => {
    await storeProductPhoto(tx, media, { key, url, storeId }, image);
    await putImageVariants(media, key, variants);
    await recordAudit(tx, actor, {
      storeId,
      action: 'product.photo_uploaded',
      subject: `store:${storeId}`,
      detail: { url },
    });
  });
  return { url };
}

/**
 * A public product photo by its URL's parts, or null (the route answers 404); with `variant`, that width
 * and format of it (issue 30), made from the photo at its first request if the upload predates variants.
 */
export async function readProductImage(
  media: MediaStorage,
  storeId: number,
  fileId: string,
  variant: ImageVariant | null = null,
) {
  const key = productImageKey(storeId, fileId);
  return variant ? readImageVariant(media, key, variant) : media.get(key);
}
