import { loginSchema, refusePasswordLikeAccount, registrationFields } from '@mandado/shared/account.schemas';
import { ACCOUNT_MESSAGES } from '@mandado/shared/account-messages';
import { MESSAGES } from '@mandado/shared/messages';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '@mandado/shared/validation-rules';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { z } from 'zod';

/**
 * The e-mail-first panel of spec §4: the e-mail alone, then either the password ('Iniciar Sesión') or the
 * registration fields ('Registrarse').
 */
export type AuthStage = 'email' | 'login' | 'register';

/** Every field the panel can show; each stage validates only its own. */
export interface AuthFormValues {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  phone_number: string;
  terms_accepted: boolean;
  privacy_accepted: boolean;
}

export const EMPTY_AUTH_FORM: AuthFormValues = {
  email: '',
  password: '',
  first_name: '',
  last_name: '',
  phone_number: '',
  terms_accepted: false,
  privacy_accepted: false,
};

/** Spec §5: at login an empty e-mail says 'Ingresa tu correo'; a malformed one 'Correo electrónico inválido'. */
const loginEmailField = z
  .string({ error: ACCOUNT_MESSAGES.loginEmailRequired })
  .trim()
  .toLowerCase()
  .min(1, { error: ACCOUNT_MESSAGES.loginEmailRequired, abort: true })
  .max(EMAIL_MAX_LENGTH, MESSAGES.tooLong(EMAIL_MAX_LENGTH))
  .regex(EMAIL_PATTERN, MESSAGES.invalidEmail);

const STAGE_SCHEMAS = {
  email: z.object({ email: loginEmailField }),
  login: z.object({ email: loginEmailField, password: loginSchema.shape.password }),
  // The same refinement as the API's: a password that is the e-mail or a name is refused here too.
  register: registrationFields
    .pick({
      email: true,
      password: true,
      first_name: true,
      last_name: true,
      phone_number: true,
      terms_accepted: true,
      privacy_accepted: true,
    })
    .superRefine(refusePasswordLikeAccount),
} as const;

const FIELDS = new Set<string>(Object.keys(EMPTY_AUTH_FORM));

export function isAuthField(key: PropertyKey | undefined): key is keyof AuthFormValues {
  return typeof key === 'string' && FIELDS.has(key);
}

/** The first message per field of the current stage, or none when the stage's fields are valid. */
export function validateAuthStage(
  stage: AuthStage,
  values: AuthFormValues,
): Partial<Record<keyof AuthFormValues, string>> {
  const result = STAGE_SCHEMAS[stage].safeParse(values);
  if (result.success) return {};
  const messages: Partial<Record<keyof AuthFormValues, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (isAuthField(field) && messages[field] === undefined) messages[field] = issue.message;
  }
  return messages;
}

/** A react-hook-form resolver that validates the stage the panel shows now. */
export function authStageResolver(currentStage: () => AuthStage): Resolver<AuthFormValues> {
  return async (values) => {
    const messages = validateAuthStage(currentStage(), values);
    const errors: FieldErrors<AuthFormValues> = {};
    for (const [field, message] of Object.entries(messages)) {
      if (isAuthField(field)) errors[field] = { type: 'validate', message };
    }
    return Object.keys(errors).length === 0 ? { values, errors: {} } : { values: {}, errors };
  };
}

/** Spec §4: an existing account gets the password, a new one the registration fields. */
export function stageAfterEmailCheck(exists: boolean): AuthStage {
  return exists ? 'login' : 'register';
}

export function authStageTitle(stage: AuthStage): string {
  if (stage === 'login') return 'Iniciar sesión';
  if (stage === 'register') return 'Crear cuenta';
  return 'Ingresa a tu cuenta';
}
