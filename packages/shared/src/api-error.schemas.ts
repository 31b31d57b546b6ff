import { z } from 'zod';

/** The spec's error shapes (§8): a `detail`, a list per field, or `non_field_errors`. */
export const detailErrorSchema = z.object({ detail: z.string() });
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));

/** Any 4xx answer: a `detail` or a list of messages per field. */
export const apiErrorSchema = z.union([detailErrorSchema, fieldErrorsSchema]);
