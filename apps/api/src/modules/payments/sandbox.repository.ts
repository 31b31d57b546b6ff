import { and, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { sandboxIntents, sandboxRefunds } from '../../db/schema/payments.ts';

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

export type SandboxRefundResult = 'refunded' | 'repeated' | 'refused';

/**
 * A refund of part or all of a succeeded intent, once per idempotency key, as Stripe does it (decision 040):
 * the key is recorded with the refund in one transaction, so a retried call with the same key changes
 * nothing ('repeated'); the refunded amount adds up, and a refund above what is left of the charge changes
 * nothing ('refused', as Stripe answers amount_too_large). The intent reads 'refunded' once nothing is left.
 * Each refund is a row of sandbox_refunds, keyed by its idempotency key.
 */
export async function refundIntentOnce(
  db: Database,
  id: string,
  amount: string,
  idempotencyKey: string,
): Promise<SandboxRefundResult> {
  return db.transaction(async (tx) => {
    // The intent's row lock makes its refunds take turns: the sum below is never raced.
    const [intent] = await tx
      .select({
        status: sandboxIntents.status,
        fits: sql<boolean>`${sandboxIntents.refundedAmount} + ${amount}::numeric <= ${sandboxIntents.amount}`,
      })
      .from(sandboxIntents)
      .where(eq(sandboxIntents.id, id))
      .for('update');
    const [seen] = await tx
      .select({ key: sandboxRefunds.idempotencyKey })
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.idempotencyKey, idempotencyKey));
    if (seen) return 'repeated';
    if (intent?.status !== 'succeeded' || !intent.fits) return 'refused';
    await tx.insert(sandboxRefunds).values({ idempotencyKey, intentId: id, amount });
    const refunded = sql`${sandboxIntents.refundedAmount} + ${amount}::numeric`;
    await tx
      .update(sandboxIntents)
      .set({
        refundedAmount: refunded,
        status: sql`case when ${refunded} >= ${sandboxIntents.amount} then 'refunded' else ${sandboxIntents.status} end`,
        updatedAt: sql`now()`,
      })
      .where(eq(sandboxIntents.id, id));
    return 'refunded';
  });
}

/** Succeeded (not refunded) intents last changed since `since`: the sweep's charges to match with groups. */
export async function listSucceededIntentsSince(db: Database, since: Date): Promise<SandboxIntentRow[]> {
  return db
    .select()
    .from(sandboxIntents)
    .where(and(eq(sandboxIntents.status, 'succeeded'), gte(sandboxIntents.updatedAt, since)))
    .orderBy(sandboxIntents.updatedAt);
}
