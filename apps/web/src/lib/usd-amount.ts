import { formatAmount, parseMoney } from '@mandado/shared/money';

/**
 * A settings figure (a USD decimal) as the referral copy says it: "5" for 5.00 (spec §2 'Gana 5 por cada
 * persona que invites'), "5,50" when it has cents.
 */
export function shortAmount(decimal: string): string {
  const minor = parseMoney(decimal);
  if (minor % 100 === 0) return String(minor / 100);
  return formatAmount(minor, '').trim();
}

/** The same with its currency (UX review: a bare "5" reads as pesos): "US$ 5", "US$ 5,50". */
export function usdAmount(decimal: string): string {
  return `US$ ${shortAmount(decimal)}`;
}
