import { CART_MAX_LINES, lineQuantityCap } from '@mandado/shared/cart-rules';
import type { Product } from '@mandado/shared/catalog.schemas';
import { type CartItem, type CartState, isStoredProduct } from './cart-machine.ts';

/**
 * A visitor's cart kept in the browser (decision 032): it survives a reload and a new tab, is checked against
 * the catalog when it is read back, and joins the account's cart at login. Pure functions only; the slice
 * writes it and `app/cart/visitor-cart-restore.ts` reads it and asks the catalog.
 */

/** Bumped when the shape changes: a copy of another version is ignored, never half read. */
export const VISITOR_CART_VERSION = 1;

export interface VisitorCartCopy {
  version: typeof VISITOR_CART_VERSION;
  /** The delivery city the products were chosen for: a copy made for another city is dropped. */
  city_id: number | null;
  items: CartItem[];
}

/** The copy to write now, or null for "write nothing": a visitor's cart only, once the saved one was read. */
export function visitorCartToStore(state: CartState, cityId: number | null): VisitorCartCopy | null {
  if (state.session !== 'visitor' || state.visitorCopy !== 'restored') return null;
  return { version: VISITOR_CART_VERSION, city_id: cityId, items: state.items };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * What storage holds, read defensively (anyone can edit it): another version or a broken shape gives null,
 * a broken line is dropped (the others stay), a product twice keeps its first line, and no more lines than
 * a cart may hold.
 */
export function parseVisitorCart(value: unknown): VisitorCartCopy | null {
  if (!isRecord(value) || value.version !== VISITOR_CART_VERSION || !Array.isArray(value.items)) return null;
  const cityId = typeof value.city_id === 'number' && Number.isInteger(value.city_id) ? value.city_id : null;
  const items: CartItem[] = [];
  const seen = new Set<number>();
  for (const line of value.items as unknown[]) {
    if (!isRecord(line) || !isStoredProduct(line.product)) continue;
    const count = line.count;
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 1) continue;
    if (seen.has(line.product.id) || items.length >= CART_MAX_LINES) continue;
    seen.add(line.product.id);
    items.push({ product: line.product, count });
  }
  return { version: VISITOR_CART_VERSION, city_id: cityId, items };
}

export interface CatalogCheck {
  /** The products the catalog has now (an approved store's, with today's price and stock), by id. */
  products: ReadonlyMap<number, Product>;
  /** Stores whose catalog could not be fetched (no connection): their lines stay as saved, unchecked. */
  uncheckedStores?: ReadonlySet<number>;
}

export interface CheckedVisitorCart {
  items: CartItem[];
  /** Whether anything differs from the saved copy: a line gone, a price or a count changed. */
  changed: boolean;
}

/**
 * The saved lines against the catalog of now: a product the catalog no longer has (removed, its store not
 * approved) or out of stock is dropped, a line holds no more than the stock, and the price is today's. A copy
 * made for another city than the app's is dropped whole (its stores may not deliver here).
 */
export function recheckVisitorCart(
  copy: VisitorCartCopy,
  appCityId: number | null,
  check: CatalogCheck,
): CheckedVisitorCart {
  if (copy.items.length === 0) return { items: [], changed: false };
  if (appCityId === null || copy.city_id !== appCityId) return { items: [], changed: true };
  const items: CartItem[] = [];
  let changed = false;
  for (const line of copy.items) {
    if (check.uncheckedStores?.has(line.product.store_id)) {
      items.push(line);
      continue;
    }
    const product = check.products.get(line.product.id);
    if (!product || product.stock <= 0) {
      changed = true;
      continue;
    }
    const count = Math.min(line.count, lineQuantityCap(product.stock));
    if (
      count !== line.count ||
      product.price !== line.product.price ||
      product.merchant_discounted_price !== line.product.merchant_discounted_price
    ) {
      changed = true;
    }
    items.push({ product, count });
  }
  return { items, changed };
}
