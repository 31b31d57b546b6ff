import { readJson, removeItem, STORAGE_KEYS, writeJson } from '../../lib/storage.ts';

const TOKEN_PATTERN = /^[\w-]{1,64}$/;

function isReferralToken(value: unknown): value is string {
  return typeof value === 'string' && TOKEN_PATTERN.test(value);
}

/** The referral token an invitation link brought (spec §3 `referrer`), kept until the registration. */
export function readReferrer(): string {
  return readJson(STORAGE_KEYS.referrer, isReferralToken) ?? '';
}

/** Keeps an invitation's token so it survives browsing before registering; a malformed one is ignored. */
export function saveReferrer(token: string): void {
  const trimmed = token.trim();
  if (isReferralToken(trimmed)) writeJson(STORAGE_KEYS.referrer, trimmed);
}

/** Drops an invitation the server refused, so it cannot block every later registration. */
export function forgetReferrer(): void {
  removeItem(STORAGE_KEYS.referrer);
}
