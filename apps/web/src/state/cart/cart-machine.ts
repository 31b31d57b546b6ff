import { readOutOfStock } from '@mandado/shared/api-error-text';
import type { CartLineInput, Cart as ServerCart } from '@mandado/shared/cart.schemas';
import { CART_MAX_LINES, capLineQuantity, lineQuantityCap } from '@mandado/shared/cart-rules';
import type { City, Product } from '@mandado/shared/catalog.schemas';

/**
 * The cart of spec §4 as a pure state machine: `cartTransition(state, event, context)` gives the next state
 * and the effects to run. The app store applies the local effects (select a city or a store, a notification)
 * at once and queues the server effects, which `app/cart/cart-sync-host.tsx` drains in order with the API.
 * Nothing here touches the network, storage or the clock, so every rule is a table test. The machine deals
 * with the lines, the city and the sync only: whether the strip or the expanded cart is open lives in
 * `cart-ui-slice.ts`, which follows the `open-strip` effect and closes both when the cart empties.
 *
 * Types only from the shared schemas (importing a value would bring zod into the first load); the quantity
 * rules and the out-of-stock reader come from zod-free shared modules.
 */

export interface CartItem {
  product: Product;
  /** Spec §3: "lines with a count, default 1". */
  count: number;
}

/** A cart change the shopper makes; while a server load is in flight they are kept and replayed on its answer. */
export type CartChange =
  | { type: 'add'; product: Product; quantity?: number }
  | { type: 'increase'; productId: number }
  | { type: 'decrease'; productId: number }
  | { type: 'remove'; productId: number }
  | { type: 'set-count'; productId: number; count: number }
  | { type: 'empty' };

export type CartEvent =
  | CartChange
  /**
   * Who-am-I answered: the user's account id, or null for a visitor. `saved` is the copy in local storage,
   * kept aside (the owner's only) for when the server cart cannot be fetched at start.
   */
  | { type: 'session'; userId: string | null; saved?: StoredCart | null }
  /** GET /v1/cart/ answered (the effect `load`); a different `passedCity` empties the restored cart. */
  | { type: 'server-loaded'; cart: ServerCart; passedCity?: City | null }
  /** GET /v1/cart/ failed (it is retried later). */
  | { type: 'server-load-failed' }
  /** A server write failed with this HTTP status (0: no answer) and answer body; 401 is the host's. */
  | { type: 'server-write-failed'; effect: CartServerEffect; status: number; body?: unknown }
  /** The sync host's retry, after a back-off, of what a failed call left behind. */
  | { type: 'resync' }
  /** Spec §4 City change → On accept. */
  | { type: 'change-city'; city: City }
  /**
   * The visitor's cart saved in this browser, read back and checked against the catalog (decision 032): its
   * lines join the cart (on top of anything added meanwhile), and from now on a visitor's changes are saved.
   */
  | { type: 'visitor-restored'; items: CartItem[] }
  /** Spec §4 Repeat order: load the cart, add the order's products, take the city from the result. */
  | { type: 'repeat-order'; lines: { product: Product; quantity: number }[] };

/** Effects on the server cart (logged-in users only), run in order by the sync host. */
export type CartServerEffect =
  | { type: 'load' }
  | { type: 'set-city'; cityName: string }
  | { type: 'replace'; lines: CartLineInput[] }
  /** POST /v1/cart/add/ sets the line's quantity (it does not add to it). */
  | { type: 'set-line'; productId: number; quantity: number }
  | { type: 'delete-line'; productId: number }
  | { type: 'clear' };

/** Effects on the rest of the app, applied by the store right away. */
export type CartLocalEffect =
  | { type: 'select-city'; city: City }
  | { type: 'select-store'; storeId: number }
  /** Spec §4 Opening: an add, or a restored non-empty cart, opens the cart strip. */
  | { type: 'open-strip' }
  /**
   * A count asked above what the line may hold was cut to `count`: the shopper is told (the stock, or the
   * per-line limit).
   */
  | { type: 'notify-quantity-cap'; productName: string; count: number; cappedBy: 'stock' | 'limit' }
  /** The writes still queued are stale: the whole cart is sent again instead (loads stay). */
  | { type: 'drop-queued-writes' };

export type CartEffect = CartServerEffect | CartLocalEffect;

export interface PendingLoad {
  /**
   * 'restore' at app start with a session (the server holds the cart) and for a repeat order; 'sync' right
   * after a login; 'reconcile' after the server refused a write (its cart is the truth, nothing selected).
   */
  mode: 'restore' | 'sync' | 'reconcile';
  /** Whether the local cart had items when the load started (sync: local items win over the server's). */
  hadItems: boolean;
  /** Changes made while the load was in flight, replayed on top of its answer. */
  pending: CartChange[];
  /** The copy saved on this device (restore at start): shown, with `pending` on top, if the load fails. */
  saved: CartItem[] | null;
}

export interface CartState {
  session: 'unknown' | 'visitor' | 'user';
  /** The logged-in user's account id (who-am-I's user_account_id); the saved copy is theirs only. */
  userId: string | null;
  items: CartItem[];
  /**
   * The id of the server cart's city as far as we know (null: unknown); the server refuses products until it
   * has one. Cities are compared by id, never by name.
   */
  serverCityId: number | null;
  loading: PendingLoad | null;
  /**
   * The server is behind the screen after a call that got no usable answer (no connection, a 5xx):
   * 'replace' — send the whole cart again (the next change does it at once); a load — fetch again, its
   * changes still to replay (changes meanwhile join them). The sync host dispatches `resync` after a back-off.
   */
  retry: 'replace' | PendingLoad | null;
  /**
   * Decision 032: 'pending' until the visitor's saved cart has been read back (nothing is written before, or
   * an early add would overwrite the saved cart); 'restored' after. A logout starts 'pending' again.
   */
  visitorCopy: 'pending' | 'restored';
}

export interface CartContext {
  /** The app's delivery city (restored from storage at start, spec §4). */
  appCity: City | null;
}

export interface CartResult {
  state: CartState;
  effects: CartEffect[];
}

export const INITIAL_CART_STATE: CartState = {
  session: 'unknown',
  userId: null,
  items: [],
  serverCityId: null,
  loading: null,
  retry: null,
  visitorCopy: 'pending',
};

export function cartUnits(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + item.count, 0);
}

/** The most of a product one cart can hold: the shared rule (the per-line limit, never more than the stock). */
export function maxCount(product: Pick<Product, 'stock'>): number {
  return lineQuantityCap(product.stock);
}

function toLineInputs(items: readonly CartItem[]): CartLineInput[] {
  return items.map((item) => ({ product_id: item.product.id, quantity: item.count }));
}

/** No answer, or the server failed: whether the write was applied is unknown, so it is sent again. */
export function isUnreachable(status: number): boolean {
  return status === 0 || status >= 500;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isLoad(retry: CartState['retry']): retry is PendingLoad {
  return retry !== null && retry !== 'replace';
}

const OPEN_STRIP: CartLocalEffect = { type: 'open-strip' };

/**
 * One shopper change. `sync` says whether the server hears of it: only for a logged-in user, and not while
 * a load is in flight (the change is replayed, with its server effect, once the load has answered).
 */
function applyChange(state: CartState, change: CartChange, context: CartContext, sync: boolean): CartResult {
  const effects: CartEffect[] = [];
  let serverCityId = state.serverCityId;

  /** The server refuses products until its cart has a city: give it the app's first. */
  function ensureServerCity(): void {
    const city = context.appCity;
    if (city && serverCityId !== city.id) {
      effects.push({ type: 'set-city', cityName: city.name });
      serverCityId = city.id;
    }
  }

  function setCount(productId: number, requested: number): CartResult {
    const item = state.items.find((line) => line.product.id === productId);
    if (!item) return { state, effects };
    if (requested < 1) return remove(productId);
    const count = capped(item.product, Math.trunc(requested));
    if (count === item.count) return { state, effects };
    const items = state.items.map((line) => (line.product.id === productId ? { ...line, count } : line));
    if (sync) {
      ensureServerCity();
      effects.push({ type: 'set-line', productId, quantity: count });
    }
    return { state: { ...state, items, serverCityId }, effects };
  }

  /** The count the line may hold; a cut one is told to the shopper (even when the line is there already). */
  function capped(product: Product, requested: number): number {
    const { count, cappedBy } = capLineQuantity(requested, product.stock);
    if (cappedBy) effects.push({ type: 'notify-quantity-cap', productName: product.name, count, cappedBy });
    return count;
  }

  function remove(productId: number): CartResult {
    if (!state.items.some((line) => line.product.id === productId)) return { state, effects };
    const items = state.items.filter((line) => line.product.id !== productId);
    if (sync) effects.push({ type: 'delete-line', productId });
    return { state: { ...state, items }, effects };
  }

  switch (change.type) {
    case 'add': {
      const quantity = Math.max(1, Math.trunc(change.quantity ?? 1));
      const existing = state.items.find((line) => line.product.id === change.product.id);
      if (existing) {
        const result = setCount(change.product.id, existing.count + quantity);
        return { ...result, effects: [...result.effects, OPEN_STRIP] };
      }
      // An out-of-stock product cannot be added (the catalog disables the button as well).
      if (change.product.stock <= 0) return { state, effects };
      const count = capped(change.product, quantity);
      const items = [...state.items, { product: change.product, count }];
      if (sync) {
        ensureServerCity();
        effects.push({ type: 'set-line', productId: change.product.id, quantity: count });
      }
      effects.push(OPEN_STRIP);
      return { state: { ...state, items, serverCityId }, effects };
    }
    case 'increase': {
      const item = state.items.find((line) => line.product.id === change.productId);
      return item ? setCount(change.productId, item.count + 1) : { state, effects };
    }
    case 'decrease': {
      const item = state.items.find((line) => line.product.id === change.productId);
      if (!item) return { state, effects };
      return item.count > 1 ? setCount(change.productId, item.count - 1) : remove(change.productId);
    }
    case 'remove':
      return remove(change.productId);
    case 'set-count':
      return Number.isFinite(change.count) ? setCount(change.productId, change.count) : { state, effects };
    case 'empty': {
      // Spec §4 Empty: counts reset to 1 (a product added again starts at 1) and the cart is cleared.
      if (sync) effects.push({ type: 'clear' });
      return { state: { ...state, items: [] }, effects };
    }
  }
}

function applyChanges(
  state: CartState,
  changes: readonly CartChange[],
  context: CartContext,
  sync: boolean,
): CartResult {
  let current = state;
  const effects: CartEffect[] = [];
  for (const change of changes) {
    const result = applyChange(current, change, context, sync);
    current = result.state;
    effects.push(...result.effects);
  }
  return { state: current, effects };
}

/**
 * Spec §4 Restore for a logged-in user. `passedCity`, when given and different from the cart's city, empties
 * the cart (a city chosen elsewhere wins over the cart's).
 */
export function restoreFromServer(
  state: CartState,
  server: ServerCart,
  context: CartContext,
  passedCity: City | null = null,
): CartResult {
  const effects: CartEffect[] = [];
  let city = server.city;
  let serverCityId = server.city?.id ?? null;
  if (!city) {
    // No city on the server: take the stored one and give it to the server cart.
    city = context.appCity;
    if (city) {
      effects.push({ type: 'set-city', cityName: city.name });
      serverCityId = city.id;
    }
    // An empty cart as well: nothing more to restore.
    if (server.products.length === 0) return { state: { ...state, serverCityId }, effects };
  }
  let items: CartItem[] = server.products.map((line) => ({ product: line.product, count: line.quantity }));
  if (city) effects.push({ type: 'select-city', city });
  const first = items[0];
  if (first) effects.push({ type: 'select-store', storeId: first.product.store_id });
  if (passedCity && city && passedCity.id !== city.id) {
    items = [];
    if (server.products.length > 0) effects.push({ type: 'clear' });
  }
  // Restoring a non-empty cart opens the cart panel.
  if (items.length > 0) effects.push(OPEN_STRIP);
  return { state: { ...state, serverCityId, items }, effects };
}

/**
 * Spec §4 Sync, with decision 032's merge: the local items are sent (set the server city when it differs, then
 * replace). When the account's cart is for the app's city, its lines stay and the visitor's join them (a
 * product in both gets both counts, capped); a cart for another city is replaced, as the spec says.
 */
function syncWithServer(state: CartState, server: ServerCart, context: CartContext): CartResult {
  const sameCity = server.city !== null && context.appCity !== null && server.city.id === context.appCity.id;
  const items = sameCity
    ? mergeCartItems(
        server.products.map((line) => ({ product: line.product, count: line.quantity })),
        state.items,
      )
    : state.items;
  const sent = sendWholeCart({ ...state, items, serverCityId: server.city?.id ?? null }, context);
  return {
    state: sent.state,
    effects: state.items.length > 0 ? [...sent.effects, OPEN_STRIP] : sent.effects,
  };
}

/**
 * The whole local cart goes to the server: its city first when the server's differs or is unknown, then the
 * lines (a replacement is all or nothing, so it also repairs whatever a failed write left half done).
 */
function sendWholeCart(state: CartState, context: CartContext): CartResult {
  const effects: CartEffect[] = [];
  let serverCityId = state.serverCityId;
  const city = context.appCity;
  if (city && serverCityId !== city.id) {
    effects.push({ type: 'set-city', cityName: city.name });
    serverCityId = city.id;
  }
  effects.push({ type: 'replace', lines: toLineInputs(state.items) });
  return { state: { ...state, serverCityId, retry: null }, effects };
}

/** The server's items replace the screen's (a refused write: the server's cart is the truth). */
function reconcileWithServer(state: CartState, server: ServerCart): CartState {
  const items = server.products.map((line) => ({ product: line.product, count: line.quantity }));
  return { ...state, serverCityId: server.city?.id ?? null, items };
}

function startLoad(
  state: CartState,
  mode: PendingLoad['mode'],
  pending: CartChange[] = [],
  saved: CartItem[] | null = null,
): CartResult {
  if (state.loading) {
    // One load at a time: later changes join the one in flight.
    return {
      state: { ...state, loading: { ...state.loading, pending: [...state.loading.pending, ...pending] } },
      effects: [],
    };
  }
  return {
    state: { ...state, loading: { mode, hadItems: state.items.length > 0, pending, saved } },
    effects: [{ type: 'load' }],
  };
}

/** A session starts: at app start the server cart is restored, during the visit the visitor's is synced. */
function startSession(state: CartState, userId: string, saved: StoredCart | null | undefined): CartResult {
  if (state.session === 'user') {
    if (state.userId === userId) return { state, effects: [] };
    // Another account: nothing of the previous one's cart stays.
    return startLoad({ ...INITIAL_CART_STATE, session: 'user', userId }, 'sync');
  }
  if (state.session === 'visitor') return startLoad({ ...state, session: 'user', userId }, 'sync');
  // Anything added before who-am-I answered goes on top of the restored cart.
  const early: CartChange[] = state.items.map((item) => ({
    type: 'add',
    product: item.product,
    quantity: item.count,
  }));
  const ownCopy = saved?.user_account_id === userId ? saved.items : null;
  return startLoad({ ...state, session: 'user', userId }, 'restore', early, ownCopy);
}

/** A write the server did not take (spec §8 text shown by the host); what the cart does about it. */
function writeFailed(
  state: CartState,
  event: Extract<CartEvent, { type: 'server-write-failed' }>,
  context: CartContext,
): CartResult {
  if (state.session !== 'user') return { state, effects: [] };
  if (isUnreachable(event.status)) {
    // Applied or not, nobody knows: the queued writes are dropped and the whole cart (with its city, which may
    // not have been set either) goes again, on the next change or on the host's retry. A failed load keeps its
    // own retry (its changes are replayed on its answer).
    return {
      state: { ...state, serverCityId: null, retry: isLoad(state.retry) ? state.retry : 'replace' },
      effects: [{ type: 'drop-queued-writes' }],
    };
  }
  const productId = event.effect.type === 'replace' ? (readOutOfStock(event.body)?.productId ?? null) : null;
  if (productId !== null) {
    // A replacement is all or nothing (the login sync): the line the server named goes, the rest is sent again.
    const next = { ...state, items: state.items.filter((line) => line.product.id !== productId) };
    if (state.loading) return { state: { ...next, retry: 'replace' }, effects: [] };
    if (isLoad(state.retry)) return { state: next, effects: [] };
    return sendWholeCart(next, context);
  }
  // Any other refusal: the server's cart is the truth (a load already on its way brings it).
  if (state.loading || isLoad(state.retry)) return { state, effects: [] };
  return startLoad({ ...state, retry: null }, 'reconcile');
}

export function cartTransition(state: CartState, event: CartEvent, context: CartContext): CartResult {
  switch (event.type) {
    case 'add':
    case 'increase':
    case 'decrease':
    case 'remove':
    case 'set-count':
    case 'empty': {
      const load = state.loading ?? (isLoad(state.retry) ? state.retry : null);
      if (load) {
        // Shown at once, told to the server after the load (replayed on its answer, or already in the local
        // items a sync sends).
        const result = applyChange(state, event, context, false);
        const joined = { ...load, pending: [...load.pending, event] };
        const next = state.loading ? { loading: joined } : { retry: joined };
        return { state: { ...result.state, ...next }, effects: result.effects };
      }
      if (state.session === 'user' && state.retry === 'replace') {
        // The server is behind: this change sends the whole cart instead of its own write.
        const result = applyChange(state, event, context, false);
        return result.state === state ? result : sendWholeCart(result.state, context);
      }
      return applyChange(state, event, context, state.session === 'user');
    }
    case 'session': {
      if (event.userId !== null) return startSession(state, event.userId, event.saved);
      if (state.session === 'user') {
        // Logout (or an expired session): the cart was the user's; a visitor starts empty.
        return { state: { ...INITIAL_CART_STATE, session: 'visitor' }, effects: [] };
      }
      return { state: { ...state, session: 'visitor' }, effects: [] };
    }
    case 'server-loaded': {
      const loading = state.loading;
      if (!loading || state.session !== 'user') return { state: { ...state, loading: null }, effects: [] };
      const base = { ...state, loading: null };
      if (state.retry === 'replace') {
        // A write got lost meanwhile: the screen holds changes the server may lack, so it wins.
        return sendWholeCart({ ...base, serverCityId: event.cart.city?.id ?? null }, context);
      }
      if (loading.mode === 'sync' && loading.hadItems) {
        // The local items, changes included, replace the server's.
        return syncWithServer(base, event.cart, context);
      }
      if (loading.mode === 'reconcile') {
        return withoutNotices(
          applyChanges(reconcileWithServer(base, event.cart), loading.pending, context, true),
        );
      }
      // The server's items, then the changes made meanwhile on top (with their server effects). The changes
      // were shown on the pre-load items; the server's list replaces those.
      const restored = restoreFromServer(
        { ...base, items: [] },
        event.cart,
        context,
        event.passedCity ?? null,
      );
      const cityAfter = selectedCity(restored.effects) ?? context.appCity;
      // The changes were told (capped counts included) when they were made: only their server effects remain.
      const replayed = withoutNotices(
        applyChanges(restored.state, loading.pending, { appCity: cityAfter }, true),
      );
      return { state: replayed.state, effects: [...restored.effects, ...replayed.effects] };
    }
    case 'server-load-failed': {
      const loading = state.loading;
      if (!loading || state.session !== 'user') return { state: { ...state, loading: null }, effects: [] };
      // Without the server, the copy saved on this device (at start) with the changes made since on top is the
      // best we have; the load is retried later and its changes replayed on its answer.
      const base: CartState = {
        ...state,
        loading: null,
        retry: state.retry === 'replace' ? 'replace' : { ...loading, saved: null },
      };
      if (!loading.saved) return { state: base, effects: [] };
      const merged = applyChanges({ ...base, items: loading.saved }, loading.pending, context, false).state;
      return { state: merged, effects: merged.items.length > 0 ? [OPEN_STRIP] : [] };
    }
    case 'server-write-failed':
      return writeFailed(state, event, context);
    case 'resync': {
      if (state.session !== 'user' || state.loading || state.retry === null) return { state, effects: [] };
      if (state.retry === 'replace') return sendWholeCart(state, context);
      return { state: { ...state, loading: state.retry, retry: null }, effects: [{ type: 'load' }] };
    }
    case 'change-city': {
      const effects: CartEffect[] = [];
      let serverCityId = state.serverCityId;
      if (state.session === 'user') {
        effects.push({ type: 'clear' }, { type: 'set-city', cityName: event.city.name });
        serverCityId = event.city.id;
      }
      // A load still in flight (or to retry) answers with the old city's cart: its answer is ignored.
      return { state: { ...state, items: [], serverCityId, loading: null, retry: null }, effects };
    }
    case 'visitor-restored': {
      let result: CartResult = { state: { ...state, visitorCopy: 'restored' }, effects: [] };
      // As adds: the counts are capped, a logged-in user's (a login meanwhile) reach the server.
      for (const line of event.items) {
        const next = cartTransition(
          result.state,
          { type: 'add', product: line.product, quantity: line.count },
          context,
        );
        result = { state: next.state, effects: [...result.effects, ...next.effects] };
      }
      return withoutNotices(result);
    }
    case 'repeat-order': {
      const changes: CartChange[] = event.lines.map((line) => ({
        type: 'add',
        product: line.product,
        quantity: line.quantity,
      }));
      if (state.session !== 'user') return applyChanges(state, changes, context, false);
      // Shown at once; told to the server on top of the loaded cart.
      const shown = applyChanges(state, changes, context, false).state;
      if (state.loading) {
        const loading = { ...state.loading, pending: [...state.loading.pending, ...changes] };
        return { state: { ...shown, loading }, effects: [] };
      }
      if (isLoad(state.retry)) {
        const retry = { ...state.retry, pending: [...state.retry.pending, ...changes] };
        return { state: { ...shown, retry }, effects: [] };
      }
      // Load the cart, then add on top of it; the restore selects the resulting city.
      return startLoad(shown, 'restore', changes);
    }
  }
}

function withoutNotices(result: CartResult): CartResult {
  return { ...result, effects: result.effects.filter((effect) => effect.type !== 'notify-quantity-cap') };
}

function selectedCity(effects: readonly CartEffect[]): City | null {
  for (const effect of effects) if (effect.type === 'select-city') return effect.city;
  return null;
}

const LOCAL_EFFECTS: ReadonlySet<CartEffect['type']> = new Set<CartLocalEffect['type']>([
  'select-city',
  'select-store',
  'open-strip',
  'notify-quantity-cap',
  'drop-queued-writes',
]);

export function isServerEffect(effect: CartEffect): effect is CartServerEffect {
  return !LOCAL_EFFECTS.has(effect.type);
}

/**
 * Consecutive replacements collapse into the last (each carries the whole cart), so a burst of changes
 * costs one request.
 */
export function coalesceServerEffects(effects: readonly CartServerEffect[]): CartServerEffect[] {
  const out: CartServerEffect[] = [];
  for (const effect of effects) {
    const last = out[out.length - 1];
    if (effect.type === 'replace' && last?.type === 'replace') out[out.length - 1] = effect;
    else if (effect.type === 'set-line' && last?.type === 'set-line' && last.productId === effect.productId) {
      out[out.length - 1] = effect;
    } else out.push(effect);
  }
  return out;
}

/**
 * The visitor's lines joined to the account's at login (decision 032): the account's lines first; a product in
 * both gets both counts, capped by the stock and the per-line limit; new lines follow while the cart has room.
 * The server's product (the fresher price and stock) is kept for a shared line.
 */
export function mergeCartItems(server: readonly CartItem[], visitor: readonly CartItem[]): CartItem[] {
  const merged = server.map((line) => ({ ...line }));
  for (const line of visitor) {
    const existing = merged.find((item) => item.product.id === line.product.id);
    if (existing) {
      existing.count = Math.min(existing.count + line.count, lineQuantityCap(existing.product.stock));
    } else if (merged.length < CART_MAX_LINES && line.product.stock > 0) {
      merged.push({
        product: line.product,
        count: Math.min(line.count, lineQuantityCap(line.product.stock)),
      });
    }
  }
  return merged;
}

/** What local storage keeps (spec §4 Saving): the logged-in user's cart, with whose it is. */
export interface StoredCart {
  user_account_id: string;
  items: CartItem[];
}

/**
 * The copy to save now, or null for "do not save": never a visitor's cart, and not while the server cart is
 * being restored (the screen is not the whole cart yet, and the saved copy is the fallback if that fails).
 */
export function cartToStore(state: CartState): StoredCart | null {
  if (state.session !== 'user' || state.userId === null || state.loading?.mode === 'restore') return null;
  return { user_account_id: state.userId, items: state.items };
}

export function isStoredProduct(value: unknown): value is Product {
  return (
    isRecord(value) &&
    typeof value.id === 'number' &&
    typeof value.name === 'string' &&
    typeof value.price === 'string' &&
    typeof value.currency === 'string' &&
    typeof value.store_id === 'number' &&
    typeof value.store_name === 'string' &&
    typeof value.stock === 'number' &&
    typeof value.discount === 'boolean' &&
    Array.isArray(value.images)
  );
}

/** A stored cart is read back only when it has the shape we wrote (storage is user-editable). */
export function isStoredCart(value: unknown): value is StoredCart {
  return (
    isRecord(value) &&
    typeof value.user_account_id === 'string' &&
    Array.isArray(value.items) &&
    value.items.every(
      (item: unknown) =>
        isRecord(item) &&
        isStoredProduct(item.product) &&
        typeof item.count === 'number' &&
        Number.isInteger(item.count) &&
        item.count >= 1,
    )
  );
}
