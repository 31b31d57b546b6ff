import { z } from 'zod';
import { MESSAGES } from './messages.ts';

/**
 * The support inbox's actions (issue 19): filters and a cursor on the three lists, assigning an item to an
 * operator, marking it handled (or open again) and answering the writer by e-mail. The lists' items are in
 * support-inbox.schemas.ts.
 */

/** The three lists, as they appear in the URLs (`/v1/admin/support/<kind>/<id>/…`). */
export const SUPPORT_KINDS = ['contact-messages', 'suggestions', 'city-requests'] as const;
export type SupportKind = (typeof SUPPORT_KINDS)[number];

/** An answer's length limit: a reply is a few paragraphs, never a document. */
export const SUPPORT_REPLY_MAX_LENGTH = 5000;

export const ADMIN_SUPPORT_MESSAGES = {
  notFound: 'No encontramos ese mensaje: puede que el enlace esté mal.',
  notAnOperator: 'Solo puedes asignarlo a alguien del equipo de Mandado.',
  replyRequired: 'Escribe la respuesta antes de enviarla.',
  replyTooLong: `La respuesta no puede tener más de ${SUPPORT_REPLY_MAX_LENGTH} caracteres.`,
  handledRequired: 'Indica si queda resuelto o no.',
  badCursor: 'No pudimos seguir la lista desde ahí: vuelve a cargarla.',
  assigned: 'Asignado.',
  unassigned: 'Quedó sin asignar.',
  handled: 'Marcado como resuelto.',
  reopened: 'Quedó sin resolver otra vez.',
  replied: 'Respuesta enviada. Lo marcamos como resuelto.',
} as const;

/** `?handled=false&assigned=me&cursor=…` on each list. Absent: all of them. */
export const supportListQuerySchema = z.object({
  handled: z.enum(['true', 'false'], { error: MESSAGES.invalidValue }).optional(),
  /** `me`: assigned to whoever asks; `nobody`: not assigned yet. */
  assigned: z.enum(['me', 'nobody'], { error: MESSAGES.invalidValue }).optional(),
  cursor: z.string().max(300).optional(),
});
export type SupportListQuery = z.infer<typeof supportListQuerySchema>;

/** A path naming an item: an unknown kind or a malformed id is a request for nothing we have (404). */
export const supportItemParamsSchema = z.object({
  kind: z.enum(SUPPORT_KINDS),
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .transform(Number)
    .pipe(z.number().max(2_147_483_647)),
});
export type SupportItemParams = z.infer<typeof supportItemParamsSchema>;

/** `POST …/assign/`: an operator's user id, or null to leave it unassigned. */
export const supportAssignInputSchema = z.object({
  user_id: z
    .number({ error: ADMIN_SUPPORT_MESSAGES.notAnOperator })
    .int({ error: ADMIN_SUPPORT_MESSAGES.notAnOperator })
    .positive({ error: ADMIN_SUPPORT_MESSAGES.notAnOperator })
    .max(2_147_483_647, { error: ADMIN_SUPPORT_MESSAGES.notAnOperator })
    .nullable(),
});
export type SupportAssignInput = z.infer<typeof supportAssignInputSchema>;

/** `POST …/handled/`: true marks it resolved, false opens it again. */
export const supportHandledInputSchema = z.object({
  handled: z.boolean({ error: ADMIN_SUPPORT_MESSAGES.handledRequired }),
});
export type SupportHandledInput = z.infer<typeof supportHandledInputSchema>;

/** `POST …/replies/`: the answer's text, sent as a plain-text e-mail. */
export const supportReplyInputSchema = z.object({
  body: z
    .string({ error: ADMIN_SUPPORT_MESSAGES.replyRequired })
    .trim()
    .min(1, ADMIN_SUPPORT_MESSAGES.replyRequired)
    .max(SUPPORT_REPLY_MAX_LENGTH, ADMIN_SUPPORT_MESSAGES.replyTooLong),
});
export type SupportReplyInput = z.infer<typeof supportReplyInputSchema>;

/** Every action answers with what it did, in Spanish. */
export const supportActionResultSchema = z.object({ detail: z.string() });
export type SupportActionResult = z.infer<typeof supportActionResultSchema>;

/** `GET /v1/admin/support/assignees/`: the operators an item can be assigned to. */
export const supportAssigneeListSchema = z.object({
  results: z.array(
    z.object({
      user_id: z.number().int(),
      name: z.string(),
      email: z.string(),
      /** It is the person asking. */
      you: z.boolean(),
    }),
  ),
});
export type SupportAssigneeList = z.infer<typeof supportAssigneeListSchema>;
