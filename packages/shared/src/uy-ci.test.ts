import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ciCheckDigit, normalizeCi } from './uy-ci.ts';

describe('CI', () => {
  it('accepts a valid CI written with or without dots and dashes', () => {
    // 1234567: 2·1+9·2+8·3+7·4+6·5+3·6+4·7 = 148; the next ten is 150, so the check digit is 2.
    expect(ciCheckDigit('1234567')).toBe(2);
    expect(normalizeCi('1.234.567-2')).toBe('12345672');
    expect(normalizeCi('12345672')).toBe('12345672');
    // Six-digit numbers are padded with a zero on the left: 0·2+9·1+8·2+7·3+6·4+3·5+4·6 = 109 → 1.
    expect(normalizeCi('123456-1')).toBe('1234561');
  });

  it('refuses a wrong check digit, a wrong length or letters', () => {
    expect(normalizeCi('12345673')).toBeNull();
    expect(normalizeCi('123456')).toBeNull();
    expect(normalizeCi('123456789')).toBeNull();
    expect(normalizeCi('0000000-0')).toBeNull();
    expect(normalizeCi('1.234.56a-2')).toBeNull();
  });

  it('accepts exactly one check digit for any number', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100_000, max: 9_999_999 }), (number) => {
        const valid = [...Array(10).keys()].filter((digit) => normalizeCi(`${number}${digit}`) !== null);
        expect(valid).toEqual([ciCheckDigit(String(number))]);
      }),
      { numRuns: 200 },
    );
  });
});
