import { desc, eq } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/database.ts';
import { users } from '../../db/schema/accounts.ts';
import { contactMessages, productSuggestions } from '../../db/schema/help.ts';
import { cityRequests } from '../../db/schema/locations.ts';

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

export interface ContactMessageRow {
  id: number;
  userAccountId: string | null;
  name: string;
  email: string;
  phone: string;
  subject: string;
  comments: string;
  createdAt: Date;
  handledAt: Date | null;
}

/** The newest `limit` contact messages with the writer's public account id, in one query. */
export async function listContactMessages(
  db: DatabaseOrTransaction,
  limit: number,
): Promise<ContactMessageRow[]> {
  return (
    db
      .select({
        id: contactMessages.id,
        userAccountId: users.accountId,
        name: contactMessages.name,
        email: contactMessages.email,
        phone: contactMessages.phone,
        subject: contactMessages.subject,
        comments: contactMessages.comments,
        createdAt: contactMessages.createdAt,
        handledAt: contactMessages.handledAt,
      })
      .from(contactMessages)
      .leftJoin(users, eq(users.id, contactMessages.userId))
      // The id breaks ties between rows of one instant, so the order is stable.
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(limit)
  );
}

export interface SuggestionRow {
  id: number;
  userAccountId: string | null;
  category: string;
  productName: string;
  description: string;
  email: string;
  createdAt: Date;
  handledAt: Date | null;
}

export async function listSuggestions(db: DatabaseOrTransaction, limit: number): Promise<SuggestionRow[]> {
  return db
    .select({
      id: productSuggestions.id,
      userAccountId: users.accountId,
      category: productSuggestions.category,
      productName: productSuggestions.productName,
      description: productSuggestions.description,
      email: productSuggestions.email,
      createdAt: productSuggestions.createdAt,
      handledAt: productSuggestions.handledAt,
    })
    .from(productSuggestions)
    .leftJoin(users, eq(users.id, productSuggestions.userId))
    .orderBy(desc(productSuggestions.createdAt), desc(productSuggestions.id))
    .limit(limit);
}

export interface CityRequestRow {
  id: number;
  city: string;
  email: string;
  createdAt: Date;
}

export async function listCityRequests(db: DatabaseOrTransaction, limit: number): Promise<CityRequestRow[]> {
  return db
    .select({
      id: cityRequests.id,
      city: cityRequests.city,
      email: cityRequests.email,
      createdAt: cityRequests.createdAt,
    })
    .from(cityRequests)
    .orderBy(desc(cityRequests.createdAt), desc(cityRequests.id))
    .limit(limit);
}
