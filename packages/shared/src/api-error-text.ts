import { MESSAGES } from './messages.ts';

function firstString(value: unknown): string | undefined {
  if (typeof value === 'string' && value.length > 0) return value;
  if (Array.isArray(value)) return firstString(value[0]);
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function productName(error: Record<string, unknown>): string {
  if (typeof error.name === 'string') return error.name;
  if (isRecord(error.product) && typeof error.product.name === 'string') return error.product.name;
  return '';
}

/** Spec §8: the cart cannot hold a product (stock 0, or less stock than asked); what the answer names. */
export interface OutOfStockRefusal {
  /** Null when the answer names the product only by its name. */
  productId: number | null;
  name: string;
}

/** The API's answer for an out-of-stock product: `{errors: [{out_of_stock, product_id, name}]}`. */
export function outOfStockBody(product: { id: number; name: string }) {
  return { errors: [{ out_of_stock: true as const, product_id: product.id, name: product.name }] };
}

/** The one reader of that answer (its first error), for the error text and the web cart; null otherwise. */
export function readOutOfStock(body: unknown): OutOfStockRefusal | null {
  if (!isRecord(body) || !Array.isArray(body.errors)) return null;
  const first: unknown = body.errors[0];
  if (!isRecord(first) || !first.out_of_stock) return null;
  const productId =
    typeof first.product_id === 'number' && Number.isSafeInteger(first.product_id) ? first.product_id : null;
  return { productId, name: productName(first) };
}

/**
 * The text to show for a failed API call, picked from the answer in the order of spec §8:
 * detail, __all__[0], non_field_errors[0], errors[0] (with the out-of-stock sentence), error,
 * and last the error's own message.
 */
export function apiErrorText(body: unknown, ownMessage: string = MESSAGES.serverError): string {
  if (!isRecord(body)) return ownMessage;
  const detail = firstString(body.detail);
  if (detail) return detail;
  const all = firstString(body.__all__);
  if (all) return all;
  const nonField = firstString(body.non_field_errors);
  if (nonField) return nonField;
  const outOfStock = readOutOfStock(body);
  if (outOfStock) return `${outOfStock.name} ${MESSAGES.outOfStockSuffix}`.trim();
  if (Array.isArray(body.errors) && body.errors.length > 0) {
    const first: unknown = body.errors[0];
    const text =
      firstString(first) ?? (isRecord(first) ? firstString(first.message ?? first.detail) : undefined);
    if (text) return text;
  }
  const error = firstString(body.error);
  if (error) return error;
  return ownMessage;
}
