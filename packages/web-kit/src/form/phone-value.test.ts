import { normalizeInternationalPhone } from '@mandado/shared/phone-number';
import { describe, expect, it } from 'vitest';
import {
  composePhone,
  defaultPhoneCountry,
  formatAsYouType,
  isValidPhone,
  phoneCountryOptions,
  splitPhone,
} from './phone-value.ts';

describe('defaultPhoneCountry', () => {
  it('takes the region of the first locale that has one', () => {
    expect(defaultPhoneCountry(['es-UY', 'es'])).toBe('UY');
    expect(defaultPhoneCountry(['en-GB'])).toBe('GB');
    expect(defaultPhoneCountry(['xx-invalid-!!', 'es-AR'])).toBe('AR');
  });

  it("takes the visitor's country first, the one the currency comes from (issue 30)", () => {
    expect(defaultPhoneCountry(['es-UY', 'es'], 'ES')).toBe('ES');
    // Unknown or not a phone country: the browser's locale decides, as before.
    expect(defaultPhoneCountry(['es-UY'], null)).toBe('UY');
    expect(defaultPhoneCountry(['en-GB'], 'ZZ')).toBe('GB');
  });

  it('falls back to the United States', () => {
    expect(defaultPhoneCountry([])).toBe('US');
    expect(defaultPhoneCountry(['zz'])).toBe('US');
  });
});

describe('composePhone', () => {
  it('sends a valid number in international format, which the server accepts', () => {
    const value = composePhone('UY', '091 234 567');
    expect(value).toBe('+598 91 234 567');
    expect(normalizeInternationalPhone(value)).not.toBeNull();
    expect(composePhone('US', '(213) 373-4253')).toBe('+1 213 373 4253');
  });

  it('lets a number typed with its own code win over the select', () => {
    expect(composePhone('US', '+598 91234567')).toBe('+598 91 234 567');
  });

  it('keeps an invalid number behind the calling code, which the shared rule rejects', () => {
    const value = composePhone('UY', '123');
    expect(value).toBe('+598 123');
    expect(normalizeInternationalPhone(value)).toBeNull();
  });

  it('keeps an empty number empty', () => {
    expect(composePhone('UY', '   ')).toBe('');
  });
});

describe('isValidPhone', () => {
  it('is the validity flag for the chosen country', () => {
    expect(isValidPhone('UY', '091234567')).toBe(true);
    expect(isValidPhone('US', '091234567')).toBe(false);
    expect(isValidPhone('UY', '')).toBe(false);
  });
});

describe('splitPhone', () => {
  it('splits a saved number into its country and national form', () => {
    expect(splitPhone('+598 91 234 567', 'US')).toEqual({ country: 'UY', national: '091 234 567' });
  });

  it('uses the fallback country for an empty or unparseable value', () => {
    expect(splitPhone('', 'AR')).toEqual({ country: 'AR', national: '' });
    expect(splitPhone('abc', 'AR')).toEqual({ country: 'AR', national: 'abc' });
  });
});

describe('formatAsYouType', () => {
  it('groups the digits as the country writes them', () => {
    expect(formatAsYouType('UY', '091234567')).toBe('091 234 567');
  });
});

describe('phoneCountryOptions', () => {
  it('names the countries in Spanish with their calling code', () => {
    const options = phoneCountryOptions();
    expect(options.find((option) => option.code === 'UY')?.label).toBe('Uruguay (+598)');
    expect(options.find((option) => option.code === 'US')?.label).toBe('Estados Unidos (+1)');
    expect(options.length).toBeGreaterThan(200);
  });
});
