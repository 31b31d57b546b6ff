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
  if (Array.isArray(body.errors) && body.errors.length > 0) {
    const first: unknown = body.errors[0];
    if (isRecord(first) && first.out_of_stock) {
      return `${productName(first)} ${MESSAGES.outOfStockSuffix}`.trim();
    }
    const text =
      firstString(first) ?? (isRecord(first) ? firstString(first.message ?? first.detail) : undefined);
    if (text) return text;
  }
  const error = firstString(body.error);
  if (error) return error;
  return ownMessage;
}
