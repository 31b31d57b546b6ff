import { z } from 'zod';

/**
 * The back office's support inbox (issue 11, decision 028): what people wrote to us from the help area and the
 * city selector, newest first. `user_account_id` is the writer's public account id when they were logged in.
 */

/** How many rows each list answers at most (the newest ones). */
export const SUPPORT_INBOX_LIMIT = 100;

export const adminContactMessageSchema = z.object({
  id: z.number().int(),
  user_account_id: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  subject: z.string(),
  comments: z.string(),
  created: z.string(),
  handled: z.string().nullable(),
});
export type AdminContactMessage = z.infer<typeof adminContactMessageSchema>;
export const adminContactMessageListSchema = z.object({ results: z.array(adminContactMessageSchema) });

export const adminSuggestionSchema = z.object({
  id: z.number().int(),
  user_account_id: z.string().nullable(),
  /** One of SUGGESTION_CATEGORIES when stored; a plain string so a category retired since still lists. */
  category: z.string(),
  name_product: z.string(),
  description: z.string(),
  mail: z.string(),
  created: z.string(),
  handled: z.string().nullable(),
});
export type AdminSuggestion = z.infer<typeof adminSuggestionSchema>;
export const adminSuggestionListSchema = z.object({ results: z.array(adminSuggestionSchema) });

export const adminCityRequestSchema = z.object({
  id: z.number().int(),
  city: z.string(),
  email: z.string(),
  created: z.string(),
});
export type AdminCityRequest = z.infer<typeof adminCityRequestSchema>;
export const adminCityRequestListSchema = z.object({ results: z.array(adminCityRequestSchema) });
