import { z } from 'zod';
import { ACCOUNT_MESSAGES } from './account-messages.ts';
import { decimalString } from './catalog.schemas.ts';
import { MESSAGES } from './messages.ts';
import { newPasswordProblem, PASSWORD_MAX_LENGTH, passwordProblem } from './password-policy.ts';
import { OPERATOR_GROUPS, ROLES } from './permissions.ts';
import { personNameField } from './person-name.schemas.ts';
import { normalizeInternationalPhone } from './phone-number.ts';
import { settingsSchema } from './settings.schemas.ts';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from './validation-rules.ts';

/** Spec §5 e-mail: required, trimmed, lowercase, a standard address. */
export const emailField = z
  .string({ error: MESSAGES.required })
  .trim()
  .toLowerCase()
  .min(1, { error: MESSAGES.required, abort: true })
  .max(EMAIL_MAX_LENGTH, MESSAGES.tooLong(EMAIL_MAX_LENGTH))
  .regex(EMAIL_PATTERN, MESSAGES.invalidEmail);

/** Names reach other people's inboxes (invitations, tracking links): no links, at most 40 characters. */
const nameField = personNameField();

/** A new password: 8–128 characters and not one of the most common ones. */
export const newPasswordField = z.string({ error: MESSAGES.required }).superRefine((value, context) => {
  const problem = passwordProblem(value);
  if (problem) context.addIssue({ code: 'custom', message: problem });
});

/** International phone as the registration form sends it (formatted, with the country code). */
export const phoneField = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, { error: MESSAGES.required, abort: true })
  .max(40, MESSAGES.invalidPhone)
  .refine((value) => normalizeInternationalPhone(value) !== null, MESSAGES.invalidPhone);

/**
 * Refuses a new password that is the account's e-mail or the shopper's name (decision 013), under the
 * password field. Runs on the whole form, once the fields themselves are valid.
 */
export function refusePasswordLikeAccount(
  value: { password: string; email: string; first_name?: string; last_name?: string },
  context: z.RefinementCtx,
): void {
  // The field's own rules already spoke: one message per reason.
  if (passwordProblem(value.password) !== null) return;
  const problem = newPasswordProblem({
    password: value.password,
    email: value.email,
    firstName: value.first_name,
    lastName: value.last_name,
  });
  if (problem) context.addIssue({ code: 'custom', path: ['password'], message: problem });
}

/** The registration fields alone; a form showing some of them picks here and adds the refinement. */
export const registrationFields = z.object({
  email: emailField,
  password: newPasswordField,
  first_name: nameField,
  last_name: nameField,
  phone_number: phoneField,
  type: z.literal('remitter', { error: MESSAGES.invalidValue }).default('remitter'),
  /** From the invitation link's query; empty when there is none. */
  referral_token: z.string().trim().max(64, ACCOUNT_MESSAGES.invalidReferralToken).default(''),
  terms_accepted: z.literal(true, { error: ACCOUNT_MESSAGES.termsRequired }),
  /** Ley 18.331: express consent to the privacy policy, recorded with its version (issue 32). */
  privacy_accepted: z.literal(true, { error: ACCOUNT_MESSAGES.privacyRequired }),
});

/** POST /v1/users/create/ (spec §3 Registration form, §7). */
export const registrationSchema = registrationFields.superRefine(refusePasswordLikeAccount);
export type Registration = z.input<typeof registrationSchema>;

/** POST /v1/login/ (spec §7 sends `username`, which is the e-mail). */
export const loginSchema = z.object({
  username: z
    .string({ error: ACCOUNT_MESSAGES.loginEmailRequired })
    .trim()
    .toLowerCase()
    .min(1, { error: ACCOUNT_MESSAGES.loginEmailRequired, abort: true })
    .max(EMAIL_MAX_LENGTH, MESSAGES.tooLong(EMAIL_MAX_LENGTH)),
  password: z
    .string({ error: ACCOUNT_MESSAGES.passwordRequired })
    .min(1, { error: ACCOUNT_MESSAGES.passwordRequired, abort: true })
    .max(PASSWORD_MAX_LENGTH, ACCOUNT_MESSAGES.invalidCredentials),
});
export type LoginInput = z.input<typeof loginSchema>;

/**
 * Spec §3 Login response. The spec's readable auth `token` is replaced by an HttpOnly session cookie
 * (decision 007); the answer carries the new session's CSRF token instead.
 */
export const loginResponseSchema = z.object({
  user_account_id: z.string(),
  first_name: z.string(),
  csrf_token: z.string(),
  /** Present (true) only when the account has a second factor on: the session completes with a code (decision 053). */
  second_factor_required: z.boolean().optional(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** Spec §3 User as who-am-I gives it (no token: the session is an HttpOnly cookie). */
export const userSchema = z.object({
  user_account_id: z.string(),
  type: z.literal('remitter'),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  /** International format, e.g. "+598 91 234 567". */
  phone_number: z.string(),
  referral_token: z.string(),
  credit: decimalString,
  coupon: z.string().nullable(),
  /**
   * Issue 11: the account came through an invitation and its welcome credit still waits for a first order
   * whose goods reach `referral_minimum_purchase`; checkout then applies `referral_invitee_reward` by itself.
   */
  referral_welcome_pending: z.boolean(),
  /** Decision 012: always `remitter`; `merchant` for a store member, `operator` for our staff. */
  roles: z.array(z.enum(ROLES)),
  /** The stores a merchant works for; empty for everyone else. */
  store_ids: z.array(z.number().int()),
  /** An operator's permission group (issue 19), what the back office shows; null for everyone else. */
  operator_group: z.enum(OPERATOR_GROUPS).nullable(),
});
export type User = z.infer<typeof userSchema>;

export const whoamiSchema = z.object({
  whoami: userSchema.nullable(),
  settings: settingsSchema,
});
export type Whoami = z.infer<typeof whoamiSchema>;

export const csrfTokenSchema = z.object({ csrf_token: z.string() });
export type CsrfToken = z.infer<typeof csrfTokenSchema>;

export const emailExistsSchema = z.object({ exists: z.boolean() });
export const emailQuerySchema = z.object({ email: emailField });
export const emailParamsSchema = z.object({ email: emailField });

/** PUT /v1/users/update/remitter/ (spec §3 Remitter). */
export const remitterUpdateSchema = z.object({
  first_name: nameField,
  last_name: nameField,
  phone_number: phoneField,
});
export type RemitterUpdate = z.input<typeof remitterUpdateSchema>;

export const passwordResetRequestSchema = z.object({ email: emailField });
export const passwordResetConfirmSchema = z.object({
  token: z
    .string()
    .min(1, ACCOUNT_MESSAGES.passwordResetInvalid)
    .max(200, ACCOUNT_MESSAGES.passwordResetInvalid),
  password: newPasswordField,
});
export type PasswordResetConfirm = z.input<typeof passwordResetConfirmSchema>;

/**
 * POST /v1/users/change-password/ (issue 16): the current password proves the shopper is at the keyboard; the
 * new one follows the registration's policy (the account's e-mail and names are checked by the server).
 */
export const passwordChangeSchema = z.object({
  current_password: z
    .string({ error: ACCOUNT_MESSAGES.currentPasswordRequired })
    .min(1, { error: ACCOUNT_MESSAGES.currentPasswordRequired, abort: true })
    .max(PASSWORD_MAX_LENGTH, ACCOUNT_MESSAGES.currentPasswordWrong),
  new_password: newPasswordField,
});
export type PasswordChange = z.input<typeof passwordChangeSchema>;

export const detailSchema = z.object({ detail: z.string() });
