import { z } from 'zod';
import { emailField } from './account.schemas.ts';
import { MESSAGES } from './messages.ts';
import { STORE_KIND_LABELS, STORE_KINDS } from './store-kinds.ts';
import { multiLineText, singleLineText } from './validation-rules.ts';

/**
 * The help area and the referral program's calls (issue 11, decision 026): the invitation, the contact form
 * (spec §3, §5, §7 `POST /contact-us-email/`), the product suggestion (spec §3; the spec shows no call, so we
 * made one) and the payment instructions the help area shows.
 */

export const HELP_MESSAGES = {
  /** Spec §7: the contact form's answers. */
  contactSent: '¡Mensaje enviado!',
  contactFailed: 'Algo salió mal',
  suggestionSentTitle: '¡Gracias por tu sugerencia!',
  suggestionSent: 'La recibimos y la leerá nuestro equipo de tiendas.',
  invalidPhone: 'Ingresa un número de teléfono válido.',
} as const;

export const REFERRAL_MESSAGES = {
  /** Spec §7: the invitation's success notification, title and text. */
  invitationSentTitle: 'Invitación Enviada',
  invitationSent: 'Se envió exitosamente la invitación.',
  alreadyRegistered: 'Esa persona ya tiene una cuenta en Mandado. Invita a alguien que todavía no la tenga.',
  selfInvitation: 'No puedes invitarte a ti mismo. Comparte tu enlace con tus amigos y familiares.',
  alreadyInvited:
    'Esa persona ya recibió una invitación hace poco. Puedes compartirle tu enlace directamente.',
  /** The wallet entries' notes. */
  welcomeNote: 'Regalo de bienvenida por invitación',
  inviterNote: (firstName: string) => `Tu invitado ${firstName} hizo su primera compra`,
  welcomeReversedNote: 'Regalo de bienvenida anulado: el pedido no se concretó',
  inviterReversedNote: (firstName: string) => `Anulado: la compra de ${firstName} fue rechazada`,
} as const;

const NAME_MAX = 80;
const SUBJECT_MAX = 120;
const COMMENTS_MAX = 2000;
const PRODUCT_NAME_MAX = 120;
const DESCRIPTION_MAX = 1000;

function requiredLine(max: number) {
  return singleLineText(
    z
      .string({ error: MESSAGES.required })
      .trim()
      .min(1, { error: MESSAGES.required, abort: true })
      .max(max, MESSAGES.tooLong(max)),
  );
}

function requiredText(max: number) {
  return multiLineText(
    z
      .string({ error: MESSAGES.required })
      .trim()
      .min(1, { error: MESSAGES.required, abort: true })
      .max(max, MESSAGES.tooLong(max)),
  );
}

/** A phone a person types to be called back: digits with spaces, +, dashes, dots or brackets; 7 to 15 digits. */
const contactPhoneField = requiredLine(30).refine((value) => {
  if (!/^[+\d\s().-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 7 && digits <= 15;
}, HELP_MESSAGES.invalidPhone);

/** Spec §3 Contact form: phone, name, comments, email, subject; all required (§5). */
export const contactMessageSchema = z.object({
  phone: contactPhoneField,
  name: requiredLine(NAME_MAX),
  comments: requiredText(COMMENTS_MAX),
  email: emailField,
  subject: requiredLine(SUBJECT_MAX),
});
export type ContactMessageInput = z.input<typeof contactMessageSchema>;
export type ContactMessage = z.output<typeof contactMessageSchema>;

/** What the product suggestion's category offers: the store kinds, and anything else. */
export const SUGGESTION_CATEGORIES = [...STORE_KINDS, 'other'] as const;
export type SuggestionCategory = (typeof SUGGESTION_CATEGORIES)[number];
export const SUGGESTION_CATEGORY_LABELS: Record<SuggestionCategory, string> = {
  ...STORE_KIND_LABELS,
  other: 'Otra',
};

/** Spec §3 Suggestion form: category, nameProduct, description, mail; all required (§5). */
export const suggestionSchema = z.object({
  category: z.enum(SUGGESTION_CATEGORIES, { error: MESSAGES.required }),
  nameProduct: requiredLine(PRODUCT_NAME_MAX),
  description: requiredText(DESCRIPTION_MAX),
  mail: emailField,
});
export type Suggestion = z.output<typeof suggestionSchema>;

/** `POST /v1/contact-us-email/` and `POST /v1/suggestions/` answer 201 with the text to show. */
export const helpSentSchema = z.object({ detail: z.string() });
export type HelpSent = z.infer<typeof helpSentSchema>;

/** `POST /v1/users/send/invitation/` (spec §7 had a GET; it changes state, so POST: decision 007). */
export const invitationSchema = z.object({ email: emailField });
export type InvitationInput = z.input<typeof invitationSchema>;
/** 201: the title and text of the success notification. */
export const invitationSentSchema = z.object({ title: z.string(), detail: z.string() });
export type InvitationSent = z.infer<typeof invitationSentSchema>;

/**
 * `GET /v1/help/payment-instructions/`: the help area's instruction view. One company USD account (settings)
 * for the countries where transfers and cash deposits are taken (§2 Help overlay: Colombia, Chile, Peru).
 */
export const paymentInstructionsSchema = z.object({
  manual_payment_countries: z.array(z.string()),
  /** The logged-in remitter's country, from their phone; null for a visitor or an unknown country. */
  shopper_country: z.string().nullable(),
  manual_payment_days: z.number().int(),
  receipt_email: z.string(),
  bank: z.object({
    bank_name: z.string(),
    account_holder: z.string(),
    account_number: z.string(),
    routing_number: z.string(),
    swift: z.string(),
    currency: z.literal('USD'),
  }),
});
export type PaymentInstructions = z.infer<typeof paymentInstructionsSchema>;
