import { Secret, TOTP } from 'otpauth';

/**
 * RFC 6238 TOTP through `otpauth` (decision 053): SHA-1, 30-second steps, 6 digits, the parameters every
 * authenticator app reads from an otpauth:// URI. This wrapper adds what the library leaves to us: the step
 * a code belongs to, so a code is accepted once.
 */
const PERIOD_SECONDS = 30;
const DIGITS = 6;
/** One step either side: a phone clock a little off, or a code typed just as it turned. */
const WINDOW = 1;

/** A new 160-bit key (RFC 4226's recommended length), base32 as the apps show and type it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secret: string, digits = DIGITS, label = 'Mandado'): TOTP {
  return new TOTP({
    issuer: 'Mandado',
    label,
    algorithm: 'SHA1',
    digits,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** The otpauth:// URI an authenticator app scans (or its key typed by hand). */
export function totpUri(secret: string, accountName: string): string {
  return totp(secret, DIGITS, accountName).toString();
}

/** The code for a moment; `digits` is 6 in use (8 only for RFC 6238's test vectors). */
export function totpCode(secret: string, timestampMs: number, digits = DIGITS): string {
  return totp(secret, digits).generate({ timestamp: timestampMs });
}

/** The 30-second step a moment falls in. */
export function totpStep(timestampMs: number): number {
  return Math.floor(timestampMs / 1000 / PERIOD_SECONDS);
}

/**
 * The step of the code if it is valid now (±1 step) and later than `lastUsedStep`; null otherwise. A code
 * seen once, or an older one, is refused: someone who read it over a shoulder cannot use it again.
 */
export function matchTotp(
  secret: string,
  code: string,
  nowMs: number,
  lastUsedStep: number | null,
): number | null {
  const delta = totp(secret).validate({ token: code, timestamp: nowMs, window: WINDOW });
  if (delta === null) return null;
  const step = totpStep(nowMs) + delta;
  return lastUsedStep !== null && step <= lastUsedStep ? null : step;
}
