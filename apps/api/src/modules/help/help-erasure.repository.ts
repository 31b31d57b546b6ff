import { eq, or } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/database.ts';
import { contactMessages, productSuggestions } from '../../db/schema/help.ts';

export async function deleteHelpMessagesOf(
  tx: DatabaseOrTransaction,
  userId: number,
  email: string,
): Promise<void> {
  await tx
    .delete(contactMessages)
    .where(or(eq(contactMessages.userId, userId), eq(contactMessages.email, email)));
  await tx
    .delete(productSuggestions)
    .where(or(eq(productSuggestions.userId, userId), eq(productSuggestions.email, email)));
}
