import { z } from 'zod';
import { decimalString } from './catalog.schemas.ts';
import { VAT_RATES } from './iva.ts';
import { MESSAGES } from './messages.ts';
import { parseMoney } from './money.ts';
import { STAFF_MESSAGES } from './staff-messages.ts';
import { multiLineText, singleLineText } from './validation-rules.ts';

/** Issue 18: what a store owner manages in `/comercio/catalogo` (API under /v1/merchant/stores/:id/products/). */

export const PRODUCT_NAME_MAX_LENGTH = 120;
export const PRODUCT_DESCRIPTION_MAX_LENGTH = 2000;
/** A price a shop of this kind never reaches; above it, a typo (an extra zero or two) is the likelier story. */
export const PRODUCT_PRICE_MAX_MINOR = 100_000_000;
export const PRODUCT_STOCK_MAX = 100_000;
export const PRODUCT_IMAGES_MAX = 6;
/** A page of the owner's list: one phone screen and a half; the list asks for more as it scrolls. */
export const MERCHANT_PRODUCTS_PAGE_SIZE = 30;

/** One product as its store's owner sees it: everything the shop shows, plus whether it is on sale at all. */
export const merchantProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  category_id: z.number().int(),
  category: z.string(),
  price: decimalString,
  /** The lower price while a discount runs, or null. */
  discounted_price: decimalString.nullable(),
  currency: z.string(),
  stock: z.number().int(),
  /** False: hidden from shoppers and refused by the cart and checkout, kept for the owner. */
  active: z.boolean(),
  /** The first one is the main image. */
  images: z.array(z.string()),
  /** Issue 32 (decision 076): may be returned within 5 business days; the form's 'No admite devolución' is its opposite. */
  returnable: z.boolean(),
  /** Its own IVA (decision 078); null: the store kind's default. */
  vat_rate: z.enum(VAT_RATES).nullable(),
});
export type MerchantProduct = z.infer<typeof merchantProductSchema>;

export const merchantProductPageSchema = z.object({
  results: z.array(merchantProductSchema),
  /** Opaque; pass it back as `cursor` for the next page, null on the last one. */
  next_cursor: z.string().nullable(),
  /**
   * The currency the store prices in, which a new product takes: known for a store with no product yet, so
   * the form can show its symbol.
   */
  currency: z.string(),
});
export type MerchantProductPage = z.infer<typeof merchantProductPageSchema>;

export const merchantProductQuerySchema = z.object({
  q: z.string().trim().max(100, MESSAGES.tooLong(100)).optional(),
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(MERCHANT_PRODUCTS_PAGE_SIZE),
});

/** "1250,50", "1250.5" or "1250" as typed → "1250.50"; null when it is not an amount. */
export function normalizePriceInput(value: string): string | null {
  const match = /^\s*(\d{1,9})(?:[.,](\d{1,2}))?\s*$/.exec(value);
  if (!match) return null;
  return `${match[1]}.${(match[2] ?? '').padEnd(2, '0')}`;
}

const priceField = z
  .string()
  .trim()
  .min(1, MESSAGES.required)
  .transform((value, context) => {
    const normalized = normalizePriceInput(value);
    if (
      normalized === null ||
      parseMoney(normalized) <= 0 ||
      parseMoney(normalized) > PRODUCT_PRICE_MAX_MINOR
    ) {
      context.addIssue({ code: 'custom', message: STAFF_MESSAGES.invalidPrice });
      return z.NEVER;
    }
    return normalized;
  });

/** Create or replace a product (POST …/products/, PUT …/products/:productId/). Prices in the store's currency. */
export const merchantProductInputSchema = z
  .object({
    name: singleLineText(
      z
        .string()
        .trim()
        .min(1, MESSAGES.required)
        .max(PRODUCT_NAME_MAX_LENGTH, MESSAGES.tooLong(PRODUCT_NAME_MAX_LENGTH)),
    ),
    description: multiLineText(
      z.string().trim().max(PRODUCT_DESCRIPTION_MAX_LENGTH, MESSAGES.tooLong(PRODUCT_DESCRIPTION_MAX_LENGTH)),
    ).or(z.literal('')),
    category_id: z.number({ message: MESSAGES.required }).int().positive(),
    price: priceField,
    discounted_price: priceField.nullable(),
    stock: z
      .number({ message: STAFF_MESSAGES.invalidStock })
      .int(STAFF_MESSAGES.invalidStock)
      .min(0, STAFF_MESSAGES.invalidStock)
      .max(PRODUCT_STOCK_MAX, STAFF_MESSAGES.invalidStock),
    active: z.boolean(),
    images: z
      .array(z.string().max(300))
      .max(PRODUCT_IMAGES_MAX, STAFF_MESSAGES.tooManyImages(PRODUCT_IMAGES_MAX)),
    /** Absent: a new product takes its store kind's default, an edit keeps what it had (decision 076). */
    returnable: z.boolean().optional(),
    /** Its own IVA (decision 078): null for the store kind's default; left out, a replace keeps the current one. */
    vat_rate: z.enum(VAT_RATES, { message: MESSAGES.invalidValue }).nullable().optional(),
  })
  .superRefine((value, context) => {
    // zod 4 runs this even when a price failed its own check (an empty price fails `min` and never reaches
    // its transform), and parseMoney throws on such text: a 500 (issue 27). Compare only two real amounts.
    const price = normalizePriceInput(value.price);
    const discounted = value.discounted_price === null ? null : normalizePriceInput(value.discounted_price);
    if (price !== null && discounted !== null && parseMoney(discounted) >= parseMoney(price)) {
      context.addIssue({
        code: 'custom',
        path: ['discounted_price'],
        message: STAFF_MESSAGES.discountNotLower,
      });
    }
  });
export type MerchantProductInput = z.input<typeof merchantProductInputSchema>;

/** Quick stock from the list: `delta` (+1, −1) or `set` ('Agotado' sets 0). */
export const merchantStockChangeSchema = z.union([
  z.object({ delta: z.number().int().min(-PRODUCT_STOCK_MAX).max(PRODUCT_STOCK_MAX) }).strict(),
  z.object({ set: z.number().int().min(0).max(PRODUCT_STOCK_MAX) }).strict(),
]);
export type MerchantStockChange = z.infer<typeof merchantStockChangeSchema>;

export const merchantStockSchema = z.object({ id: z.number().int(), stock: z.number().int() });

/** POST …/product-images/ answers where the uploaded photo is served; the product form keeps that URL. */
export const productImageUploadSchema = z.object({ url: z.string() });

export const merchantCategorySchema = z.object({ id: z.number().int(), name: z.string() });
export const merchantCategoryListSchema = z.object({ results: z.array(merchantCategorySchema) });

/** POST …/products/import/ (`?dry_run=1` for the preview): what the file does, row by row. */
export const catalogImportReportSchema = z.object({
  dry_run: z.boolean(),
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  new_categories: z.number().int(),
  errors: z.array(z.object({ line: z.number().int(), column: z.string().nullable(), message: z.string() })),
  /**
   * Issue 31: 'valid' imports the rows without errors and leaves the others out (`skipped` of them); 'all'
   * (the default) imports the whole file or nothing.
   */
  mode: z.enum(['all', 'valid']),
  skipped: z.number().int(),
  /**
   * Each category the file names that the store does not have, with the closest existing one (a typo's
   * likely meaning) or null. When the store already has categories, the real run creates one only when the
   * request confirms it by name (`confirm_category`); a first import into an empty store needs none.
   */
  category_list: z.array(z.object({ name: z.string(), suggestion: z.string().nullable() })),
  /** Whether these new categories still need the owner's confirmation before the real run. */
  needs_confirmation: z.boolean(),
});
export type CatalogImportReport = z.infer<typeof catalogImportReportSchema>;

export const CATALOG_IMPORT_MODES = ['all', 'valid'] as const;
export type CatalogImportMode = (typeof CATALOG_IMPORT_MODES)[number];

export const catalogImportQuerySchema = z.object({
  dry_run: z.enum(['0', '1', 'true', 'false']).optional(),
  mode: z.enum(CATALOG_IMPORT_MODES).optional(),
  /** A new category the owner confirmed, by name; repeated for several. */
  confirm_category: z.union([z.string().max(200), z.array(z.string().max(200)).max(500)]).optional(),
});
