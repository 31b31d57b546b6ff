import { orderCountsText } from '@mandado/shared/order-counts';

/**
 * The courier page's words as plain functions (issue 17), unit-tested apart from the page.
 */

/** '1 producto · 3 unidades': what the courier collects at the counter, in the one wording (issue 31). */
export function packagesText(packages: { lines: number; units: number }): string {
  return orderCountsText({ products: packages.lines, units: packages.units });
}

/** 'Sin intentos fallidos', '1 intento fallido', '2 intentos fallidos'. */
export function attemptsText(count: number): string {
  if (count === 0) return 'Sin intentos fallidos';
  return count === 1 ? '1 intento fallido' : `${count} intentos fallidos`;
}

/** The beneficiary's full name and address as one line each (blank parts dropped). */
export function fullName(person: { first_name: string; last_name: string }): string {
  return [person.first_name, person.last_name]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
}

export function addressText(recipient: { address_line1: string; city: string; state?: string }): string {
  const parts = [recipient.address_line1, recipient.city, recipient.state ?? '']
    .map((part) => part.trim())
    .filter(Boolean);
  // A city that is also its department ('Montevideo, Montevideo') reads as a typo: say it once.
  return parts.filter((part, index) => parts.indexOf(part) === index).join(', ');
}
