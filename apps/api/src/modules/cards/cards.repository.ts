import { and, asc, eq } from 'drizzle-orm';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import { processorCustomers, savedCards } from '../../db/schema/payments.ts';

export type SavedCardRow = typeof savedCards.$inferSelect;

export async function listUserCards(db: Database, userId: number): Promise<SavedCardRow[]> {
  return db.select().from(savedCards).where(eq(savedCards.userId, userId)).orderBy(asc(savedCards.createdAt));
}

/** A card only when it is the user's own: another user's card id reads as missing. */
export async function findUserCard(
  db: DatabaseOrTransaction,
  userId: number,
  cardId: string,
): Promise<SavedCardRow | undefined> {
  const [row] = await db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.userId, userId), eq(savedCards.cardId, cardId)));
  return row;
}

/** Keeps a card (the same processor token twice is one card); answers the stored row. */
export async function saveCard(
  db: DatabaseOrTransaction,
  card: Omit<typeof savedCards.$inferInsert, 'id' | 'createdAt'>,
): Promise<SavedCardRow> {
  await db.insert(savedCards).values(card).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.userId, card.userId), eq(savedCards.processorToken, card.processorToken)));
  if (!row) throw new Error('card was not stored');
  return row;
}

export async function deleteUserCard(
  db: Database,
  userId: number,
  cardId: string,
): Promise<SavedCardRow | undefined> {
  const [row] = await db
    .delete(savedCards)
    .where(and(eq(savedCards.userId, userId), eq(savedCards.cardId, cardId)))
    .returning();
  return row;
}

export async function findCustomerRef(
  db: DatabaseOrTransaction,
  userId: number,
  processor: string,
): Promise<string | null> {
  const [row] = await db
    .select({ ref: processorCustomers.customerRef })
    .from(processorCustomers)
    .where(and(eq(processorCustomers.userId, userId), eq(processorCustomers.processor, processor)));
  return row?.ref ?? null;
}

export async function saveCustomerRef(
  db: DatabaseOrTransaction,
  userId: number,
  processor: string,
  customerRef: string,
): Promise<void> {
  await db.insert(processorCustomers).values({ userId, processor, customerRef }).onConflictDoNothing();
}
