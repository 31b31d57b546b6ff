import { describe, expect, it } from 'vitest';
import { isValidLocalPhone, normalizeInternationalPhone } from './phone-number.ts';

describe('spec §5 phone helper (isValidLocalPhone)', () => {
  it('accepts the mobile mask (###) ###### and the landline mask (####) ####', () => {
    expect(isValidLocalPhone('(091) 123456')).toBe(true);
    expect(isValidLocalPhone('(2622) 1234')).toBe(true);
  });

  it('removes spaces and plus signs before checking', () => {
    expect(isValidLocalPhone('  (091)   123 456 ')).toBe(true);
    expect(isValidLocalPhone('+(2622) 1234')).toBe(true);
    expect(isValidLocalPhone('+598 91 234 567')).toBe(true);
  });

  it('refuses fewer than 10 characters', () => {
    expect(isValidLocalPhone('')).toBe(false);
    expect(isValidLocalPhone('(091)1234')).toBe(false);
    expect(isValidLocalPhone('123456789')).toBe(false);
    expect(isValidLocalPhone('+ 1 2 3 4 5 6 7 8 9')).toBe(false);
  });

  it('with exactly 10 needs (4 digits)4 digits', () => {
    expect(isValidLocalPhone('(2622)1234')).toBe(true);
    expect(isValidLocalPhone('(091)12345')).toBe(false);
    expect(isValidLocalPhone('(26221)234')).toBe(false);
    expect(isValidLocalPhone('(2622)123a')).toBe(false);
  });

  it('with exactly 11 needs (3 digits)6 digits', () => {
    expect(isValidLocalPhone('(091)123456')).toBe(true);
    expect(isValidLocalPhone('(2622)12345')).toBe(false);
    expect(isValidLocalPhone('(09)1234567')).toBe(false);
    expect(isValidLocalPhone('(091)12345x')).toBe(false);
  });

  it('takes longer numbers only as digits (a number with its country code)', () => {
    expect(isValidLocalPhone('00598 91 234 567')).toBe(true);
    expect(isValidLocalPhone('(0598)91234567')).toBe(false);
    expect(isValidLocalPhone('598-91-234-567')).toBe(false);
  });
});

describe('international phone (normalizeInternationalPhone)', () => {
  it('turns a Uruguayan mobile into E.164 and the international format', () => {
    expect(normalizeInternationalPhone('+598 91 234 567')).toEqual({
      e164: '+59891234567',
      formatted: '+598 91 234 567',
    });
    expect(normalizeInternationalPhone(' +59891234567 ')?.e164).toBe('+59891234567');
  });

  it('accepts a remitter abroad, e.g. in the United States', () => {
    expect(normalizeInternationalPhone('+1 (415) 555-2671')).toEqual({
      e164: '+14155552671',
      formatted: '+1 415 555 2671',
    });
  });

  it('refuses numbers that are not valid for their country', () => {
    for (const bad of ['', 'hola', '+598 12', '+598 91 234 5678 9', '+1 123 456 7890', '+999 1234 5678']) {
      expect(normalizeInternationalPhone(bad), bad).toBeNull();
    }
  });

  it('refuses a number without its country code', () => {
    expect(normalizeInternationalPhone('091 234 567')).toBeNull();
    expect(normalizeInternationalPhone('91234567')).toBeNull();
    expect(normalizeInternationalPhone('(415) 555-2671')).toBeNull();
  });
});
