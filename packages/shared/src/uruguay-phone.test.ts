import { describe, expect, it } from 'vitest';
import { isValidLocalPhone } from './phone-number.ts';
import {
  formatLandlineMask,
  formatMobileMask,
  isValidUruguayLandline,
  isValidUruguayMobile,
  LANDLINE_MASK_EXAMPLE,
  MOBILE_MASK_EXAMPLE,
} from './uruguay-phone.ts';

/** Types the value one character at a time into a masked input, as the form does on every change. */
function typeInto(mask: (typed: string) => string, keys: string): string[] {
  const shown: string[] = [];
  let value = '';
  for (const key of keys) {
    value = mask(value + key);
    shown.push(value);
  }
  return shown;
}

describe('mobile mask (###) ###### as the user types', () => {
  it('opens the parenthesis, closes it when the number goes on and stops at 9 digits', () => {
    expect(typeInto(formatMobileMask, '0911234567')).toEqual([
      '(0',
      '(09',
      '(091',
      '(091) 1',
      '(091) 12',
      '(091) 123',
      '(091) 1234',
      '(091) 12345',
      '(091) 123456',
      '(091) 123456',
    ]);
  });

  it('ignores letters, dashes and spaces the user types', () => {
    expect(formatMobileMask('09a1-12 34x56')).toBe('(091) 123456');
    expect(formatMobileMask('abc')).toBe('');
    expect(formatMobileMask('')).toBe('');
  });

  it('erasing the last digit of the area code leaves no closing parenthesis behind', () => {
    expect(formatMobileMask('(091) ')).toBe('(091');
    expect(formatMobileMask('(09')).toBe('(09');
  });

  it('re-masks an already masked value unchanged (idempotent)', () => {
    expect(formatMobileMask(MOBILE_MASK_EXAMPLE)).toBe(MOBILE_MASK_EXAMPLE);
  });

  it('a pasted international number (+598, 00598, 598…) loses its country code and gains the trunk 0', () => {
    expect(formatMobileMask('+598 91 123 456')).toBe('(091) 123456');
    expect(formatMobileMask('+59891123456')).toBe('(091) 123456');
    expect(formatMobileMask('00598 91 123 456')).toBe('(091) 123456');
    expect(formatMobileMask('59891123456')).toBe('(091) 123456');
  });

  it('a landline typed into the mobile field fills the mask but is not a valid mobile', () => {
    const masked = formatMobileMask('26221234');
    expect(masked).toBe('(262) 21234');
    expect(isValidUruguayMobile(masked)).toBe(false);
  });
});

describe('landline mask (####) #### as the user types', () => {
  it('opens the parenthesis, closes it after 4 digits and stops at 8 digits', () => {
    expect(typeInto(formatLandlineMask, '262212345')).toEqual([
      '(2',
      '(26',
      '(262',
      '(2622',
      '(2622) 1',
      '(2622) 12',
      '(2622) 123',
      '(2622) 1234',
      '(2622) 1234',
    ]);
  });

  it('re-masks an already masked value unchanged', () => {
    expect(formatLandlineMask(LANDLINE_MASK_EXAMPLE)).toBe(LANDLINE_MASK_EXAMPLE);
  });

  it('a pasted international number loses its country code, with no trunk 0', () => {
    expect(formatLandlineMask('+598 2622 1234')).toBe('(2622) 1234');
    expect(formatLandlineMask('00598 4372 1234')).toBe('(4372) 1234');
    expect(formatLandlineMask('59826221234')).toBe('(2622) 1234');
  });

  it('a mobile typed into the landline field is cut to 8 digits and is not a valid landline', () => {
    const masked = formatLandlineMask('091123456');
    expect(masked).toBe('(0911) 2345');
    expect(isValidUruguayLandline(masked)).toBe(false);
  });
});

describe('isValidUruguayMobile', () => {
  it('accepts (09x) ###### for x from 1 to 9, with or without the space', () => {
    for (const x of '123456789') expect(isValidUruguayMobile(`(09${x}) 123456`)).toBe(true);
    expect(isValidUruguayMobile('(099)654321')).toBe(true);
    expect(isValidUruguayMobile('  (094)  123 456 ')).toBe(true);
  });

  it('refuses 8 digits, 10 digits and the mobile without its trunk 0', () => {
    expect(isValidUruguayMobile('(091) 12345')).toBe(false);
    expect(isValidUruguayMobile('(091) 1234567')).toBe(false);
    expect(isValidUruguayMobile('(91) 1234567')).toBe(false);
  });

  it('refuses numbers outside the mobile range and the digits without the mask', () => {
    expect(isValidUruguayMobile('(090) 123456')).toBe(false);
    expect(isValidUruguayMobile('(081) 123456')).toBe(false);
    expect(isValidUruguayMobile('091123456')).toBe(false);
    expect(isValidUruguayMobile('+598 91 123 456')).toBe(false);
    expect(isValidUruguayMobile('+(091) 123456')).toBe(false);
    expect(isValidUruguayMobile('(091) 12345a')).toBe(false);
    expect(isValidUruguayMobile('')).toBe(false);
  });

  it('refuses a landline in the mobile field', () => {
    expect(isValidUruguayMobile('(2622) 1234')).toBe(false);
    expect(isValidUruguayMobile('(262) 21234')).toBe(false);
  });
});

describe('isValidUruguayLandline', () => {
  it('accepts (2xxx) #### and (4xxx) ####, with or without the space', () => {
    expect(isValidUruguayLandline('(2622) 1234')).toBe(true);
    expect(isValidUruguayLandline('(4372)1234')).toBe(true);
  });

  it('refuses 7 or 9 digits and other leading digits', () => {
    expect(isValidUruguayLandline('(2622) 123')).toBe(false);
    expect(isValidUruguayLandline('(2622) 12345')).toBe(false);
    expect(isValidUruguayLandline('(3622) 1234')).toBe(false);
    expect(isValidUruguayLandline('26221234')).toBe(false);
    expect(isValidUruguayLandline('+(2622) 1234')).toBe(false);
  });

  it('refuses a mobile in the landline field', () => {
    expect(isValidUruguayLandline('(091) 123456')).toBe(false);
    expect(isValidUruguayLandline('(0911) 2345')).toBe(false);
  });
});

describe('the masks and the §5 phone helper agree', () => {
  it('every masked number the checks accept passes isValidLocalPhone, and the checks add the mask and range', () => {
    for (const value of ['(091) 123456', '(099)654321', '(2622) 1234', '(4372)1234']) {
      expect(isValidLocalPhone(value)).toBe(true);
    }
    // Valid for the helper (10 or 11 characters in the right shape, or plain digits) yet not a Uruguayan number in its mask.
    for (const value of ['(081) 123456', '(3622) 1234', '0091123456789']) {
      expect(isValidLocalPhone(value)).toBe(true);
      expect(isValidUruguayMobile(value) || isValidUruguayLandline(value)).toBe(false);
    }
  });
});
