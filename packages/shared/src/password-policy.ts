import { ACCOUNT_MESSAGES } from './account-messages.ts';
import { MESSAGES } from './messages.ts';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * The passwords people pick first (from public breach top lists, plus Spanish and local favourites), already
 * lowercased. Refusing them costs a shopper a second try and costs an attacker their best guesses.
 */
const COMMON_PASSWORDS = new Set([
  '12345678',
  '123456789',
  '1234567890',
  '12345678910',
  '87654321',
  '11111111',
  '00000000',
  '22222222',
  '88888888',
  '99999999',
  '12341234',
  '11223344',
  '123123123',
  '147258369',
  '159753456',
  '987654321',
  '1q2w3e4r',
  '1qaz2wsx',
  'qwertyui',
  'qwerty12',
  'qwerty123',
  'qwertyuiop',
  'asdfghjk',
  'asdfasdf',
  'zxcvbnm1',
  'password',
  'password1',
  'password12',
  'password123',
  'passw0rd',
  'p@ssw0rd',
  'iloveyou',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'superman',
  'starwars',
  'whatever',
  'trustno1',
  'abcd1234',
  'abc12345',
  'abcdefgh',
  'letmein1',
  'welcome1',
  'monkey12',
  'dragon12',
  'master12',
  'contraseña',
  'contrasena',
  'contraseña1',
  'contrasena1',
  'contraseña123',
  'contrasena123',
  'teamo123',
  'tequiero',
  'tequiero1',
  'amorcito',
  'mariposa',
  'princesa',
  'estrella',
  'corazon1',
  'uruguay1',
  'uruguay123',
  'montevideo',
  'peñarol1',
  'penarol1',
  'nacional',
  'nacional1',
  'futbol123',
  'mandado1',
  'mandado123',
  'mandado2026',
  'admin123',
  'administrador',
  'usuario1',
  'usuario123',
]);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

/** What a new password must not resemble: the account's own e-mail and the shopper's names (ASVS V6.2). */
export interface PasswordContext {
  email?: string | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
}

/** Lowercase without accents, so "Peña" and "pena" compare equal. */
function fold(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Only the letters: "Pereira2026!" and "pereira" share the same core. */
function letters(value: string): string {
  return fold(value).replace(/[^\p{L}]/gu, '');
}

/**
 * Whether the password is one of these words, give or take case, accents, spaces, digits and symbols around
 * them ("Pereira2026!", "ana.pereira", "AnaPereira"). A longer passphrase merely containing a name passes:
 * refusing every password with "ana" in it would refuse "banana split en la rambla".
 */
function isDerivedFrom(password: string, words: readonly string[]): boolean {
  const core = letters(password);
  if (core.length === 0) return false;
  return words.some((word) => word.length >= 2 && core === word);
}

/**
 * The first reason (in Spanish) a new password is refused, or null when it is acceptable (decisions 007 and
 * 013): 8–128 characters, not blank, not one repeated character, not a common password, not the account's
 * e-mail or its part before the @, not the shopper's first or last name. Every place that sets a password
 * uses it with what it knows of the account.
 */
export function newPasswordProblem(input: { password: string } & PasswordContext): string | null {
  const { password, email = '', firstName = '', lastName = '' } = input;
  if (password.length === 0) return MESSAGES.required;
  if (password.length < PASSWORD_MIN_LENGTH) return ACCOUNT_MESSAGES.passwordTooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return ACCOUNT_MESSAGES.passwordTooLong;
  if (password.trim() === '') return ACCOUNT_MESSAGES.passwordBlank;
  if (new Set(fold(password)).size === 1) return ACCOUNT_MESSAGES.passwordRepeated;
  if (isCommonPassword(password)) return ACCOUNT_MESSAGES.passwordTooCommon;
  const folded = fold(password.trim());
  const address = fold(email.trim());
  const localPart = address.split('@')[0] ?? '';
  if (address && (folded === address || isDerivedFrom(password, [letters(localPart), letters(address)]))) {
    return ACCOUNT_MESSAGES.passwordLikeEmail;
  }
  const first = letters(firstName);
  const last = letters(lastName);
  if (isDerivedFrom(password, [first, last, first + last, last + first]))
    return ACCOUNT_MESSAGES.passwordLikeName;
  return null;
}

/** The rules that need nothing but the password (a form field on its own). */
export function passwordProblem(password: string): string | null {
  return newPasswordProblem({ password });
}
