import type { CartLineInput, Cart as ServerCart } from '@mandado/shared/cart.schemas';
import type { City, Product } from '@mandado/shared/catalog.schemas';

/**
 * The cart of spec §4 as a pure state machine: `cartTransition(state, event, context)` gives the next state
 * and the effects to run. The app store applies the local effects (select a city or a store, a notification)
 * at once and queues the server effects, which `app/cart/cart-sync-host.tsx` drains in order with the API.
 * Nothing here touches the network, storage or the clock, so every rule is a table test.
 *
 * Types only from the shared schemas: importing a value would bring zod into the first load.
 */

/** The server's limit per line (CART_MAX_QUANTITY in cart.schemas; a test keeps the two equal). */
export const CART_MAX_QUANTITY = 99;

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
  /** Who-am-I answered: a user (true) or a visitor (false). */
  | { type: 'session'; loggedIn: boolean }
  /** GET /v1/cart/ answered (the effect `load`); a different `passedCity` empties the restored cart. */
  | { type: 'server-loaded'; cart: ServerCart; passedCity?: City | null }
  /** GET /v1/cart/ failed; `stored` is the copy in local storage, if any. */
  | { type: 'server-load-failed'; stored: CartItem[] | null }
  /** Spec §4 City change → On accept. */
  | { type: 'change-city'; city: City }
  /** Spec §4 Repeat order: load the cart, add the order's products, take the city from the result. */
  | { type: 'repeat-order'; lines: { product: Product; quantity: number }[] }
  | { type: 'route-changed'; pathname: string }
  | { type: 'close-strip' }
  | { type: 'open-expanded' }
  | { type: 'close-expanded' };

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
  | { type: 'notify-empty-cart' };

export type CartEffect = CartServerEffect | CartLocalEffect;

interface PendingLoad {
  /** 'restore' at app start with a session (the server holds the cart); 'sync' right after a login. */
  mode: 'restore' | 'sync';
  /** Whether the local cart had items when the load started (sync: local items win over the server's). */
  hadItems: boolean;
  /** Changes made while the load was in flight, replayed on top of its answer. */
  pending: CartChange[];
}

export interface CartState {
  session: 'unknown' | 'visitor' | 'user';
  items: CartItem[];
  /** The server cart's city as far as we know; a product can only be added once the server has one. */
  serverCity: string | null;
  stripOpen: boolean;
  expandedOpen: boolean;
  loading: PendingLoad | null;
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
  items: [],
  serverCity: null,
  stripOpen: false,
  expandedOpen: false,
  loading: null,
};

const CHECKOUT_PATH = '/checkout';

export function cartUnits(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + item.count, 0);
}

/** The most of a product one cart can hold: the server's limit, and never more than the stock. */
export function maxCount(product: Pick<Product, 'stock'>): number {
  return Math.max(1, Math.min(CART_MAX_QUANTITY, product.stock));
}

function sameCityName(a: string | null | undefined, b: string | null | undefined): boolean {
  return typeof a === 'string' && typeof b === 'string' && a.trim().toLowerCase() === b.trim().toLowerCase();
}

function toLineInputs(items: readonly CartItem[]): CartLineInput[] {
  return items.map((item) => ({ product_id: item.product.id, quantity: item.count }));
}

/** Spec §4 Opening / Expanded cart closing: an empty cart closes the strip and the expanded cart. */
function withItems(state: CartState, items: CartItem[]): CartState {
  return items.length === 0
    ? { ...state, items, stripOpen: false, expandedOpen: false }
    : { ...state, items };
}

/**
 * One shopper change. `sync` says whether the server hears of it: only for a logged-in user, and not while
 * a load is in flight (the change is replayed, with its server effect, once the load has answered).
 */
function applyChange(state: CartState, change: CartChange, context: CartContext, sync: boolean): CartResult {
  const effects: CartEffect[] = [];
  let serverCity = state.serverCity;

  /** The server refuses products until its cart has a city: give it the app's first. */
  function ensureServerCity(): void {
    const city = context.appCity;
    if (city && !sameCityName(serverCity, city.name)) {
      effects.push({ type: 'set-city', cityName: city.name });
      serverCity = city.name;
    }
  }

  function setCount(productId: number, requested: number): CartResult {
    const item = state.items.find((line) => line.product.id === productId);
    if (!item) return { state, effects };
    if (requested < 1) return remove(productId);
    const count = Math.min(Math.trunc(requested), maxCount(item.product));
    if (count === item.count) return { state, effects };
    const items = state.items.map((line) => (line.product.id === productId ? { ...line, count } : line));
    if (sync) {
      ensureServerCity();
      effects.push({ type: 'set-line', productId, quantity: count });
    }
    return { state: { ...withItems(state, items), serverCity }, effects };
  }

  function remove(productId: number): CartResult {
    if (!state.items.some((line) => line.product.id === productId)) return { state, effects };
    const items = state.items.filter((line) => line.product.id !== productId);
    if (sync) effects.push({ type: 'delete-line', productId });
    return { state: withItems(state, items), effects };
  }

  switch (change.type) {
    case 'add': {
      const quantity = Math.max(1, Math.trunc(change.quantity ?? 1));
      const existing = state.items.find((line) => line.product.id === change.product.id);
      if (existing) {
        const result = setCount(change.product.id, existing.count + quantity);
        return { ...result, state: { ...result.state, stripOpen: result.state.items.length > 0 } };
      }
      // An out-of-stock product cannot be added (the catalog disables the button as well).
      if (change.product.stock <= 0) return { state, effects };
      const count = Math.min(quantity, maxCount(change.product));
      const items = [...state.items, { product: change.product, count }];
      if (sync) {
        ensureServerCity();
        effects.push({ type: 'set-line', productId: change.product.id, quantity: count });
      }
      return { state: { ...state, items, serverCity, stripOpen: true }, effects };
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
      return { state: withItems(state, []), effects };
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
  let serverCity = server.city?.name ?? null;
  if (!city) {
    // No city on the server: take the stored one and give it to the server cart.
    city = context.appCity;
    if (city) {
      effects.push({ type: 'set-city', cityName: city.name });
      serverCity = city.name;
    }
    // An empty cart as well: nothing more to restore.
    if (server.products.length === 0) return { state: { ...state, serverCity }, effects };
  }
  let items: CartItem[] = server.products.map((line) => ({ product: line.product, count: line.quantity }));
  if (city) effects.push({ type: 'select-city', city });
  const first = items[0];
  if (first) effects.push({ type: 'select-store', storeId: first.product.store_id });
  if (passedCity && city && !sameCityName(passedCity.name, city.name)) {
    items = [];
    if (server.products.length > 0) effects.push({ type: 'clear' });
  }
  // Restoring a non-empty cart opens the cart panel.
  const next = withItems({ ...state, serverCity }, items);
  return { state: items.length > 0 ? { ...next, stripOpen: true } : next, effects };
}

/** Spec §4 Sync: local items win (set the server city when it differs, then replace); else restore. */
function syncWithServer(state: CartState, server: ServerCart, context: CartContext): CartResult {
  const effects: CartEffect[] = [];
  const city = context.appCity;
  let serverCity = server.city?.name ?? null;
  if (city && !sameCityName(serverCity, city.name)) {
    effects.push({ type: 'set-city', cityName: city.name });
    serverCity = city.name;
  }
  effects.push({ type: 'replace', lines: toLineInputs(state.items) });
  return { state: { ...state, serverCity, stripOpen: state.items.length > 0 }, effects };
}

function startLoad(state: CartState, mode: PendingLoad['mode'], pending: CartChange[] = []): CartResult {
  if (state.loading) {
    // One load at a time: later changes join the one in flight.
    return {
      state: { ...state, loading: { ...state.loading, pending: [...state.loading.pending, ...pending] } },
      effects: [],
    };
  }
  return {
    state: { ...state, loading: { mode, hadItems: state.items.length > 0, pending } },
    effects: [{ type: 'load' }],
  };
}

export function cartTransition(state: CartState, event: CartEvent, context: CartContext): CartResult {
  switch (event.type) {
    case 'add':
    case 'increase':
    case 'decrease':
    case 'remove':
    case 'set-count':
    case 'empty': {
      if (!state.loading) return applyChange(state, event, context, state.session === 'user');
      // Shown at once, told to the server after the load (replayed on its answer, or already in the local
      // items a sync sends).
      const result = applyChange(state, event, context, false);
      const loading = { ...state.loading, pending: [...state.loading.pending, event] };
      return { state: { ...result.state, loading }, effects: result.effects };
    }
    case 'session': {
      if (event.loggedIn) {
        if (state.session === 'user') return { state, effects: [] };
        // A session found at start restores the server cart; a login during the visit syncs the visitor's.
        if (state.session !== 'unknown') return startLoad({ ...state, session: 'user' }, 'sync');
        // Anything added before who-am-I answered goes on top of the restored cart.
        const early: CartChange[] = state.items.map((item) => ({
          type: 'add',
          product: item.product,
          quantity: item.count,
        }));
        return startLoad({ ...state, session: 'user' }, 'restore', early);
      }
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
      if (loading.mode === 'sync' && loading.hadItems) {
        // The local items, changes included, replace the server's.
        return syncWithServer(base, event.cart, context);
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
      const replayed = applyChanges(restored.state, loading.pending, { appCity: cityAfter }, true);
      return { state: replayed.state, effects: [...restored.effects, ...replayed.effects] };
    }
    case 'server-load-failed': {
      const base = { ...state, loading: null };
      if (state.items.length > 0 || !event.stored?.length) return { state: base, effects: [] };
      // Without the server, the copy saved on this device is the best we have.
      return { state: { ...base, items: event.stored, stripOpen: true }, effects: [] };
    }
    case 'change-city': {
      const effects: CartEffect[] = [];
      let serverCity = state.serverCity;
      if (state.session === 'user') {
        effects.push({ type: 'clear' }, { type: 'set-city', cityName: event.city.name });
        serverCity = event.city.name;
      }
      // A load still in flight answers with the old city's cart: its answer is ignored.
      return { state: { ...withItems(state, []), serverCity, loading: null }, effects };
    }
    case 'repeat-order': {
      const changes: CartChange[] = event.lines.map((line) => ({
        type: 'add',
        product: line.product,
        quantity: line.quantity,
      }));
      if (state.session !== 'user') return applyChanges(state, changes, context, false);
      if (state.loading) {
        // Joins the load in flight like any change made meanwhile.
        const shown = applyChanges(state, changes, context, false).state;
        const loading = { ...state.loading, pending: [...state.loading.pending, ...changes] };
        return { state: { ...shown, loading }, effects: [] };
      }
      // Load the cart, then add on top of it; the restore selects the resulting city.
      return startLoad(state, 'restore', changes);
    }
    case 'route-changed': {
      const onCheckout = event.pathname === CHECKOUT_PATH;
      return {
        state: {
          ...state,
          stripOpen: state.items.length > 0 && !onCheckout,
          expandedOpen: onCheckout ? false : state.expandedOpen,
        },
        effects: [],
      };
    }
    case 'close-strip':
      return { state: { ...state, stripOpen: false }, effects: [] };
    case 'open-expanded':
      if (state.items.length === 0) return { state, effects: [{ type: 'notify-empty-cart' }] };
      return { state: { ...state, expandedOpen: true }, effects: [] };
    case 'close-expanded':
      return { state: { ...state, expandedOpen: false }, effects: [] };
  }
}

function selectedCity(effects: readonly CartEffect[]): City | null {
  for (const effect of effects) if (effect.type === 'select-city') return effect.city;
  return null;
}

export function isServerEffect(effect: CartEffect): effect is CartServerEffect {
  return (
    effect.type !== 'select-city' && effect.type !== 'select-store' && effect.type !== 'notify-empty-cart'
  );
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

/** What local storage keeps (spec §4 Saving): the logged-in user's cart only; null means "do not save". */
export interface StoredCart {
  items: CartItem[];
}

export function cartToStore(state: CartState): StoredCart | null {
  return state.session === 'user' ? { items: state.items } : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isStoredProduct(value: unknown): value is Product {
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
