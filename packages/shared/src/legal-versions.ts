/**
 * The versions of the documents a shopper accepts at registration (issue 32): their dates. Registration
 * records the version each person accepted (the consents table); a new text gets a new date here, and its page
 * (/privacidad, /termsandconditions) shows it.
 */
export const PRIVACY_POLICY_VERSION = '2026-11-27';
export const TERMS_VERSION = '2026-11-27';

/** The consents an account can give, as stored. */
export const CONSENT_KINDS = ['privacy_policy', 'terms'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

/**
 * Whether the account has accepted the current version of each document (decision 078): accounts from before
 * registration recorded consent, and every account when a version changes, are asked once in the shop.
 */
export interface ConsentStatus {
  privacy_policy: { version: string; accepted_version: string | null };
  terms: { version: string; accepted_version: string | null };
  /** True while either current version is not accepted: the shop shows its notice. */
  pending: boolean;
}

/** The shop's 'Acepto': the versions the person read (the page showed them), so a newer one is not accepted blind. */
export interface ConsentAcceptance {
  privacy_policy_version: string;
  terms_version: string;
}

export const CONSENT_MESSAGES = {
  noticeTitle: 'Actualizamos nuestra política de privacidad y condiciones',
  noticeBody:
    'Antes de tu próxima compra, lee cómo tratamos tus datos (quién los trata, para qué, con qué proveedores y en qué países) y acéptalo.',
  readPolicy: 'Leer la política de privacidad',
  accept: 'Acepto',
  accepted: 'Gracias: registramos tu aceptación.',
  versionChanged: 'La política cambió mientras la leías: vuelve a leerla y acepta la nueva versión.',
} as const;
