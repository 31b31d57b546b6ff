import { desc, eq } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/database.ts';
import { emailOutbox } from '../../db/schema/mail.ts';

export interface SentEmailRow {
  subject: string;
  text: string;
  status: string;
  createdAt: Date;
  sentAt: Date | null;
}

/** The e-mails written to one address, newest first, at most `limit`. */
export function listEmailsTo(
  db: DatabaseOrTransaction,
  address: string,
  limit: number,
): Promise<SentEmailRow[]> {
  return db
    .select({
      subject: emailOutbox.subject,
      text: emailOutbox.textBody,
      status: emailOutbox.status,
      createdAt: emailOutbox.createdAt,
      sentAt: emailOutbox.sentAt,
    })
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, address))
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(limit);
}
