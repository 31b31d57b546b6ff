import { describe, expect, it } from 'vitest';
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
