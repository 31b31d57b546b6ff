import type { Cart as ServerCart } from '@mandado/shared/cart.schemas';
import type { City, Product, Store } from '@mandado/shared/catalog.schemas';
import type { CartItem } from '../state/cart/cart-machine.ts';

/**
 * Test data for the web unit tests: each test builds the city, store, product or cart it needs and names only
 * what matters to it (a price, a stock), instead of copying literals or naming demo-seed products.
 */

let nextId = 1000;

/** A fresh id for a test object (above the ids tests pick by hand). */
export function nextTestId(): number {
  nextId += 1;
  return nextId;
}

export function aCity(overrides: Partial<City> = {}): City {
  return { id: 36, name: 'Montevideo', state: 'Montevideo', state_id: 10, ...overrides };
}

export function aStore(overrides: Partial<Store> = {}): Store {
  const id = overrides.id ?? nextTestId();
  return {
    id,
    name: `Tienda ${id}`,
    slug: `tienda-${id}`,
    logo: '',
    category: 'store',
    address_line1: 'Calle 1',
    address_line2: '',
    city: 'Montevideo',
    city_id: 36,
    state: 'Montevideo',
    zip_code: '11000',
    status: 'approved',
    rif: '',
    merchant: null,
    sort_index: 1,
    cities: ['Montevideo'],
    availability: { state: 'open', reopens_at: null, note: '', badge: null, reason: null },
    hours: null,
    preparation_minutes: null,
    latitude: -34.9,
    longitude: -56.16,
    created: '2026-01-01T00:00:00Z',
    modified: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

/** A product of store 1 ('Tienda 1'), UYU 100, stock 50, unless told otherwise. */
export function aProduct(overrides: Partial<Product> = {}): Product {
  const id = overrides.id ?? nextTestId();
  const storeId = overrides.store_id ?? 1;
  return {
    id,
    name: `Producto ${id}`,
    description: '',
    price: '100.00',
    merchant_discounted_price: null,
    discount: false,
    currency: 'UYU',
    images: [],
    store_id: storeId,
    store_name: `Tienda ${storeId}`,
    category: 'Almacén',
    category_id: 1,
    popularity: 1,
    stock: 50,
    ...overrides,
  };
}

export function aCartItem(product: Product = aProduct(), count = 1): CartItem {
  return { product, count };
}

/** The server's cart (GET /v1/cart/) holding these lines; the shipping preview is not the point of these tests. */
export function aServerCart(city: City | null = aCity(), lines: readonly CartItem[] = []): ServerCart {
  return {
    city,
    products: lines.map((line) => ({ quantity: line.count, product: line.product })),
    stores: [],
    subtotal: '0.00',
    shipping: '0.00',
    free_shipping: false,
  };
}
