import { isValidLocalPhone } from './phone-number.ts';

/**
 * Uruguayan numbers in the address form's masks (spec §5 Address form): the mobile as (###) ######, e.g.
 * (091) 123456, and the landline as (####) ####, e.g. (2622) 1234. The masks hold the national form: a
 * mobile is 0 + 9 + 7 digits (091 … 099), a landline 8 digits starting with 2 (Montevideo) or 4 (the rest).
 */
export const MOBILE_DIGITS = 9;
export const LANDLINE_DIGITS = 8;
export const MOBILE_MASK_EXAMPLE = '(091) 123456';
export const LANDLINE_MASK_EXAMPLE = '(2622) 1234';

const COUNTRY_CODE = '598';
const MOBILE_PATTERN = /^\(09[1-9]\)\d{6}$/;
const LANDLINE_PATTERN = /^\([24]\d{3}\)\d{4}$/;

/**
 * The national digits of what was typed or pasted. A number written with the country code (+598 …, 00598 …,
 * or 598 followed by more digits than the mask holds) loses it, so a pasted international number lands in
 * the mask instead of being cut to its first digits. A mobile's national form starts with the trunk 0.
 */
function allNationalDigits(typed: string, maxDigits: number, trunkZero: boolean): string {
  let digits = typed.replace(/\D/g, '');
  const international = typed.trimStart().startsWith('+') || digits.startsWith(`00${COUNTRY_CODE}`);
  if (digits.startsWith('00')) digits = digits.slice(2);
  // 598 alone could be the start of a national number only for a landline; it needs more digits than fit.
  const pastedWithCode = digits.startsWith(COUNTRY_CODE) && digits.length > maxDigits;
  if ((international || pastedWithCode) && digits.startsWith(COUNTRY_CODE)) {
    digits = digits.slice(COUNTRY_CODE.length);
    if (trunkZero && digits.length > 0 && !digits.startsWith('0')) digits = `0${digits}`;
  }
  // A mobile written without its trunk 0 (99123456, as many write it and as it reads abroad) gains it: a
  // national number never starts with 9 otherwise.
  if (trunkZero && digits.startsWith('9')) digits = `0${digits}`;
  return digits;
}

function nationalDigits(typed: string, maxDigits: number, trunkZero: boolean): string {
  return allNationalDigits(typed, maxDigits, trunkZero).slice(0, maxDigits);
}

/**
 * What a masked phone box does with a change: the masked value, or `refused` when the change holds more
 * digits than the number has. The box then keeps what it showed and says 'Ingresa un número válido': cutting
 * the extra digit silently could store a wrong number that looks right (issue 16).
 */
export function maskPhoneInput(
  kind: 'mobile' | 'landline',
  typed: string,
): { value: string; refused: boolean } {
  const mobile = kind === 'mobile';
  const max = mobile ? MOBILE_DIGITS : LANDLINE_DIGITS;
  const digits = allNationalDigits(typed, max, mobile);
  if (digits.length > max) return { value: '', refused: true };
  return { value: mobile ? formatMobileMask(typed) : formatLandlineMask(typed), refused: false };
}

function applyMask(digits: string, groupLength: number): string {
  if (digits.length === 0) return '';
  const area = digits.slice(0, groupLength);
  const rest = digits.slice(groupLength);
  // The closing parenthesis appears only once the next group starts, so backspace over it is not trapped.
  return rest.length === 0 ? `(${area}` : `(${area}) ${rest}`;
}

/** The mobile mask applied to what the user has typed so far: '0911' → '(091) 1'; extra digits are dropped. */
export function formatMobileMask(typed: string): string {
  return applyMask(nationalDigits(typed, MOBILE_DIGITS, true), 3);
}

/** The landline mask applied to what the user has typed so far: '26221' → '(2622) 1'; extra digits are dropped. */
export function formatLandlineMask(typed: string): string {
  return applyMask(nationalDigits(typed, LANDLINE_DIGITS, false), 4);
}

/** Spaces do not matter (the §5 helper removes them); the mask's parentheses and digit counts do. */
function compact(value: string): string {
  return value.replace(/\s/g, '');
}

/** A Uruguayan mobile written in its mask: (09x) ######, 9 digits, and valid for the §5 phone helper. */
export function isValidUruguayMobile(value: string): boolean {
  return MOBILE_PATTERN.test(compact(value)) && isValidLocalPhone(value);
}

/** A Uruguayan landline written in its mask: (2xxx) #### or (4xxx) ####, 8 digits, and valid for the §5 helper. */
export function isValidUruguayLandline(value: string): boolean {
  return LANDLINE_PATTERN.test(compact(value)) && isValidLocalPhone(value);
}
