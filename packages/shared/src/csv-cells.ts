/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, and the tab or carriage return some read the same
 * way) gets a leading apostrophe (OWASP, CSV injection): names and notes in our files are typed by shoppers and
 * merchants. A plain signed number stays a number.
 */
export function spreadsheetSafeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
}
