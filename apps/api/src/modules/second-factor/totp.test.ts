import { describe, expect, it } from 'vitest';
import { matchTotp, newTotpSecret, totpCode, totpStep, totpUri } from './totp.ts';

/** RFC 6238, appendix B: the SHA-1 key "12345678901234567890" (ASCII), 8 digits, 30-second steps. */
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const RFC_VECTORS: Array<[number, string]> = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it("gives RFC 6238's SHA-1 test vectors", () => {
    for (const [seconds, code] of RFC_VECTORS) expect(totpCode(RFC_SECRET, seconds * 1000, 8)).toBe(code);
  });

  it('accepts a code one step either side, not two, and never the same step twice', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const now = 1_800_000_000_000;
    const step = totpStep(now);
    expect(matchTotp(secret, totpCode(secret, now), now, null)).toBe(step);
    expect(matchTotp(secret, totpCode(secret, now - 30_000), now, null)).toBe(step - 1);
    expect(matchTotp(secret, totpCode(secret, now + 30_000), now, null)).toBe(step + 1);
    expect(matchTotp(secret, totpCode(secret, now - 60_000), now, null)).toBeNull();
    expect(matchTotp(secret, totpCode(secret, now), now, step)).toBeNull();
    expect(matchTotp(secret, totpCode(secret, now - 30_000), now, step - 1)).toBeNull();
    expect(matchTotp(secret, totpCode(secret, now + 30_000), now, step)).toBe(step + 1);
  });

  it('writes the otpauth URI an app scans', () => {
    expect(totpUri(RFC_SECRET, 'ana@ejemplo.com')).toBe(
      `otpauth://totp/Mandado:ana%40ejemplo.com?issuer=Mandado&secret=${RFC_SECRET}&algorithm=SHA1&digits=6&period=30`,
    );
  });
});
