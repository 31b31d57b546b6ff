import type { ConsentKind } from '@mandado/shared/legal-versions';
import { asc, eq } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/database.ts';
import { consents } from '../../db/schema/accounts.ts';

export interface ConsentRow {
  kind: string;
  version: string;
  acceptedAt: Date;
}

/** Records what an account accepted (issue 32), in the transaction that creates it. */
export async function insertConsents(
  db: DatabaseOrTransaction,
  userId: number,
  accepted: { kind: ConsentKind; version: string }[],
): Promise<void> {
  if (accepted.length === 0) return;
  await db.insert(consents).values(accepted.map((consent) => ({ userId, ...consent })));
}

/** An account's consents, oldest first (the data download shows them). */
export function listConsents(db: DatabaseOrTransaction, userId: number): Promise<ConsentRow[]> {
  return db
    .select({ kind: consents.kind, version: consents.version, acceptedAt: consents.acceptedAt })
    .from(consents)
    .where(eq(consents.userId, userId))
    .orderBy(asc(consents.acceptedAt), asc(consents.id));
}
