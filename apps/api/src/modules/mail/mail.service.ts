import type { DatabaseOrTransaction } from '../../db/database.ts';
import { insertOutboxEmail } from './mail.repository.ts';
import type { OutgoingEmail } from './mail.types.ts';

/**
 * How every other module sends an e-mail: written to the outbox with `db`, so an e-mail enqueued in a
 * transaction commits (or not) with it; the worker sends it later (decision 008).
 */
export async function enqueueEmail(db: DatabaseOrTransaction, email: OutgoingEmail): Promise<void> {
  await insertOutboxEmail(db, email);
}
