/**
 * Spanish texts of the account forms (sign-up, log-in, password rules, reset and change): the shop's auth
 * forms check them through the shared schemas and the API sends them back. Apart from messages.ts because
 * only those forms, loaded when a shopper opens them, need them: the shop's shell does not carry them.
 */
export const ACCOUNT_MESSAGES = {
  loginEmailRequired: 'Ingresa tu correo',
  passwordRequired: 'Ingresa tu contraseña',
  passwordTooShort: 'La contraseña debe tener al menos 8 caracteres.',
  passwordTooLong: 'La contraseña no puede tener más de 128 caracteres.',
  passwordTooCommon: 'Esa contraseña es demasiado común. Elige una más difícil de adivinar.',
  passwordBlank: 'La contraseña no puede ser solo espacios.',
  passwordRepeated: 'La contraseña no puede ser un mismo carácter repetido.',
  passwordLikeEmail: 'La contraseña no puede ser tu correo electrónico.',
  passwordLikeName: 'La contraseña no puede ser tu nombre o tu apellido.',
  termsRequired: 'Debes aceptar los términos y condiciones del servicio.',
  privacyRequired: 'Debes aceptar la política de privacidad para crear tu cuenta.',
  accountGone: 'Esta cuenta ya fue eliminada.',
  deletionBlockedByOrder: (number: string) =>
    `Tienes un pedido en curso (${number}). Podrás eliminar tu cuenta cuando se entregue o se cancele; si necesitas ayuda, escríbenos.`,
  accountDeleted:
    'Eliminamos tu cuenta y tus datos personales. Guardamos tus pedidos sin tus datos, como exige la ley.',
  invalidReferralToken: 'El enlace de invitación no es válido.',
  invalidCredentials: 'Correo electrónico o contraseña incorrectos.',
  passwordResetInvalid: 'El enlace para restablecer la contraseña no es válido o ya expiró.',
  currentPasswordRequired: 'Ingresa tu contraseña actual',
  currentPasswordWrong: 'La contraseña actual no es correcta.',
} as const;
