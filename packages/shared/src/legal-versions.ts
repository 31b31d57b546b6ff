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
