import { z } from 'zod';
import type { OperatorGroup } from './permissions.ts';

/**
 * Staff sign-in's second factor (issue 27, decision 053): a TOTP app's 6-digit code (RFC 6238) or one of ten
 * one-time recovery codes. Required on a published site for the operator groups that move money or people;
 * offered to every staff member.
 */

/** The groups that must have a second factor before reaching the back office on a published site. */
export const SECOND_FACTOR_GROUPS: readonly OperatorGroup[] = ['administracion', 'pagos'];

export const RECOVERY_CODE_COUNT = 10;

export const SECOND_FACTOR_MESSAGES = {
  requiredForAdmin:
    'Tu grupo de operador necesita la verificación en dos pasos: actívala antes de entrar al back office.',
  invalidCode: 'El código no es válido o ya se usó. Revisa la hora de tu teléfono y prueba con el siguiente.',
  codeFormat: 'Escribe los 6 dígitos de tu app o uno de tus códigos de recuperación.',
  notPending: 'No hay un ingreso esperando un código: vuelve a iniciar sesión.',
  expired: 'Pasó demasiado tiempo desde que escribiste tu contraseña: vuelve a iniciar sesión.',
  alreadyEnabled: 'La verificación en dos pasos ya está activa en tu cuenta.',
  noEnrollment: 'Empieza de nuevo la activación: no hay una clave esperando confirmación.',
  staffOnly: 'La verificación en dos pasos es para las cuentas del equipo (comercios y operadores).',
} as const;

/** A TOTP code (6 digits, spaces allowed) or a recovery code (10 letters or digits, dashes allowed). */
export const secondFactorCodeSchema = z.object({
  code: z
    .string({ error: SECOND_FACTOR_MESSAGES.codeFormat })
    .trim()
    .max(40, SECOND_FACTOR_MESSAGES.codeFormat)
    .transform((value) => value.replace(/[\s-]/g, '').toLowerCase())
    .refine(
      (value) => /^\d{6}$/.test(value) || /^[a-z0-9]{10}$/.test(value),
      SECOND_FACTOR_MESSAGES.codeFormat,
    ),
});
export type SecondFactorCodeInput = z.input<typeof secondFactorCodeSchema>;

/** GET /v1/second-factor/: whether the account has it on, and whether its group needs it here. */
export const secondFactorStatusSchema = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  recovery_codes_left: z.number().int(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusSchema>;

/** POST /v1/second-factor/enrollment/: the new key, shown this once, for the app to scan or type. */
export const secondFactorEnrollmentSchema = z.object({
  secret: z.string(),
  otpauth_uri: z.string(),
});
export type SecondFactorEnrollment = z.infer<typeof secondFactorEnrollmentSchema>;

/** POST …/enrollment/confirm/: the recovery codes, shown this once. */
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;
