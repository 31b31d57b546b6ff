import type { DatabaseOrTransaction } from '../../db/database.ts';
import { copyGroupEmail, insertOutboxEmail } from './mail.repository.ts';
import type { OutgoingEmail } from './mail.types.ts';

/**
 * How every other module sends an e-mail: written to the outbox with `db`, so an e-mail enqueued in a
 * transaction commits (or not) with it; the worker sends it later (decision 008).
 */
export async function enqueueEmail(db: DatabaseOrTransaction, email: OutgoingEmail): Promise<void> {
  await insertOutboxEmail(db, email);
}

/** Sends an order's e-mail again (issue 19): a pending copy of the outbox row, or null when not the group's. */
export async function resendGroupEmail(
  db: DatabaseOrTransaction,
  emailId: number,
  groupId: number,
): Promise<{ id: number; to: string; kind: string | null } | null> {
  return copyGroupEmail(db, emailId, groupId);
}
