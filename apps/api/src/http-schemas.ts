import { z } from 'zod';

/**
 * A positive database id in a path, written the one way we write it: decimal digits without a leading zero.
 * `0x1`, `1e0`, `01`, `1.0` and ` 1` would all coerce to 1; they are requests for nothing we have (404).
 */
export const idParamsSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .transform(Number)
    .pipe(z.number().max(2_147_483_647)),
});
