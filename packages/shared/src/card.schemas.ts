import { z } from 'zod';
import { CARD_BRANDS } from './sandbox-cards.ts';

/** Spec §3 Card and §7 `GET /v1/cards/`: only the processor's token stays on our side, never the number. */
export const cardSchema = z.object({
  id: z.string(),
  brand: z.enum(CARD_BRANDS),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
  processor: z.enum(['sandbox', 'stripe']),
});
export type Card = z.infer<typeof cardSchema>;
export const cardListSchema = z.object({ results: z.array(cardSchema) });
/** `POST /v1/tokens/create/` (spec §7): a processor token for a card to keep. */
export const cardTokenSchema = z.object({ token: z.string().min(1).max(200) });
