import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import { recoveryCodes, secondFactors } from '../../db/schema/accounts.ts';

/** The second factor's own tables (decision 053): the TOTP key and the recovery codes' hashes. */

export interface SecondFactorRow {
  secret: string;
  enabledAt: Date | null;
  lastUsedStep: number | null;
}

export async function findSecondFactor(
  db: DatabaseOrTransaction,
  userId: number,
): Promise<SecondFactorRow | null> {
  const [row] = await db
    .select({
      secret: secondFactors.secret,
      enabledAt: secondFactors.enabledAt,
      lastUsedStep: secondFactors.lastUsedStep,
    })
    .from(secondFactors)
    .where(eq(secondFactors.userId, userId));
  return row ?? null;
}

/** A new key waiting for its first code; replaces a waiting one, never an enabled one (false then). */
export async function savePendingSecret(db: Database, userId: number, secret: string): Promise<boolean> {
  const rows = await db
    .insert(secondFactors)
    .values({ userId, secret })
    .onConflictDoUpdate({
      target: secondFactors.userId,
      set: { secret, lastUsedStep: null, createdAt: sql`now()` },
      setWhere: isNull(secondFactors.enabledAt),
    })
    .returning({ userId: secondFactors.userId });
  return rows.length > 0;
}

/**
 * Records `step` as used, only if it is later than the last one (and, when `enable`, turns the factor on):
 * compare-and-set, so two requests with one code accept it once.
 */
export async function useStep(
  tx: DatabaseOrTransaction,
  userId: number,
  step: number,
  enable: boolean,
): Promise<boolean> {
  const rows = await tx
    .update(secondFactors)
    .set({ lastUsedStep: step, ...(enable ? { enabledAt: sql`now()` } : {}) })
    .where(
      and(
        eq(secondFactors.userId, userId),
        enable ? isNull(secondFactors.enabledAt) : isNotNull(secondFactors.enabledAt),
        or(isNull(secondFactors.lastUsedStep), lt(secondFactors.lastUsedStep, step)),
      ),
    )
    .returning({ userId: secondFactors.userId });
  return rows.length > 0;
}

/** The account's recovery codes are these hashes now; earlier ones stop working. */
export async function replaceRecoveryCodes(
  tx: DatabaseOrTransaction,
  userId: number,
  codeHashes: readonly string[],
): Promise<void> {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** Uses up an unused recovery code of the account; false when there is none with this hash. */
export async function useRecoveryCode(db: Database, userId: number, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

export async function countUnusedRecoveryCodes(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return Number(row?.count ?? 0);
}

/** Takes the factor and its recovery codes away; false when the account had none. */
export async function deleteSecondFactor(tx: DatabaseOrTransaction, userId: number): Promise<boolean> {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  const rows = await tx
    .delete(secondFactors)
    .where(eq(secondFactors.userId, userId))
    .returning({ enabledAt: secondFactors.enabledAt });
  return rows.some((row) => row.enabledAt !== null);
}
