import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.ts';
import {
  isCommonPassword,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordProblem,
} from './password-policy.ts';

describe('password policy', () => {
  it('requires a password', () => {
    expect(passwordProblem('')).toBe(MESSAGES.required);
  });

  it('takes 8 to 128 characters', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(PASSWORD_MAX_LENGTH).toBe(128);
    expect(passwordProblem('rambla7')).toBe(MESSAGES.passwordTooShort);
    expect(passwordProblem('rambla-7')).toBeNull();
    expect(passwordProblem('r'.repeat(128))).toBeNull();
    expect(passwordProblem('r'.repeat(129))).toBe(MESSAGES.passwordTooLong);
  });

  it('refuses a common password whatever its case', () => {
    for (const common of ['password', 'PassWord1', 'QWERTY123', 'Contraseña123', 'MONTEVIDEO', 'Peñarol1']) {
      expect(isCommonPassword(common), common).toBe(true);
      expect(passwordProblem(common), common).toBe(MESSAGES.passwordTooCommon);
    }
  });

  it('accepts a long, uncommon password, spaces and accents included', () => {
    expect(passwordProblem('atardecer en Pocitos')).toBeNull();
    expect(passwordProblem('mañana-voy-al-cerro')).toBeNull();
    expect(isCommonPassword('atardecer en Pocitos')).toBe(false);
  });

  it('reports the length before the list: a short common password is too short', () => {
    expect(passwordProblem('1234567')).toBe(MESSAGES.passwordTooShort);
  });
});
