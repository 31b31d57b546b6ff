import { describe, expect, it } from 'vitest';
import { convertMinor, formatAmount, formatMinorAsDecimal, parseMoney } from './money.ts';

const rates = { UYU: '40.15', EUR: '0.86', ARS: '1450', CLP: '945' };

describe('parseMoney and formatMinorAsDecimal', () => {
  it('reads decimal strings into integer cents without float error', () => {
    expect(parseMoney('1250.50')).toBe(125050);
    expect(parseMoney('0.1')).toBe(10);
    expect(parseMoney('19.99')).toBe(1999);
    expect(parseMoney('2.005')).toBe(201);
    expect(parseMoney('-3.20')).toBe(-320);
  });

  it('refuses what is not a decimal', () => {
    expect(() => parseMoney('12,50')).toThrow();
    expect(() => parseMoney('abc')).toThrow();
    expect(() => parseMoney('')).toThrow();
  });

  it('writes cents back as a two-decimal string', () => {
    expect(formatMinorAsDecimal(125050)).toBe('1250.50');
    expect(formatMinorAsDecimal(5)).toBe('0.05');
    expect(formatMinorAsDecimal(-320)).toBe('-3.20');
    expect(() => formatMinorAsDecimal(1.5)).toThrow();
  });
});

describe('convertMinor', () => {
  it('divides a UYU price by the UYU rate to reach USD', () => {
    // 4015 UYU / 40.15 = 100 USD
    expect(convertMinor(401500, 'UYU', 'USD', rates)).toBe(10000);
  });

  it('goes through USD to reach another currency', () => {
    // 401.50 UYU → 10 USD → 8.60 EUR
    expect(convertMinor(40150, 'UYU', 'EUR', rates)).toBe(860);
    expect(convertMinor(1000, 'USD', 'ARS', rates)).toBe(1450000);
  });

  it('rounds half up to the nearest cent', () => {
    // 1 UYU = 0.0249066 USD → 2 cents
    expect(convertMinor(100, 'UYU', 'USD', rates)).toBe(2);
    expect(convertMinor(2, 'USD', 'EUR', rates)).toBe(2);
  });

  it('keeps the amount when the currency does not change and reports a missing rate', () => {
    expect(convertMinor(1234, 'UYU', 'UYU', rates)).toBe(1234);
    expect(convertMinor(1234, 'UYU', 'JPY', rates)).toBeNull();
    expect(convertMinor(1234, 'XXX', 'USD', rates)).toBeNull();
  });
});

describe('formatAmount', () => {
  it('uses comma decimals and dot thousands with two decimals', () => {
    expect(formatAmount(125050, '$U')).toBe('$U 1.250,50');
    expect(formatAmount(123456789, '€')).toBe('€ 1.234.567,89');
    expect(formatAmount(5, 'R$')).toBe('R$ 0,05');
  });

  it('shows no decimals for a whole amount when the symbol is $', () => {
    expect(formatAmount(125000, '$')).toBe('$ 1.250');
    expect(formatAmount(200, '$')).toBe('$ 2');
    expect(formatAmount(0, '$')).toBe('$ 0');
  });

  it('keeps the cents of a $ amount that has them, instead of rounding them away', () => {
    expect(formatAmount(125050, '$')).toBe('$ 1.250,50');
    expect(formatAmount(99, '$')).toBe('$ 0,99');
    expect(formatAmount(160, '$')).toBe('$ 1,60');
  });

  it('never shows a discounted price and its old price alike ($ 2 ~~$ 2~~ was the bug)', () => {
    expect(formatAmount(160, '$')).not.toBe(formatAmount(200, '$'));
    for (const symbol of SYMBOLS) {
      const random = seededRandom(7);
      for (let run = 0; run < 2000; run += 1) {
        const old = randomMinor(random);
        const paid = Math.max(0, old - 1 - Math.floor(random() * 500));
        expect(formatAmount(paid, symbol)).not.toBe(formatAmount(old, symbol));
      }
    }
  });

  it('shows lines that add up to the shown subtotal ($1 + $1 + $2 + $1 read as $6 was the bug)', () => {
    const bugCase = [149, 149, 249, 149];
    expect(readAmount(formatAmount(696, '$'))).toBe(
      sum(bugCase.map((line) => readAmount(formatAmount(line, '$')))),
    );
    for (const symbol of SYMBOLS) {
      const random = seededRandom(11);
      for (let run = 0; run < 1000; run += 1) {
        const lines = Array.from({ length: 1 + Math.floor(random() * 8) }, () => randomMinor(random));
        const shownLines = lines.map((line) => readAmount(formatAmount(line, symbol)));
        expect(readAmount(formatAmount(sum(lines), symbol))).toBe(sum(shownLines));
      }
    }
  });

  it('signs negative amounts', () => {
    expect(formatAmount(-125050, '$U')).toBe('-$U 1.250,50');
  });
});

const SYMBOLS = ['$', '$U', '€', 'R$'];

/** Reads display text back to minor units, as a shopper adding the shown figures would. */
function readAmount(text: string): number {
  const match = /^(-?)\D*\s([\d.]+)(?:,(\d{2}))?$/.exec(text);
  if (!match) throw new Error(`Unreadable amount: ${text}`);
  const [, minus, whole = '0', cents = '00'] = match;
  const value = Number(whole.replaceAll('.', '')) * 100 + Number(cents);
  return minus ? -value : value;
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

/** Amounts up to 100.000,00, a third of them whole, since whole amounts are the §9 special case. */
function randomMinor(random: () => number): number {
  const minor = Math.floor(random() * 10_000_000);
  return random() < 0.33 ? minor - (minor % 100) : minor;
}

/** A small deterministic generator, so a failing case can be replayed. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}
