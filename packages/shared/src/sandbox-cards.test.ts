import { describe, expect, it } from 'vitest';
import {
  cardBrand,
  parseExpiry,
  parseSandboxToken,
  passesLuhn,
  tokenizeSandboxCard,
} from './sandbox-cards.ts';

const now = new Date('2026-11-22T12:00:00Z');
const random = () => 'abcdEFGH1234';

function tokenFor(number: string, expiry = '12/30', cvc = '123') {
  const result = tokenizeSandboxCard({ number, expiry, cvc }, now, random);
  if (!('token' in result)) throw new Error(`refused: ${result.problem}`);
  return result.token;
}

describe('sandbox cards (Stripe test mode numbers)', () => {
  it('maps the documented numbers to their outcomes', () => {
    expect(parseSandboxToken(tokenFor('4242 4242 4242 4242').token)?.outcome).toBe('succeeds');
    expect(parseSandboxToken(tokenFor('4000 0000 0000 0002').token)?.outcome).toBe('declined');
    expect(parseSandboxToken(tokenFor('4000000000009995').token)?.outcome).toBe('insufficient_funds');
    expect(parseSandboxToken(tokenFor('4000 0027 6000 3184').token)?.outcome).toBe('requires_authentication');
    expect(parseSandboxToken(tokenFor('4111 1111 1111 1111').token)?.outcome).toBe('live_card');
  });

  it('keeps only brand, last 4 and expiry in the token, never the number', () => {
    const token = tokenFor('5555 5555 5555 4444', '3/31');
    expect(token).toMatchObject({ brand: 'mastercard', last4: '4444', exp_month: 3, exp_year: 2031 });
    expect(token.token).not.toContain('5555555555554444');
  });

  it('says which field is wrong', () => {
    expect(
      tokenizeSandboxCard({ number: '4242 4242 4242 4241', expiry: '12/30', cvc: '123' }, now, random),
    ).toEqual({
      problem: 'number',
    });
    expect(
      tokenizeSandboxCard({ number: '4242424242424242', expiry: '10/26', cvc: '123' }, now, random),
    ).toEqual({
      problem: 'expiry',
    });
    expect(
      tokenizeSandboxCard({ number: '378282246310005', expiry: '12/30', cvc: '123' }, now, random),
    ).toEqual({
      problem: 'cvc',
    });
  });

  it('checks Luhn, brands and expiry', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4242424242424243')).toBe(false);
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('6011111111111117')).toBe('discover');
    expect(parseExpiry('11/26', now)).toEqual({ month: 11, year: 2026 });
    expect(parseExpiry('13/30', now)).toBeNull();
  });

  it('reads back nothing from a forged or malformed token', () => {
    expect(parseSandboxToken('pm_sandbox_free_money_visa_4242_122030_abcdefgh')).toBeNull();
    expect(parseSandboxToken('tok_visa')).toBeNull();
  });
});
