import { z } from 'zod';
import { MESSAGES } from './messages.ts';

/** How long a store may promise to prepare an order, in minutes (issue 31). */
export const PREPARATION_MINUTES_MIN = 5;
export const PREPARATION_MINUTES_MAX = 240;

/**
 * `GET/PUT /v1/merchant/stores/:id/preparation/` (issue 31, owners): auto-accept, and the preparation time
 * promised to shoppers (null: none).
 */
export const storePreparationSchema = z.object({
  auto_accept: z.boolean(),
  preparation_minutes: z
    .number({ error: MESSAGES.invalidValue })
    .int(MESSAGES.invalidValue)
    .min(
      PREPARATION_MINUTES_MIN,
      `Escribe entre ${PREPARATION_MINUTES_MIN} y ${PREPARATION_MINUTES_MAX} minutos`,
    )
    .max(
      PREPARATION_MINUTES_MAX,
      `Escribe entre ${PREPARATION_MINUTES_MIN} y ${PREPARATION_MINUTES_MAX} minutos`,
    )
    .nullable(),
});
export type StorePreparation = z.infer<typeof storePreparationSchema>;
