import { eq } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/database.ts';
import { emailOutbox } from '../../db/schema/mail.ts';

export async function deleteEmailsTo(tx: DatabaseOrTransaction, address: string): Promise<void> {
  await tx.delete(emailOutbox).where(eq(emailOutbox.toAddress, address));
}
