/**
 * The embedded payment sandbox (decision 023) behaves like Stripe's test mode with Stripe's documented test
 * numbers. The card form tokenizes in the browser: only the token (outcome, brand, last 4, expiry) is sent, so a
 * card number never reaches our server, its database or a log.
 */

export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'diners', 'jcb', 'unknown'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

export const CARD_BRAND_LABELS: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unknown: 'Tarjeta',
};

/** What a sandbox charge does with a card. */
export const SANDBOX_OUTCOMES = [
  'succeeds',
  'declined',
  'insufficient_funds',
  'requires_authentication',
  'live_card',
] as const;
export type SandboxOutcome = (typeof SANDBOX_OUTCOMES)[number];

/** Stripe's test numbers (docs.stripe.com/testing) and what they do. Any other number is a "live" card. */
export const SANDBOX_TEST_CARDS: Readonly<Record<string, SandboxOutcome>> = {
  '4242424242424242': 'succeeds',
  '4000056655665556': 'succeeds',
  '5555555555554444': 'succeeds',
  '2223003122003222': 'succeeds',
  '5200828282828210': 'succeeds',
  '378282246310005': 'succeeds',
  '6011111111111117': 'succeeds',
  '3056930009020004': 'succeeds',
  '3566002020360505': 'succeeds',
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficient_funds',
  '4000002760003184': 'requires_authentication',
};

/** The processor's decline codes, with the reason the shopper reads on 'Pago'. */
export const DECLINE_MESSAGES = {
  card_declined: 'Tu tarjeta fue rechazada. Prueba con otra tarjeta o con otro medio de pago.',
  insufficient_funds:
    'Tu tarjeta no tiene fondos suficientes. Prueba con otra tarjeta o con otro medio de pago.',
  authentication_failed:
    'Tu banco no pudo verificar la compra (3-D Secure). Intenta de nuevo o usa otra tarjeta.',
  expired_card: 'Tu tarjeta está vencida. Usa otra tarjeta.',
  live_card_in_test_mode:
    'La tienda está en modo de prueba: usa una tarjeta de prueba, como 4242 4242 4242 4242.',
  processing_error: 'No pudimos procesar el pago. No se te cobró nada; intenta de nuevo en unos minutos.',
} as const;
export type DeclineCode = keyof typeof DECLINE_MESSAGES;

function digitsOnly(text: string): string {
  return text.replace(/\D/g, '');
}

/** The Luhn checksum every card number carries. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^3(0[0-5]|[689])/.test(digits)) return 'diners';
  if (/^35/.test(digits)) return 'jcb';
  return 'unknown';
}

export interface SandboxCardInput {
  number: string;
  /** "MM/AA" as typed. */
  expiry: string;
  cvc: string;
}

export interface SandboxCardToken {
  token: string;
  brand: CardBrand;
  last4: string;
  exp_month: number;
  exp_year: number;
}

export type SandboxCardProblem = 'number' | 'expiry' | 'cvc';

export const SANDBOX_CARD_MESSAGES: Record<SandboxCardProblem, string> = {
  number: 'El número de tarjeta no es válido.',
  expiry: 'La fecha de vencimiento no es válida.',
  cvc: 'El código de seguridad no es válido.',
};

const TOKEN_PATTERN = /^pm_sandbox_([a-z_]+)_([a-z]+)_(\d{4})_(\d{2})(\d{4})_([A-Za-z0-9]{8,32})$/;

/** Parses "MM/AA" or "MM/AAAA"; null when malformed or in the past (relative to `now`). */
export function parseExpiry(expiry: string, now: Date): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  if (!match) return null;
  const month = Number(match[1]);
  const yearText = match[2] ?? '';
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  if (month < 1 || month > 12) return null;
  const endOfMonth = Date.UTC(year, month, 1);
  if (endOfMonth <= now.getTime() || year > now.getUTCFullYear() + 20) return null;
  return { month, year };
}

/**
 * Tokenizes a card in the browser the way Stripe.js would, or says which field is wrong. `random` supplies the
 * token's unguessable suffix (crypto.getRandomValues in the browser).
 */
export function tokenizeSandboxCard(
  input: SandboxCardInput,
  now: Date,
  random: () => string,
): { token: SandboxCardToken } | { problem: SandboxCardProblem } {
  const digits = digitsOnly(input.number);
  if (!passesLuhn(digits)) return { problem: 'number' };
  const expiry = parseExpiry(input.expiry, now);
  if (!expiry) return { problem: 'expiry' };
  const brand = cardBrand(digits);
  const cvcLength = brand === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(input.cvc.trim())) return { problem: 'cvc' };
  const outcome = SANDBOX_TEST_CARDS[digits] ?? 'live_card';
  const last4 = digits.slice(-4);
  const month = String(expiry.month).padStart(2, '0');
  return {
    token: {
      token: `pm_sandbox_${outcome}_${brand}_${last4}_${month}${expiry.year}_${random()}`,
      brand,
      last4,
      exp_month: expiry.month,
      exp_year: expiry.year,
    },
  };
}

/** What the server reads back from a sandbox token; null when it is not one. */
export function parseSandboxToken(token: string): {
  outcome: SandboxOutcome;
  brand: CardBrand;
  last4: string;
  exp_month: number;
  exp_year: number;
} | null {
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return null;
  const [, outcome, brand, last4, month, year] = match;
  if (!SANDBOX_OUTCOMES.includes(outcome as SandboxOutcome)) return null;
  if (!CARD_BRANDS.includes(brand as CardBrand)) return null;
  return {
    outcome: outcome as SandboxOutcome,
    brand: brand as CardBrand,
    last4: last4 ?? '',
    exp_month: Number(month),
    exp_year: Number(year),
  };
}
