import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { emailField } from './account.schemas.ts';
import { MESSAGES } from './messages.ts';
import { personNameField } from './person-name.schemas.ts';
import {
  firstNameForOthers,
  isValidEmail,
  normalizeEmail,
  personNameProblem,
  shouldSearch,
  shouldTrackSearch,
  singleLineText,
  singleLineTextProblem,
} from './validation-rules.ts';

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

  it("answers 'Correo electrónico inválido' for a bad format", () => {
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

describe('single-line text', () => {
  const field = singleLineText(z.string().trim().min(1, { error: MESSAGES.required, abort: true }));
  const messageFor = (value: string) => field.safeParse(value).error?.issues[0]?.message;

  it('accepts names with accents, apostrophes, hyphens and inner spaces', () => {
    for (const good of ['Ana', "O'Connor", 'José María', 'Núñez-Güemes', '李小龍', 'Zoë']) {
      expect(singleLineTextProblem(good), good).toBeNull();
      expect(field.safeParse(good).success, good).toBe(true);
    }
  });

  it('refuses line breaks, NUL, other C0/C1 controls and bidi overrides and isolates', () => {
    for (const bad of [
      'x\r\nSubject: hi',
      'x\ny',
      'x\u0000y',
      'x\ty',
      'x\u001by',
      'x\u0085y',
      'x\u009by',
      'gpj\u202Eexe',
      'a\u202Ab',
      'a\u2066b',
      'a\u2069b',
      'Ana\u2028Bcc: x',
      'Ana\u2029x',
      'Ana\u200Fxe.gpj',
      'Ana\u200Ex',
      'Ana\u061Cx',
    ]) {
      expect(singleLineTextProblem(bad), JSON.stringify(bad)).toBe('control');
      expect(messageFor(bad), JSON.stringify(bad)).toBe(MESSAGES.singleLineText);
    }
  });

  it('refuses values that print nothing as required', () => {
    for (const bad of [
      '\u200B',
      '\u200B\u200C\u200D',
      '\uFEFF',
      ' \u2060 ',
      '\u3164',
      '\u00AD',
      '\u034F',
      '\u2800',
    ]) {
      expect(singleLineTextProblem(bad), JSON.stringify(bad)).toBe('invisible');
      expect(messageFor(bad), JSON.stringify(bad)).toBe(MESSAGES.required);
    }
  });

  it('keeps the plain empty value on its own message', () => {
    expect(messageFor('   ')).toBe(MESSAGES.required);
  });

  it('refuses e-mail addresses with zero-width or bidi characters', () => {
    expect(isValidEmail('ana\u200B@correo.com')).toBe(false);
    expect(isValidEmail('ana@correo\u202E.com')).toBe(false);
  });
});

describe('person names (issue 16)', () => {
  it('refuses links, domains, an @ and more than 40 characters', () => {
    for (const name of [
      'Premio: entra a https://evil.example/login',
      'evil.example',
      'visita www.premio',
      'ana@correo',
      'bit.ly/premio',
      'mandado.uy',
      'HTTP://X',
    ]) {
      expect(personNameProblem(name), name).toBe('link');
    }
    expect(personNameProblem('a'.repeat(41))).toBe('long');
    for (const name of [
      'Ana',
      'María José',
      'Ana M. Pérez',
      "O'Neill",
      'Jean-Luc',
      'J. R.',
      'a'.repeat(40),
    ]) {
      expect(personNameProblem(name), name).toBeNull();
    }
  });

  it('the shared field says why in Spanish', () => {
    const field = personNameField();
    expect(field.safeParse('  Lucía  ').data).toBe('Lucía');
    expect(field.safeParse('Premio en https://evil.example').error?.issues[0]?.message).toBe(
      'Escribe solo el nombre, sin enlaces, direcciones web ni correos.',
    );
    expect(field.safeParse('a'.repeat(41)).error?.issues[0]?.message).toBe(
      'No puede tener más de 40 caracteres.',
    );
  });

  it('is an allowlist after NFKC (issue 27): letters of any script, marks, spaces, apostrophes, hyphens, initials', () => {
    for (const name of [
      "María José O'Neill-Núñez",
      'Zoë Ñandú',
      'J. P. Pérez',
      '李小龍',
      'D’Angelo',
      'Ｌｕｃíａ',
    ]) {
      expect(personNameProblem(name), name).toBeNull();
    }
    for (const name of [
      'evil。com',
      'Ana evil.сом',
      'Ana evil.c\u200Bom',
      'Ana 93.184.216.34',
      'Ana evil[.]com',
      'Premio US$500 llama al 099123456',
      'J.P.',
      'Ana -',
    ]) {
      expect(personNameProblem(name), name).toBe('characters');
    }
    expect(personNameProblem('Ana evil．com')).toBe('link');
    expect(personNameProblem('Ana bit․ly/x')).toBe('link');
    expect(
      personNameField()
        .safeParse('Ana 93')
        .error?.issues.map((issue) => issue.message),
    ).toEqual([MESSAGES.nameCharacters]);
  });

  it('quotes a stored first name to others only when it passes, else the fallback', () => {
    expect(firstNameForOthers('Ana evil.c\u200Bom', 'Un amigo')).toBe('Un amigo');
    expect(firstNameForOthers('Ｌｕｃíａ', 'Un amigo')).toBe('Lucía');
    expect(firstNameForOthers(' Ana ', 'Un amigo')).toBe('Ana');
    expect(firstNameForOthers('Premio: entra a https://evil.example/login', 'Un amigo')).toBe('Un amigo');
    expect(firstNameForOthers('', 'Un amigo')).toBe('Un amigo');
  });
});
