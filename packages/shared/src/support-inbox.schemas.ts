import { z } from 'zod';

/**
 * The back office's support inbox (issue 11, decision 028; issue 19 adds who is on it, who closed it, the
 * answers sent and a cursor): what people wrote to us from the help area and the city selector, newest
 * first. `user_account_id` is the writer's public account id when they were logged in.
 */

/** How many rows each page answers at most (the newest ones first; `next_cursor` for the rest). */
export const SUPPORT_INBOX_LIMIT = 100;

/** An operator as the inbox names them (who it is assigned to, who marked it handled, who answered). */
export const supportOperatorSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
});
export type SupportOperator = z.infer<typeof supportOperatorSchema>;

/** An answer sent from the inbox, oldest first. */
export const supportReplySchema = z.object({
  id: z.number().int(),
  body: z.string(),
  author: supportOperatorSchema.nullable(),
  created: z.string(),
});
export type SupportReply = z.infer<typeof supportReplySchema>;

/** What every kind of item carries besides its own fields (issue 19). */
const inboxState = {
  created: z.string(),
  /** When it was marked handled (an answer marks it too); null while open. */
  handled: z.string().nullable(),
  handled_by: supportOperatorSchema.nullable(),
  assigned_to: supportOperatorSchema.nullable(),
  replies: z.array(supportReplySchema),
};

const page = { next_cursor: z.string().nullable() };

export const adminContactMessageSchema = z.object({
  id: z.number().int(),
  user_account_id: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  subject: z.string(),
  comments: z.string(),
  ...inboxState,
});
export type AdminContactMessage = z.infer<typeof adminContactMessageSchema>;
export const adminContactMessageListSchema = z.object({
  results: z.array(adminContactMessageSchema),
  ...page,
});
export type AdminContactMessageList = z.infer<typeof adminContactMessageListSchema>;

export const adminSuggestionSchema = z.object({
  id: z.number().int(),
  user_account_id: z.string().nullable(),
  /** One of SUGGESTION_CATEGORIES when stored; a plain string so a category retired since still lists. */
  category: z.string(),
  name_product: z.string(),
  description: z.string(),
  mail: z.string(),
  ...inboxState,
});
export type AdminSuggestion = z.infer<typeof adminSuggestionSchema>;
export const adminSuggestionListSchema = z.object({ results: z.array(adminSuggestionSchema), ...page });
export type AdminSuggestionList = z.infer<typeof adminSuggestionListSchema>;

export const adminCityRequestSchema = z.object({
  id: z.number().int(),
  city: z.string(),
  email: z.string(),
  ...inboxState,
});
export type AdminCityRequest = z.infer<typeof adminCityRequestSchema>;
export const adminCityRequestListSchema = z.object({ results: z.array(adminCityRequestSchema), ...page });
export type AdminCityRequestList = z.infer<typeof adminCityRequestListSchema>;
