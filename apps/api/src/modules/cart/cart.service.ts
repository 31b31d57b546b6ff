import { outOfStockBody } from '@mandado/shared/api-error-text';
import type { Cart, CartLineInput } from '@mandado/shared/cart.schemas';
import { cartLinesFull, exceedsStock } from '@mandado/shared/cart-rules';
import { MESSAGES } from '@mandado/shared/messages';
import { effectivePrice } from '@mandado/shared/product-price';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import { quoteShipping, shippingFeesFrom } from '@mandado/shared/shipping';
import { availabilityReason, storeAvailability } from '@mandado/shared/store-availability';
import { type Actor, requirePermission } from '../../authorization.ts';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import { HttpError } from '../../http-errors.ts';
import { presentProduct } from '../catalog/product.presenter.ts';
import { getCurrencies } from '../currencies/currencies.service.ts';
import { requireServedCity } from '../locations/locations.service.ts';
import { getPublicSettings } from '../settings/settings.service.ts';
import { presentCart } from './cart.presenter.ts';
import {
  type CartLineRow,
  countCartLines,
  deleteAllCartLines,
  deleteCartLine,
  deleteOrderedCartLines,
  deleteUnavailableLines,
  findCartCity,
  findProductsForCart,
  listCartLines,
  lockCart,
  type ProductCheckRow,
  replaceCartLines,
  type Transaction,
  upsertCartLine,
} from './cart.repository.ts';

/**
 * The whole cart with its shipping preview (spec §1, §9): the same `quoteShipping` the web app runs, with
 * the newest stored rates and the free_shipping_threshold setting. Four queries whatever the number of lines.
 */
export async function getCart(db: Database, actor: Actor | null): Promise<Cart> {
  return cartOf(db, requirePermission(actor, 'account:own').userId);
}

async function cartOf(db: Database, userId: number): Promise<Cart> {
  const [city, lines, currencies, settings] = await Promise.all([
    findCartCity(db, userId),
    listCartLines(db, userId),
    getCurrencies(db),
    getPublicSettings(db),
  ]);
  const quote = quoteShipping({
    lines: lines.map((line) => ({
      storeId: line.storeId,
      storeCityId: line.storeCityId,
      unitPrice: effectivePrice(presentProduct(line)),
      currency: line.currency,
      quantity: line.quantity,
    })),
    deliveryCityId: city?.id ?? null,
    freeShippingThreshold: settings.free_shipping_threshold,
    rates: currencies.rates.rates,
    fees: shippingFeesFrom(settings),
  });
  return presentCart({ city, lines, quote });
}

/**
 * Sets the delivery city (a served city's name, accents and case aside; unknown → 404) and deletes the
 * lines whose stores do not deliver there, so the cart never holds what cannot reach the new city.
 */
export async function setCartCity(db: Database, actor: Actor | null, cityName: string): Promise<Cart> {
  const { userId } = requirePermission(actor, 'account:own');
  const city = await requireServedCity(db, cityName);
  await db.transaction(async (tx) => {
    await lockCart(tx, userId, city.id);
    await deleteUnavailableLines(tx, userId, city.id);
  });
  return cartOf(db, userId);
}

/**
 * Adds a line, or sets an existing line to `quantity`: the client sends the line's new count, so a retried
 * request changes nothing more (a raise-by semantics would double a retried +1).
 */
export async function addToCart(db: Database, actor: Actor | null, line: CartLineInput): Promise<Cart> {
  const { userId } = requirePermission(actor, 'account:own');
  await db.transaction(async (tx) => {
    const city = await lockedCartCity(tx, userId);
    const [product] = await findProductsForCart(tx, [line.product_id], city.id);
    const refusal = lineRefusal(product, line.quantity, city.name);
    if (refusal) throw refusal;
    await deleteUnavailableLines(tx, userId, city.id);
    const { lines, hasProduct } = await countCartLines(tx, userId, line.product_id);
    if (cartLinesFull(lines, hasProduct)) {
      throw new HttpError(400, { non_field_errors: [MESSAGES.cartTooManyLines] });
    }
    // A paused or closed store takes no new lines (issue 18). A line already in the cart can still change:
    // it was chosen while the store was open, and checkout counts its delivery from the reopening.
    const closedReason = product
      ? availabilityReason(product.storeName, storeAvailability(product, new Date()))
      : null;
    if (!hasProduct && closedReason) throw new HttpError(400, { detail: closedReason });
    await upsertCartLine(tx, { userId, productId: line.product_id, quantity: line.quantity });
  });
  return cartOf(db, userId);
}

/**
 * Replaces every line, all or nothing: the first offending line (in the list's order) refuses the whole
 * list and the cart stays as it was. The schema already refused duplicates and more than 100 lines.
 */
export async function replaceCart(
  db: Database,
  actor: Actor | null,
  lines: readonly CartLineInput[],
): Promise<Cart> {
  const { userId } = requirePermission(actor, 'account:own');
  await db.transaction(async (tx) => {
    if (lines.length === 0) {
      await lockCart(tx, userId);
      await replaceCartLines(tx, userId, []);
      return;
    }
    const city = await lockedCartCity(tx, userId);
    const found = await findProductsForCart(
      tx,
      lines.map((line) => line.product_id),
      city.id,
    );
    const byId = new Map(found.map((product) => [product.id, product]));
    for (const line of lines) {
      const refusal = lineRefusal(byId.get(line.product_id), line.quantity, city.name);
      if (refusal) throw refusal;
    }
    await replaceCartLines(
      tx,
      userId,
      lines.map((line) => ({ productId: line.product_id, quantity: line.quantity })),
    );
  });
  return cartOf(db, userId);
}

/** Removes the product's line; removing a line that is not there changes nothing. */
export async function removeFromCart(db: Database, actor: Actor | null, productId: number): Promise<Cart> {
  const { userId } = requirePermission(actor, 'account:own');
  await deleteCartLine(db, userId, productId);
  return cartOf(db, userId);
}

/** Removes every line; the delivery city stays. */
export async function emptyCart(db: Database, actor: Actor | null): Promise<Cart> {
  const { userId } = requirePermission(actor, 'account:own');
  await deleteAllCartLines(db, userId);
  return cartOf(db, userId);
}

/** Locks the cart and gives its city; a cart without one cannot take products (which stores deliver?). */
async function lockedCartCity(tx: Transaction, userId: number): Promise<{ id: number; name: string }> {
  const { cityId, cityName } = await lockCart(tx, userId);
  if (cityId === null || cityName === null)
    throw new HttpError(400, { detail: SERVER_MESSAGES.cartCityRequired });
  return { id: cityId, name: cityName };
}

/** Why the cart cannot hold `quantity` of this product for delivery to `cityName`, or null when it can. */
function lineRefusal(
  product: ProductCheckRow | undefined,
  quantity: number,
  cityName: string,
): HttpError | null {
  // A product of a store that is not approved is not for sale: answer as if it did not exist.
  if (!product?.approved) return new HttpError(400, { detail: SERVER_MESSAGES.cartProductUnavailable });
  if (!product.deliversToCity) {
    return new HttpError(400, { detail: SERVER_MESSAGES.cartProductNotInCity(product.name, cityName) });
  }
  if (exceedsStock(quantity, product.stock)) return new HttpError(400, outOfStockBody(product));
  return null;
}

// For checkout and "Repetir pedido" (the orders module), inside their transactions: the cart's SQL stays here.

/** Locks the user's cart row (made if missing, with `cityId`) and answers its city. */
export function lockCartOf(tx: Transaction, userId: number, cityId?: number): ReturnType<typeof lockCart> {
  return lockCart(tx, userId, cityId);
}

/** The user's cart lines, each with its product and the store's city. */
export function readCartLines(db: Database, userId: number): Promise<CartLineRow[]> {
  return listCartLines(db, userId);
}

/** Stock, price and store of these products, for the ones sold in the city; other ids are left out. */
export function findCartProducts(
  tx: Transaction,
  ids: readonly number[],
  cityId: number,
): Promise<ProductCheckRow[]> {
  return findProductsForCart(tx, ids, cityId);
}

/** Removes the lines whose product is no longer sold in the city. */
export function dropUnavailableLines(tx: Transaction, userId: number, cityId: number): Promise<void> {
  return deleteUnavailableLines(tx, userId, cityId);
}

/** Sets a line's quantity, adding the line when it is new. */
export function putCartLine(
  tx: Transaction,
  line: { userId: number; productId: number; quantity: number },
): Promise<void> {
  return upsertCartLine(tx, line);
}

/** After an order is placed or paid: the cart lines it bought leave the remitter's cart. */
export function removeOrderedLines(tx: DatabaseOrTransaction, groupId: number): Promise<void> {
  return deleteOrderedCartLines(tx, groupId);
}
