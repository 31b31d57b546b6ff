import { z } from 'zod';
import { CART_MAX_LINES, CART_MAX_QUANTITY } from './cart-rules.ts';
import { citySchema, decimalString, productSchema } from './catalog.schemas.ts';
import { MESSAGES } from './messages.ts';

export const cartQuantityField = z
  .number({ error: MESSAGES.cartQuantityInvalid })
  .int({ error: MESSAGES.cartQuantityInvalid })
  .min(1, MESSAGES.cartQuantityInvalid)
  .max(CART_MAX_QUANTITY, MESSAGES.cartQuantityInvalid);

const productIdField = z
  .number({ error: (issue) => (issue.input === undefined ? MESSAGES.required : MESSAGES.invalidValue) })
  .int({ error: MESSAGES.invalidValue })
  .positive({ error: MESSAGES.invalidValue })
  .max(2_147_483_647, MESSAGES.invalidValue);

export const cartLineSchema = z.object({
  quantity: z.number().int(),
  product: productSchema,
});

/** Shipping preview per store, computed by `quoteShipping` (packages/shared/src/shipping.ts), USD decimals. */
export const cartStoreSummarySchema = z.object({
  store_id: z.number().int(),
  subtotal: decimalString,
  shipping: decimalString,
});

/**
 * GET /v1/cart/ (spec §3 Cart, §7): the city and the lines (in the order they were first added), plus the
 * shipping preview in USD. `subtotal` and `shipping` are null (and `stores` empty) only when a line's
 * currency has no stored rate, so the cart stays usable while the preview cannot be computed.
 */
export const cartSchema = z.object({
  city: citySchema.nullable(),
  products: z.array(cartLineSchema),
  stores: z.array(cartStoreSummarySchema),
  subtotal: decimalString.nullable(),
  shipping: decimalString.nullable(),
  free_shipping: z.boolean(),
});
export type Cart = z.infer<typeof cartSchema>;

/** One line as a client sends it. */
export const cartLineInputSchema = z.object({ product_id: productIdField, quantity: cartQuantityField });
export type CartLineInput = z.infer<typeof cartLineInputSchema>;

/** PUT /v1/cart/: replace every line, all or nothing; the list's order becomes the cart's order. */
export const cartReplaceSchema = z
  .array(cartLineInputSchema)
  .max(CART_MAX_LINES, MESSAGES.cartTooManyLines)
  .refine((lines) => new Set(lines.map((line) => line.product_id)).size === lines.length, {
    error: MESSAGES.cartDuplicateProduct,
  });

/** POST /v1/cart/add/: adds the line, or sets an existing line to `quantity` (the line's new count). */
export const cartAddSchema = z.object({
  product_id: productIdField,
  quantity: cartQuantityField.default(1),
});
