import type { Actor } from '../../authorization.ts';
import { requirePermission } from '../../authorization.ts';
import type { Database } from '../../db/database.ts';
import { listConsents } from './consents.repository.ts';

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
