/**
 * Uruguay's cédula de identidad (CI): 6 or 7 digits of a number and a check digit (people write it
 * "1.234.567-2"). The number, padded to 7 digits, is weighted 2, 9, 8, 7, 6, 3, 4; the check digit is what
 * brings the sum to the next multiple of 10. Written here beside rut.ts: no npm package for it is kept up
 * (decision 068), and the rule is a dozen lines a property test pins down.
 */
const WEIGHTS = [2, 9, 8, 7, 6, 3, 4];

/** The check digit for a CI's number (up to 7 digits). */
export function ciCheckDigit(number: string): number {
  const padded = number.padStart(7, '0');
  const sum = WEIGHTS.reduce((total, weight, index) => total + weight * Number(padded[index]), 0);
  return (10 - (sum % 10)) % 10;
}

/** The CI's digits (7 or 8, check digit last), or null when it is not a valid CI. */
export function normalizeCi(value: string): string | null {
  const digits = value.replace(/[\s.\-/]/g, '');
  if (!/^\d{7,8}$/.test(digits)) return null;
  const number = digits.slice(0, -1);
  if (/^0+$/.test(number)) return null;
  return ciCheckDigit(number) === Number(digits.at(-1)) ? digits : null;
}
