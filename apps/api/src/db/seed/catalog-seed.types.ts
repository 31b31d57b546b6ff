import type { StoreKind } from '@mandado/shared/store-kinds';

/** Shapes of the demo catalog that `seed.ts` writes into the database. Data only; no logic. */

export interface DepartmentSeed {
  /** id_estado, 1–19 */
  idEstado: number;
  /** estado, e.g. 'Montevideo', 'Canelones' */
  estado: string;
  /** Main cities (ciudades) of the department; the first is its capital. */
  ciudades: string[];
}

/** A picture drawn by `product-image.ts`; see `IMAGE_MOTIFS` there. */
export type ImageMotif =
  | 'bottle'
  | 'carton'
  | 'can'
  | 'jar'
  | 'bag'
  | 'box'
  | 'packet'
  | 'loaf'
  | 'cheese'
  | 'meat'
  | 'chicken'
  | 'fish'
  | 'sausage'
  | 'apple'
  | 'citrus'
  | 'banana'
  | 'leaf'
  | 'carrot'
  | 'potato'
  | 'pill'
  | 'tube'
  | 'spray'
  | 'shirt'
  | 'pants'
  | 'shoe'
  | 'dress'
  | 'ball'
  | 'teddy'
  | 'blocks'
  | 'car'
  | 'glasses'
  | 'sunglasses'
  | 'lens-case'
  | 'soap'
  | 'detergent'
  | 'diaper';

export interface ProductSeed {
  /** Realistic Spanish name with brand and size, e.g. 'Leche Entera Conaprole 1 L', accents and ñ kept. */
  name: string;
  /** One or two Spanish sentences. */
  description: string;
  /** Decimal string with exactly 2 decimals, e.g. '79.00'. */
  price: string;
  currency: 'UYU' | 'USD';
  /** When set, the product is discounted to this price (2 decimals, strictly below `price`). */
  discountedPrice?: string;
  /** Units sold recently; drives the 'Popular' order. */
  popularity: number;
  stock: number;
  motif: ImageMotif;
}

export interface CategorySeed {
  name: string;
  products: ProductSeed[];
}

export interface StoreSeed {
  name: string;
  kind: StoreKind;
  status: 'approved' | 'pending' | 'rejected';
  addressLine1: string;
  addressLine2: string;
  zipCode: string;
  /** Uruguayan RUT, 12 digits. */
  rif: string;
  sortIndex: number;
  /** Coordinates inside Montevideo. */
  latitude: number;
  longitude: number;
  /** The city the store sits in ('Montevideo'). */
  city: string;
  /** Cities it delivers to; always includes `city`. */
  deliversTo: string[];
  categories: CategorySeed[];
}

export interface CurrencySeed {
  code: string;
  /** Spanish display name, e.g. 'Peso uruguayo'. */
  currency: string;
  symbol: string;
  symbolNative: string;
  /** English name and plural, as in the common currency table. */
  name: string;
  namePlural: string;
  decimalDigits: number;
  rounding: string;
  /** Lowercase ISO country code of the flag, e.g. 'uy'; 'eu' for the euro. */
  cc: string;
}

export interface RateSetSeed {
  /** ISO date of the set, e.g. '2026-11-20'. */
  date: string;
  /** Units of each currency per 1 USD as decimal strings; USD is '1'. */
  rates: Record<string, string>;
}
