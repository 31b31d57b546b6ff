import type { Database } from '../../db/database.ts';
import { listEmailsTo } from './sent-emails.repository.ts';

/** How many e-mails the data download lists: years of a regular remitter's mail. */
const SENT_EMAILS_LIMIT = 1000;

/** The e-mails sent (or still to send) to an address, for the person's own data download (issue 32). */
export async function sentEmailsTo(
  db: Database,
  address: string,
): Promise<
  Array<{ subject: string; text: string; status: string; created_at: string; sent_at: string | null }>
> {
  const rows = await listEmailsTo(db, address, SENT_EMAILS_LIMIT);
  return rows.map((row) => ({
    subject: row.subject,
    text: row.text,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
  }));
}
