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

/** Spec-less rule made explicit (decision 007): the first failing reason in Spanish, or null when acceptable. */
export function passwordProblem(password: string): string | null {
  if (password.length === 0) return MESSAGES.required;
  if (password.length < PASSWORD_MIN_LENGTH) return MESSAGES.passwordTooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return MESSAGES.passwordTooLong;
  if (isCommonPassword(password)) return MESSAGES.passwordTooCommon;
  return null;
}
