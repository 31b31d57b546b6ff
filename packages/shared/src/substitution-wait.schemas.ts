import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import { SUBSTITUTION_WAIT_MINUTES_MAX, SUBSTITUTION_WAIT_MINUTES_MIN } from './substitution-deadline.ts';

const RANGE_TEXT = `Escribe entre ${SUBSTITUTION_WAIT_MINUTES_MIN} y ${SUBSTITUTION_WAIT_MINUTES_MAX} minutos`;

/**
 * `GET/PUT /v1/merchant/stores/:id/substitution-wait/` (issue 29, decision 073, owners set it): the minutes,
 * counted within the store's opening hours, a remitter has to answer a proposed substitute before the
 * preference recorded at checkout applies (default 20).
 */
export const storeSubstitutionWaitSchema = z.object({
  wait_minutes: z
    .number({ error: MESSAGES.invalidValue })
    .int(MESSAGES.invalidValue)
    .min(SUBSTITUTION_WAIT_MINUTES_MIN, RANGE_TEXT)
    .max(SUBSTITUTION_WAIT_MINUTES_MAX, RANGE_TEXT),
});
export type StoreSubstitutionWait = z.infer<typeof storeSubstitutionWaitSchema>;
