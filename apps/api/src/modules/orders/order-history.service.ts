import type { Cart } from '@mandado/shared/cart.schemas';
import { CART_MAX_LINES, CART_MAX_QUANTITY } from '@mandado/shared/cart-rules';
import type { OrderSummary } from '@mandado/shared/checkout.schemas';
import { MESSAGES } from '@mandado/shared/messages';
import { type Actor, requirePermission } from '../../authorization.ts';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../http-errors.ts';
import {
  dropUnavailableLines,
  findCartProducts,
  getCart,
  lockCartOf,
  putCartLine,
} from '../cart/cart.service.ts';
import { refundedMinorOfGroups } from '../refunds/refunds.service.ts';
import { presentOrderSummary } from './order-history.presenter.ts';
import {
  findOwnGroup,
  listGroupLines,
  listRemitterGroups,
  listStoresOfGroups,
  readCartQuantities,
} from './order-history.repository.ts';

/** 'Mis Compras' shows the newest orders; paging comes when someone has this many. */
const ORDER_LIST_LIMIT = 100;

/** Why a product of a repeated order did not go back into the cart (spec §4 Repeat order, §8). */
export const REPEAT_REASONS = {
  notSold: 'Ya no se vende',
  noStock: 'Sin stock',
  notDelivered: (city: string) => `La tienda no entrega en ${city}`,
  cartFull: MESSAGES.cartTooManyLines,
} as const;

/** The remitter's orders, newest first: three queries whatever their number. */
export async function listOrders(db: Database, actor: Actor | null): Promise<OrderSummary[]> {
  const { userId } = requirePermission(actor, 'account:own');
  const groups = await listRemitterGroups(db, userId, ORDER_LIST_LIMIT);
  const ids = groups.map((group) => group.id);
  const [stores, refundedOf] = await Promise.all([
    listStoresOfGroups(db, ids),
    refundedMinorOfGroups(db, ids),
  ]);
  return groups.map((group) =>
    presentOrderSummary(
      group,
      stores.filter((store) => store.groupId === group.id),
      refundedOf.get(group.id) ?? 0,
    ),
  );
}

export interface RepeatResult {
  cart: Cart;
  unavailable: Array<{ name: string; reason: string }>;
}

/**
 * 'Repetir pedido' (spec §4): the cart's city becomes the order's, as `setCartCity` does (lines that cannot
 * reach it go), then each product still sold there goes in, keeping the lines already in the cart. A
 * product already in the cart keeps the larger of the two quantities (repeating twice adds nothing more);
 * every quantity is capped at the stock. What could not be added is reported with its reason, never
 * dropped silently (§8). Another remitter's order, or a malformed number, is a 404.
 */
export async function repeatOrder(db: Database, actor: Actor | null, number: string): Promise<RepeatResult> {
  const { userId } = requirePermission(actor, 'account:own');
  const group = await findOwnGroup(db, userId, number);
  if (!group) throw notFound();
  const lines = await listGroupLines(db, group.id);

  // One product, one cart line: quantities of the same product sum (it can only be in one store order).
  const wanted = new Map<number, { name: string; quantity: number }>();
  const unavailable: RepeatResult['unavailable'] = [];
  for (const line of lines) {
    if (line.productId === null) {
      unavailable.push({ name: line.name, reason: REPEAT_REASONS.notSold });
      continue;
    }
    const seen = wanted.get(line.productId);
    wanted.set(line.productId, { name: line.name, quantity: (seen?.quantity ?? 0) + line.quantity });
  }

  // The transaction may run again after a deadlock (decision 036): what it reports is collected per run.
  const refused = await db.transaction(async (tx) => {
    const refusedNow: RepeatResult['unavailable'] = [];
    await lockCartOf(tx, userId, group.cityId);
    await dropUnavailableLines(tx, userId, group.cityId);
    const products = new Map(
      (await findCartProducts(tx, [...wanted.keys()], group.cityId)).map((product) => [product.id, product]),
    );
    const inCart = await readCartQuantities(tx, userId);
    for (const [productId, line] of wanted) {
      const product = products.get(productId);
      // Named as the order sold it: the shopper recognises what they bought.
      if (!product?.approved) {
        refusedNow.push({ name: line.name, reason: REPEAT_REASONS.notSold });
      } else if (!product.deliversToCity) {
        refusedNow.push({ name: line.name, reason: REPEAT_REASONS.notDelivered(group.cityName) });
      } else if (product.stock < 1) {
        refusedNow.push({ name: line.name, reason: REPEAT_REASONS.noStock });
      } else if (!inCart.has(productId) && inCart.size >= CART_MAX_LINES) {
        refusedNow.push({ name: line.name, reason: REPEAT_REASONS.cartFull });
      } else {
        const quantity = Math.min(
          Math.max(line.quantity, inCart.get(productId) ?? 0),
          product.stock,
          CART_MAX_QUANTITY,
        );
        await putCartLine(tx, { userId, productId, quantity });
        inCart.set(productId, quantity);
      }
    }
    return refusedNow;
  });
  return { cart: await getCart(db, actor), unavailable: [...unavailable, ...refused] };
}
