import { and, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { sandboxIntents } from '../../db/schema/payments.ts';

/** The embedded sandbox processor's own table (decision 023): the only SQL the sandbox runs. */

export type SandboxIntentRow = typeof sandboxIntents.$inferSelect;
export type NewSandboxIntent = typeof sandboxIntents.$inferInsert;

/** Inserts the intent unless its idempotency key already has one, and answers the key's intent either way. */
export async function insertOrFindIntent(db: Database, intent: NewSandboxIntent): Promise<SandboxIntentRow> {
  const [created] = await db
    .insert(sandboxIntents)
    .values(intent)
    .onConflictDoNothing({ target: sandboxIntents.idempotencyKey })
    .returning();
  if (created) return created;
  const found = await findIntentByKey(db, intent.idempotencyKey);
  if (!found) throw new Error('sandbox intent was not stored');
  return found;
}

export async function findIntentById(db: Database, id: string): Promise<SandboxIntentRow | null> {
  const [row] = await db.select().from(sandboxIntents).where(eq(sandboxIntents.id, id));
  return row ?? null;
}

export async function findIntentByKey(
  db: Database,
  idempotencyKey: string,
): Promise<SandboxIntentRow | null> {
  const [row] = await db
    .select()
    .from(sandboxIntents)
    .where(eq(sandboxIntents.idempotencyKey, idempotencyKey));
  return row ?? null;
}

/** A user's own intent (the 3-D Secure buttons): anyone else's reads as missing. */
export async function findUserIntent(
  db: Database,
  id: string,
  userId: number,
): Promise<SandboxIntentRow | null> {
  const [row] = await db
    .select()
    .from(sandboxIntents)
    .where(and(eq(sandboxIntents.id, id), eq(sandboxIntents.userId, userId)));
  return row ?? null;
}

/**
 * Decides an intent that waits for authentication; a decided one keeps its status (the guard makes two
 * clicks, or a click after expiry cancelled it, change nothing). Answers the row when this call decided it.
 */
export async function decideWaitingIntent(
  db: Database,
  id: string,
  userId: number,
  decision: { status: 'succeeded' } | { status: 'failed' | 'canceled'; declineCode: string },
): Promise<SandboxIntentRow | null> {
  const [row] = await db
    .update(sandboxIntents)
    .set({ ...decision, updatedAt: sql`now()` })
    .where(
      and(
        eq(sandboxIntents.id, id),
        eq(sandboxIntents.userId, userId),
        eq(sandboxIntents.status, 'requires_action'),
      ),
    )
    .returning();
  return row ?? null;
}

/** A full refund of a succeeded intent, once: the status guard makes a repeated call change nothing. */
export async function refundIntent(db: Database, id: string, refundedAmount: string): Promise<void> {
  await db
    .update(sandboxIntents)
    .set({ status: 'refunded', refundedAmount, updatedAt: sql`now()` })
    .where(and(eq(sandboxIntents.id, id), eq(sandboxIntents.status, 'succeeded')));
}

/** Succeeded (not refunded) intents last changed since `since`: the sweep's charges to match with groups. */
export async function listSucceededIntentsSince(db: Database, since: Date): Promise<SandboxIntentRow[]> {
  return db
    .select()
    .from(sandboxIntents)
    .where(and(eq(sandboxIntents.status, 'succeeded'), gte(sandboxIntents.updatedAt, since)))
    .orderBy(sandboxIntents.updatedAt);
}
