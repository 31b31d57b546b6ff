import {
  CONSENT_MESSAGES,
  type ConsentAcceptance,
  type ConsentStatus,
  PRIVACY_POLICY_VERSION,
  TERMS_VERSION,
} from '@mandado/shared/legal-versions';
import type { Actor } from '../../authorization.ts';
import { requirePermission } from '../../authorization.ts';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../http-errors.ts';
import { type ConsentRow, insertConsents, listConsents } from './consents.repository.ts';

/** What the session's account accepted, with versions and times (issue 32: the data download shows it). */
export async function listOwnConsents(
  db: Database,
  actor: Actor | null,
): Promise<Array<{ kind: string; version: string; accepted_at: string }>> {
  const { userId } = requirePermission(actor, 'account:own');
  const rows = await listConsents(db, userId);
  return rows.map((row) => ({
    kind: row.kind,
    version: row.version,
    accepted_at: row.acceptedAt.toISOString(),
  }));
}

function statusOf(rows: readonly ConsentRow[]): ConsentStatus {
  // The newest acceptance of each document (rows come oldest first).
  const last = (kind: string) => rows.filter((row) => row.kind === kind).at(-1)?.version ?? null;
  const privacy = last('privacy_policy');
  const terms = last('terms');
  return {
    privacy_policy: { version: PRIVACY_POLICY_VERSION, accepted_version: privacy },
    terms: { version: TERMS_VERSION, accepted_version: terms },
    pending: privacy !== PRIVACY_POLICY_VERSION || terms !== TERMS_VERSION,
  };
}

/** `GET /v1/users/consent/` (decision 078): whether the account accepted the current versions. */
export async function getOwnConsentStatus(db: Database, actor: Actor | null): Promise<ConsentStatus> {
  const { userId } = requirePermission(actor, 'account:own');
  return statusOf(await listConsents(db, userId));
}

/**
 * `POST /v1/users/consent/` (decision 078): 'Acepto' in the shop's notice. The versions the person was shown
 * must be the current ones (409 otherwise: the text changed while they read it); a row per document not yet
 * accepted at its current version, with its time, so the record shows who accepted what and when.
 */
export async function acceptCurrentPolicies(
  db: Database,
  actor: Actor | null,
  input: ConsentAcceptance,
): Promise<ConsentStatus> {
  const { userId } = requirePermission(actor, 'account:own');
  if (input.privacy_policy_version !== PRIVACY_POLICY_VERSION || input.terms_version !== TERMS_VERSION) {
    throw new HttpError(409, { detail: CONSENT_MESSAGES.versionChanged });
  }
  return db.transaction(async (tx) => {
    const before = statusOf(await listConsents(tx, userId));
    await insertConsents(tx, userId, [
      ...(before.privacy_policy.accepted_version === PRIVACY_POLICY_VERSION
        ? []
        : [{ kind: 'privacy_policy' as const, version: PRIVACY_POLICY_VERSION }]),
      ...(before.terms.accepted_version === TERMS_VERSION
        ? []
        : [{ kind: 'terms' as const, version: TERMS_VERSION }]),
    ]);
    return statusOf(await listConsents(tx, userId));
  });
}
