import { z } from 'zod';

export const currencySchema = z.object({
  code: z.string(),
  currency: z.string(),
  symbol: z.string(),
  symbol_native: z.string(),
  name: z.string(),
  name_plural: z.string(),
  decimal_digits: z.number().int(),
  rounding: z.number(),
  cc: z.string(),
  /** Units of this currency per 1 USD, from the stored rate set. */
  val: z.string(),
});
export type Currency = z.infer<typeof currencySchema>;

export const currencyListSchema = z.object({
  results: z.array(currencySchema),
  rates: z.object({
    base: z.literal('USD'),
    date: z.string(),
    rates: z.record(z.string(), z.string()),
  }),
});
export type CurrencyList = z.infer<typeof currencyListSchema>;

export const countrySchema = z.object({ country_code: z.string() });
