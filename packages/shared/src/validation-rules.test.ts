import { describe, expect, it } from 'vitest';
import { emailField } from './account.schemas.ts';
import { MESSAGES } from './messages.ts';
import { isValidEmail, normalizeEmail, shouldSearch, shouldTrackSearch } from './validation-rules.ts';

describe('e-mail rules', () => {
  it('trims and lowercases', () => {
    expect(normalizeEmail('  Ana.Perez@Correo.COM ')).toBe('ana.perez@correo.com');
  });

  it('accepts standard addresses, trimmed', () => {
    expect(isValidEmail('ana@correo.com.uy')).toBe(true);
    expect(isValidEmail('  ANA+compras@correo.com  ')).toBe(true);
  });

  it('refuses malformed addresses', () => {
    for (const bad of ['', 'ana', 'ana@', '@correo.com', 'ana@correo', 'ana correo@x.com', 'ana@correo.c']) {
      expect(isValidEmail(bad), bad).toBe(false);
    }
    expect(isValidEmail(`${'a'.repeat(250)}@x.com`)).toBe(false);
  });

  it('refuses what a mail library would read as a display name or a second recipient', () => {
    for (const bad of [
      '<ana@x.com>',
      'x<ana@x.com>',
      'a,b@x.com',
      'a;b@x.com',
      '"a"@x.com',
      'a@x.com\u0000',
    ]) {
      expect(isValidEmail(bad), bad).toBe(false);
    }
  });
});

describe('e-mail field (the schema of the forms and the API)', () => {
  function problems(value: unknown): string[] {
    const result = emailField.safeParse(value);
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  }

  it('trims and lowercases what it accepts', () => {
    expect(emailField.parse('  Ana.Perez@Correo.COM.UY \t')).toBe('ana.perez@correo.com.uy');
    expect(emailField.parse('\nJUAN+compras@ejemplo.com')).toBe('juan+compras@ejemplo.com');
  });

  it("answers 'Campo requerido' for a missing or blank e-mail", () => {
    expect(problems('')).toEqual([MESSAGES.required]);
    expect(problems('   ')).toEqual([MESSAGES.required]);
    expect(problems(undefined)).toEqual([MESSAGES.required]);
  });

  it("answers 'Correo electrónico Invalido' for a bad format", () => {
    for (const bad of [
      'ana',
      'ana@',
      '@correo.com',
      'ana@correo',
      'ana @correo.com',
      'ana@@correo.com',
      'ana@correo.c',
    ]) {
      expect(problems(bad), bad).toEqual([MESSAGES.invalidEmail]);
    }
  });

  it('refuses an address longer than 254 characters', () => {
    expect(problems(`${'a'.repeat(250)}@x.com`)).toContain(MESSAGES.tooLong(254));
  });
});

describe('search length rules', () => {
  it('searches for 3 or more characters, or an empty string', () => {
    expect(shouldSearch('')).toBe(true);
    expect(shouldSearch('az')).toBe(false);
    expect(shouldSearch('  az ')).toBe(false);
    expect(shouldSearch('azu')).toBe(true);
  });

  it('tracks the search only for more than 3 characters', () => {
    expect(shouldTrackSearch('azu')).toBe(false);
    expect(shouldTrackSearch('azuc')).toBe(true);
  });
});
