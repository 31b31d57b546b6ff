import { createHmac, timingSafeEqual } from 'node:crypto';
import { substitutionTokenSchema } from '@mandado/shared/substitution.schemas';
import { SUBSTITUTION_MESSAGES } from '@mandado/shared/substitution-texts';
import { HttpError } from '../../http-errors.ts';

/**
 * The remitter's link to a substitution question (decision 062): `<question id>.<expiry>.<HMAC>`, the HMAC
 * (SHA-256, the server secret `substitution-links`) over the question, its store order and the expiry, so a
 * link opens that question of that order only, until it expires, without a login. Nothing is stored: a new
 * secret would void every link, as rotating the key should.
 */

/** How long a link answers: long after the wait time, so a late remitter still sees what was decided. */
export const LINK_LIFETIME_MS = 3 * 24 * 3600_000;

function mac(secret: Buffer, questionId: number, storeOrderId: number, expires: number): string {
  return createHmac('sha256', secret)
    .update(`substitution:${questionId}:${storeOrderId}:${expires}`)
    .digest('base64url');
}

export function signQuestionToken(
  secret: Buffer,
  question: { id: number; storeOrderId: number },
  expiresAt: Date,
): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `${question.id}.${expires}.${mac(secret, question.id, question.storeOrderId, expires)}`;
}

/** The question id a token names, before its signature is checked (which needs its store order). */
export function questionIdOfToken(token: string): number {
  if (!substitutionTokenSchema.safeParse(token).success) {
    throw new HttpError(403, { detail: SUBSTITUTION_MESSAGES.linkInvalid });
  }
  return Number(token.split('.')[0]);
}

/** A forged or altered link is a 403, an expired one a 410; both say so in Spanish and change nothing. */
export function checkQuestionToken(
  secret: Buffer,
  token: string,
  question: { id: number; storeOrderId: number },
  now: Date,
): void {
  const [, expiresText = '', signature = ''] = token.split('.');
  const expires = Number(expiresText);
  const wanted = Buffer.from(mac(secret, question.id, question.storeOrderId, expires));
  const given = Buffer.from(signature);
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) {
    throw new HttpError(403, { detail: SUBSTITUTION_MESSAGES.linkInvalid });
  }
  if (expires * 1000 <= now.getTime())
    throw new HttpError(410, { detail: SUBSTITUTION_MESSAGES.linkExpired });
}
