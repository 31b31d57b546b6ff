import { z } from 'zod';

/** The spec's error shapes (§8): a `detail`, a list per field, or `non_field_errors`. */
export const detailErrorSchema = z.object({ detail: z.string() });
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));

/** Spec §8: a product the cart cannot hold (stock 0, or less stock than the quantity asked). */
export const outOfStockErrorSchema = z.object({
  errors: z.array(
    z.object({ out_of_stock: z.literal(true), product_id: z.number().int(), name: z.string() }),
  ),
});
export type OutOfStockError = z.infer<typeof outOfStockErrorSchema>;

/** Any 4xx answer: a `detail`, a list of messages per field, or the out-of-stock `errors`. */
export const apiErrorSchema = z.union([detailErrorSchema, fieldErrorsSchema, outOfStockErrorSchema]);
