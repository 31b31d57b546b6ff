import { describe, expect, it } from 'vitest';
import { formatMobileMask, isValidUruguayMobile, maskPhoneInput } from './uruguay-phone.ts';

/** Issue 16 part B item 7: what a new shopper typed into the mobile box. */
describe('a mobile typed without its leading 0', () => {
  it("'99123456' becomes '(099) 123456', a valid mobile", () => {
    expect(formatMobileMask('99123456')).toBe('(099) 123456');
    expect(isValidUruguayMobile(formatMobileMask('99123456'))).toBe(true);
    expect(maskPhoneInput('mobile', '99123456')).toEqual({ value: '(099) 123456', refused: false });
  });

  it('typed key by key, the 9 opens the mask with its 0', () => {
    expect(formatMobileMask('9')).toBe('(09');
    expect(formatMobileMask('(09')).toBe('(09');
    expect(formatMobileMask('(099) 1')).toBe('(099) 1');
  });
});

describe('an extra digit is refused, never cut', () => {
  it('a tenth digit on a full mobile is refused', () => {
    expect(maskPhoneInput('mobile', '(099) 1234567')).toEqual({ value: '', refused: true });
    expect(maskPhoneInput('mobile', '0991234567')).toEqual({ value: '', refused: true });
  });

  it('a ninth digit on a full landline is refused', () => {
    expect(maskPhoneInput('landline', '(2622) 12345')).toEqual({ value: '', refused: true });
    expect(maskPhoneInput('landline', '(2622) 1234')).toEqual({ value: '(2622) 1234', refused: false });
  });

  it('a pasted international number still fits (the country code is not an extra digit)', () => {
    expect(maskPhoneInput('mobile', '+598 99 123 456')).toEqual({ value: '(099) 123456', refused: false });
  });
});
