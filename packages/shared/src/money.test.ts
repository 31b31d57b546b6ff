import { describe, expect, it } from 'vitest';
import { convertLine, convertMinor, formatMinorAsDecimal, parseMoney } from './money.ts';

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

describe('convertLine', () => {
  it('converts the unit price once and multiplies, so a line is the shown unit price × quantity', () => {
    // 61,80 UYU is US$ 1,539… → US$ 1,54 each; 7 of them are US$ 10,78, where converting 432,60 UYU gave 10,77.
    expect(convertLine(6180, 7, 'UYU', 'USD', rates)).toBe(
      7 * (convertMinor(6180, 'UYU', 'USD', rates) ?? 0),
    );
    expect(convertLine(6180, 7, 'UYU', 'USD', rates)).toBe(1078);
    expect(convertLine(100, 3, 'XXX', 'USD', rates)).toBeNull();
  });
});
