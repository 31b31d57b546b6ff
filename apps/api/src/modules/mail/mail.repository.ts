import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import { emailOutbox } from '../../db/schema/mail.ts';
import { type JobBacklog, selectBacklog } from '../../jobs/job-backlog.sql.ts';
import type { OutgoingEmail } from './mail.types.ts';

export interface ClaimedEmail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  replyTo: string | null;
  attempts: number;
  /** What the message is ('order.confirmed', 'password.reset', …), when its sender named it. */
  kind: string | null;
}

export async function insertOutboxEmail(db: DatabaseOrTransaction, email: OutgoingEmail): Promise<void> {
  await db.insert(emailOutbox).values({
    toAddress: email.to,
    subject: email.subject,
    textBody: email.text,
    htmlBody: email.html ?? null,
    groupId: email.groupId ?? null,
    kind: email.kind ?? null,
    replyTo: email.replyTo ?? null,
  });
}

/**
 * Leases up to `limit` due e-mails to the caller for `leaseSeconds`. `for update skip locked` lets several API
 * instances claim at once without waiting on or taking each other's rows, and the lease keeps a row away from
 * them while it is being sent; a worker that dies mid-send lets its lease run out and the row is retried.
 */
export async function claimDueEmails(
  db: Database,
  limit: number,
  leaseSeconds: number,
): Promise<ClaimedEmail[]> {
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.status, 'pending'),
        lte(emailOutbox.nextAttemptAt, sql`now()`),
        or(isNull(emailOutbox.lockedUntil), lt(emailOutbox.lockedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(emailOutbox.nextAttemptAt), asc(emailOutbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(emailOutbox)
    .set({ lockedUntil: sql`now() + ${leaseSeconds}::integer * interval '1 second'` })
    .where(inArray(emailOutbox.id, due))
    .returning({
      id: emailOutbox.id,
      to: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      text: emailOutbox.textBody,
      html: emailOutbox.htmlBody,
      replyTo: emailOutbox.replyTo,
      attempts: emailOutbox.attempts,
      kind: emailOutbox.kind,
    });
  return rows.sort((a, b) => a.id - b.id);
}

/** Many delivered rows in one statement: a batch of 100 costs one write, not 100. */
export async function markEmailsDelivered(
  db: Database,
  ids: readonly number[],
  status: 'sent' | 'captured',
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(emailOutbox)
    .set({
      status,
      attempts: sql`${emailOutbox.attempts} + 1`,
      sentAt: sql`now()`,
      lockedUntil: null,
      lastError: null,
    })
    .where(inArray(emailOutbox.id, [...ids]));
}

/**
 * Gives back rows this worker claimed and never started (it is stopping: SIGTERM, issue 27), so another
 * instance sends them at its next poll instead of when the lease runs out.
 */
export async function releaseEmailLeases(db: Database, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(emailOutbox)
    .set({ lockedUntil: null })
    .where(and(inArray(emailOutbox.id, [...ids]), eq(emailOutbox.status, 'pending')));
}

/**
 * Extends the lease of rows this worker still holds (those not delivered or failed yet), measured with the
 * database's clock like the claim, so a long batch is never claimed twice while a short lease still frees a
 * dead worker's rows quickly (decision 036).
 */
export async function renewEmailLeases(
  db: Database,
  ids: readonly number[],
  leaseSeconds: number,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(emailOutbox)
    .set({ lockedUntil: sql`now() + ${leaseSeconds}::integer * interval '1 second'` })
    .where(and(inArray(emailOutbox.id, [...ids]), eq(emailOutbox.status, 'pending')));
}

/** A failed attempt: the row stays pending and becomes due again after `retryInSeconds`. */
export async function recordEmailFailure(
  db: Database,
  id: number,
  error: string,
  retryInSeconds: number,
): Promise<void> {
  await db
    .update(emailOutbox)
    .set({
      attempts: sql`${emailOutbox.attempts} + 1`,
      lastError: error.slice(0, 1000),
      nextAttemptAt: sql`now() + ${retryInSeconds}::integer * interval '1 second'`,
      lockedUntil: null,
    })
    .where(eq(emailOutbox.id, id));
}

/**
 * A new pending copy of an outbox row about `groupId` (issue 19: an operator sends an order's e-mail again),
 * with the same text, recipient and kind; answers the copy's id, or null when the row is not the group's.
 */
export async function copyGroupEmail(
  db: DatabaseOrTransaction,
  emailId: number,
  groupId: number,
): Promise<{ id: number; to: string; kind: string | null } | null> {
  const copied = await db.execute(sql`
    insert into ${emailOutbox} (to_address, subject, text_body, html_body, group_id, kind, reply_to)
    select to_address, subject, text_body, html_body, group_id, kind, reply_to
    from ${emailOutbox} where id = ${emailId} and group_id = ${groupId}
    returning id, to_address, kind
  `);
  const [row] = (
    copied as unknown as { rows: Array<{ id: number; to_address: string; kind: string | null }> }
  ).rows;
  return row ? { id: Number(row.id), to: row.to_address, kind: row.kind } : null;
}

/** E-mails waiting to be sent, for /metrics. */
export function selectEmailBacklog(db: Database): Promise<JobBacklog> {
  return selectBacklog(db, emailOutbox, emailOutbox.createdAt, eq(emailOutbox.status, 'pending'));
}
