import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from './account-messages.ts';
import { MESSAGES } from './messages.ts';
import {
  isCommonPassword,
  newPasswordProblem,
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
    expect(passwordProblem('rambla7')).toBe(ACCOUNT_MESSAGES.passwordTooShort);
    expect(passwordProblem('rambla-7')).toBeNull();
    expect(passwordProblem('rambla-7'.repeat(16))).toBeNull();
    expect(passwordProblem(`${'rambla-7'.repeat(16)}x`)).toBe(ACCOUNT_MESSAGES.passwordTooLong);
  });

  it('refuses a common password whatever its case', () => {
    for (const common of ['password', 'PassWord1', 'QWERTY123', 'Contraseña123', 'MONTEVIDEO', 'Peñarol1']) {
      expect(isCommonPassword(common), common).toBe(true);
      expect(passwordProblem(common), common).toBe(ACCOUNT_MESSAGES.passwordTooCommon);
    }
  });

  it('accepts a long, uncommon password, spaces and accents included', () => {
    expect(passwordProblem('atardecer en Pocitos')).toBeNull();
    expect(passwordProblem('mañana-voy-al-cerro')).toBeNull();
    expect(isCommonPassword('atardecer en Pocitos')).toBe(false);
  });

  it('reports the length before the list: a short common password is too short', () => {
    expect(passwordProblem('1234567')).toBe(ACCOUNT_MESSAGES.passwordTooShort);
  });

  it('refuses an all-whitespace password', () => {
    expect(passwordProblem('        ')).toBe(ACCOUNT_MESSAGES.passwordBlank);
    expect(passwordProblem(' \t        ')).toBe(ACCOUNT_MESSAGES.passwordBlank);
  });

  it('refuses one repeated character, whatever its case', () => {
    expect(passwordProblem('aaaaaaaa')).toBe(ACCOUNT_MESSAGES.passwordRepeated);
    expect(passwordProblem('AaAaAaAaAa')).toBe(ACCOUNT_MESSAGES.passwordRepeated);
    expect(passwordProblem('ñññññññññ')).toBe(ACCOUNT_MESSAGES.passwordRepeated);
    expect(passwordProblem('aaaaaaab')).toBeNull();
  });

  it("refuses the account's own e-mail or its part before the @", () => {
    const email = 'ana.pereira@ejemplo.com';
    for (const password of [
      'ana.pereira@ejemplo.com',
      'ANA.PEREIRA@EJEMPLO.COM',
      'ana.pereira',
      'anapereira2026',
    ]) {
      expect(newPasswordProblem({ password, email }), password).toBe(ACCOUNT_MESSAGES.passwordLikeEmail);
    }
    expect(newPasswordProblem({ password: 'paseo-por-la-rambla', email })).toBeNull();
  });

  it("refuses the shopper's first or last name, with digits and symbols around it", () => {
    const context = { firstName: 'María José', lastName: 'Peña' };
    for (const password of ['mariajose', 'MARIA JOSE 1990', 'Peña2026!', 'pena1234', 'PenaMariaJose']) {
      expect(newPasswordProblem({ password, ...context }), password).toBe(ACCOUNT_MESSAGES.passwordLikeName);
    }
    // A passphrase merely containing a name is fine.
    expect(newPasswordProblem({ password: 'peña y el perro en la playa', ...context })).toBeNull();
    expect(newPasswordProblem({ password: 'banana split', firstName: 'Ana' })).toBeNull();
  });

  it('checks the length first: the limits stay 8 to 128', () => {
    expect(newPasswordProblem({ password: 'ana', firstName: 'Ana' })).toBe(ACCOUNT_MESSAGES.passwordTooShort);
    expect(newPasswordProblem({ password: ' '.repeat(129) })).toBe(ACCOUNT_MESSAGES.passwordTooLong);
  });
});
