/**
 * Uruguay's RUT (Registro Único Tributario, DGI), the tax number a store applies with (issue 18): 12 digits —
 * two for the department (01 to 21), six of a sequence that is never 000000, "00", and a check digit: the
 * first 11 digits weighted 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2, summed, and 11 minus the sum's remainder by 11
 * (11 gives 0; 10 is never issued). Dots, dashes and spaces as people write it ("21.123456.001-2") are
 * ignored.
 */
const WEIGHTS = [4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** The RUT's 12 digits, or null when it is not a valid RUT. */
export function normalizeRut(value: string): string | null {
  const digits = value.replace(/[\s.\-/]/g, '');
  if (!/^\d{12}$/.test(digits)) return null;
  const department = Number(digits.slice(0, 2));
  if (department < 1 || department > 21) return null;
  if (digits.slice(2, 8) === '000000' || digits.slice(8, 10) !== '00') return null;
  const sum = WEIGHTS.reduce((total, weight, index) => total + weight * Number(digits[index]), 0);
  const check = 11 - (sum % 11);
  const expected = check === 11 ? 0 : check;
  if (expected === 10 || expected !== Number(digits[11])) return null;
  return digits;
}

/** The check digit a RUT's first 11 digits call for (null when none can be issued), for tests and examples. */
export function rutCheckDigit(first11: string): number | null {
  const sum = WEIGHTS.reduce((total, weight, index) => total + weight * Number(first11[index]), 0);
  const check = 11 - (sum % 11);
  return check === 11 ? 0 : check === 10 ? null : check;
}
