import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import {
  CITY_REQUEST_CITY_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  singleLineText,
} from './validation-rules.ts';

/** Spec §5: city and e-mail are required; the e-mail is trimmed and lowercased. */
export const cityRequestSchema = z.object({
  city: singleLineText(
    z
      .string({ error: MESSAGES.required })
      .trim()
      .min(1, { error: MESSAGES.required, abort: true })
      .max(CITY_REQUEST_CITY_MAX_LENGTH, MESSAGES.tooLong(CITY_REQUEST_CITY_MAX_LENGTH)),
  ),
  email: z
    .string({ error: MESSAGES.required })
    .trim()
    .toLowerCase()
    .min(1, { error: MESSAGES.required, abort: true })
    .max(EMAIL_MAX_LENGTH, MESSAGES.tooLong(EMAIL_MAX_LENGTH))
    .regex(EMAIL_PATTERN, MESSAGES.invalidEmail),
});
export type CityRequest = z.infer<typeof cityRequestSchema>;

export const cityRequestCreatedSchema = z.object({
  id: z.number().int(),
  city: z.string(),
  email: z.string(),
});
