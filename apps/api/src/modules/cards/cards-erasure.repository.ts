import { eq } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/database.ts';
import { processorCustomers, savedCards } from '../../db/schema/payments.ts';

export async function deleteCardsOf(tx: DatabaseOrTransaction, userId: number): Promise<void> {
  await tx.delete(savedCards).where(eq(savedCards.userId, userId));
  await tx.delete(processorCustomers).where(eq(processorCustomers.userId, userId));
}
