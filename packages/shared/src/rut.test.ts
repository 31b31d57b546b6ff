import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeRut, rutCheckDigit } from './rut.ts';

describe('RUT', () => {
  it('accepts a valid RUT written with or without dots and dashes', () => {
    // 21 123456 00 + check digit computed by hand: 4·2+3·1+2·1+9·2+8·3+7·4+6·5+5·6+4·0+3·0+2·1 = 145; 145 % 11 = 2; 11 − 2 = 9.
    expect(rutCheckDigit('21123456001')).toBe(9);
    expect(normalizeRut('211234560019')).toBe('211234560019');
    expect(normalizeRut('21.123456.001-9')).toBe('211234560019');
  });

  it('refuses a wrong check digit, length, department or middle', () => {
    expect(normalizeRut('211234560018')).toBeNull();
    expect(normalizeRut('21123456001')).toBeNull();
    expect(normalizeRut('221234560019')).toBeNull();
    expect(normalizeRut('210000000019')).toBeNull();
    expect(normalizeRut('211234561019')).toBeNull();
    expect(normalizeRut('abc')).toBeNull();
  });

  it('accepts exactly one check digit for any issued number', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 21 }),
        fc.integer({ min: 1, max: 999_999 }),
        fc.integer({ min: 0, max: 9 }),
        (department, sequence, last) => {
          const first11 = `${String(department).padStart(2, '0')}${String(sequence).padStart(6, '0')}00${last}`;
          const check = rutCheckDigit(first11);
          const valid = [...Array(10).keys()].filter((digit) => normalizeRut(`${first11}${digit}`) !== null);
          expect(valid).toEqual(check === null ? [] : [check]);
        },
      ),
      { numRuns: 200 },
    );
  });
});
