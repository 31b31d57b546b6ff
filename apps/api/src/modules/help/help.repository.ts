import { eq } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/database.ts';
import { users } from '../../db/schema/accounts.ts';
import { contactMessages, productSuggestions } from '../../db/schema/help.ts';

export interface NewContactMessage {
  userId: number | null;
  name: string;
  email: string;
  phone: string;
  subject: string;
  comments: string;
}

export interface NewSuggestion {
  userId: number | null;
  category: string;
  productName: string;
  description: string;
  email: string;
}

export async function insertContactMessage(
  db: DatabaseOrTransaction,
  message: NewContactMessage,
): Promise<number> {
  const [row] = await db.insert(contactMessages).values(message).returning({ id: contactMessages.id });
  if (!row) throw new Error('contact message was not stored');
  return row.id;
}

export async function insertSuggestion(
  db: DatabaseOrTransaction,
  suggestion: NewSuggestion,
): Promise<number> {
  const [row] = await db
    .insert(productSuggestions)
    .values(suggestion)
    .returning({ id: productSuggestions.id });
  if (!row) throw new Error('suggestion was not stored');
  return row.id;
}

/** The phone the account was registered with (E.164), which tells where a remitter lives. */
export async function findUserPhone(db: DatabaseOrTransaction, userId: number): Promise<string | undefined> {
  const [row] = await db.select({ phoneE164: users.phoneE164 }).from(users).where(eq(users.id, userId));
  return row?.phoneE164;
}
