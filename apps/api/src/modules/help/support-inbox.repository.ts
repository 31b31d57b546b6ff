import { and, asc, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { DatabaseOrTransaction } from '../../db/database.ts';
import { users } from '../../db/schema/accounts.ts';
import { supportReplies } from '../../db/schema/back-office.ts';
import { contactMessages, productSuggestions } from '../../db/schema/help.ts';
import { cityRequests } from '../../db/schema/locations.ts';
import { userRoles } from '../../db/schema/staff.ts';
import { exactInstant, type KeysetPosition, olderThan } from '../../keyset-cursor.ts';

/**
 * The support inbox of the back office (issue 19): the three lists with their filters and cursor, the state
 * every item shares (assigned to, handled at and by) and the answers sent. Each list is one query: the
 * people's names come from joins and the answers from a correlated aggregate.
 */

/** support_replies.kind of each list. */
export type SupportReplyKind = 'contact' | 'suggestion' | 'city_request';

export interface SupportPerson {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
}

export interface SupportReplyRow {
  id: number;
  body: string;
  created: string;
  author_id: number | null;
  author_first: string | null;
  author_last: string | null;
  author_email: string | null;
}

export interface SupportStateRow {
  id: number;
  createdAt: Date;
  cursorAt: string;
  handledAt: Date | null;
  assignee: SupportPerson | null;
  handler: SupportPerson | null;
  /** JSON as the driver hands it back: parsed, or text. */
  replies: SupportReplyRow[] | string;
}

export interface SupportListFilter {
  handled?: boolean;
  /** A user id: assigned to them; null: assigned to nobody. Absent: anyone. */
  assignedTo?: number | null;
  after: KeysetPosition | null;
  limit: number;
}

const assignee = alias(users, 'assignee');
const handler = alias(users, 'handler');

function person(table: typeof assignee | typeof handler) {
  return { id: table.id, firstName: table.firstName, lastName: table.lastName, email: table.email };
}

interface StateColumns {
  id: PgColumn;
  createdAt: PgColumn;
  handledAt: PgColumn;
  assignedTo: PgColumn;
}

function stateSelection(kind: SupportReplyKind, table: StateColumns) {
  return {
    id: table.id,
    createdAt: table.createdAt,
    cursorAt: exactInstant(table.createdAt),
    handledAt: table.handledAt,
    assignee: person(assignee),
    handler: person(handler),
    replies: sql<SupportReplyRow[] | string>`(
      select coalesce(json_agg(json_build_object(
        'id', r.id, 'body', r.body, 'created', r.created_at,
        'author_id', u.id, 'author_first', u.first_name, 'author_last', u.last_name, 'author_email', u.email
      ) order by r.created_at, r.id), '[]'::json)
      from ${supportReplies} r left join ${users} u on u.id = r.author_user_id
      where r.kind = ${kind} and r.message_id = ${table.id}
    )`,
  };
}

function stateWhere(table: StateColumns, filter: SupportListFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.handled === true) conditions.push(isNotNull(table.handledAt));
  if (filter.handled === false) conditions.push(isNull(table.handledAt));
  if (filter.assignedTo === null) conditions.push(isNull(table.assignedTo));
  else if (filter.assignedTo !== undefined) conditions.push(eq(table.assignedTo, filter.assignedTo));
  if (filter.after) conditions.push(olderThan(table.createdAt, table.id, filter.after));
  return and(...conditions);
}

export type ContactMessageRow = SupportStateRow & {
  userAccountId: string | null;
  name: string;
  email: string;
  phone: string;
  subject: string;
  comments: string;
};

/** A page of contact messages, newest first, in one query. */
export async function listContactMessages(
  db: DatabaseOrTransaction,
  filter: SupportListFilter,
): Promise<ContactMessageRow[]> {
  const writer = alias(users, 'writer');
  return (
    db
      .select({
        ...stateSelection('contact', contactMessages),
        userAccountId: writer.accountId,
        name: contactMessages.name,
        email: contactMessages.email,
        phone: contactMessages.phone,
        subject: contactMessages.subject,
        comments: contactMessages.comments,
      })
      .from(contactMessages)
      .leftJoin(writer, eq(writer.id, contactMessages.userId))
      .leftJoin(assignee, eq(assignee.id, contactMessages.assignedTo))
      .leftJoin(handler, eq(handler.id, contactMessages.handledBy))
      .where(stateWhere(contactMessages, filter))
      // The id breaks ties between rows of one instant, so the order (and the cursor) is stable.
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(filter.limit) as Promise<ContactMessageRow[]>
  );
}

export type SuggestionRow = SupportStateRow & {
  userAccountId: string | null;
  category: string;
  productName: string;
  description: string;
  email: string;
};

export async function listSuggestions(
  db: DatabaseOrTransaction,
  filter: SupportListFilter,
): Promise<SuggestionRow[]> {
  const writer = alias(users, 'writer');
  return db
    .select({
      ...stateSelection('suggestion', productSuggestions),
      userAccountId: writer.accountId,
      category: productSuggestions.category,
      productName: productSuggestions.productName,
      description: productSuggestions.description,
      email: productSuggestions.email,
    })
    .from(productSuggestions)
    .leftJoin(writer, eq(writer.id, productSuggestions.userId))
    .leftJoin(assignee, eq(assignee.id, productSuggestions.assignedTo))
    .leftJoin(handler, eq(handler.id, productSuggestions.handledBy))
    .where(stateWhere(productSuggestions, filter))
    .orderBy(desc(productSuggestions.createdAt), desc(productSuggestions.id))
    .limit(filter.limit) as Promise<SuggestionRow[]>;
}

export type CityRequestRow = SupportStateRow & { city: string; email: string };

export async function listCityRequests(
  db: DatabaseOrTransaction,
  filter: SupportListFilter,
): Promise<CityRequestRow[]> {
  return db
    .select({
      ...stateSelection('city_request', cityRequests),
      city: cityRequests.city,
      email: cityRequests.email,
    })
    .from(cityRequests)
    .leftJoin(assignee, eq(assignee.id, cityRequests.assignedTo))
    .leftJoin(handler, eq(handler.id, cityRequests.handledBy))
    .where(stateWhere(cityRequests, filter))
    .orderBy(desc(cityRequests.createdAt), desc(cityRequests.id))
    .limit(filter.limit) as Promise<CityRequestRow[]>;
}

/** One item as the actions need it, locked for the transaction: its state and what the answer quotes. */
export interface SupportItem {
  id: number;
  handledAt: Date | null;
  assignedTo: number | null;
  handledBy: number | null;
  /** Where the answer goes: the address the writer gave. */
  email: string;
  /** The writer's name, when the form asked for it. */
  name: string | null;
  /** The subject, the product's name or the city: the answer's subject line. */
  topic: string;
  /** What they wrote, quoted under the answer. */
  text: string;
}

export async function findSupportItemForUpdate(
  tx: DatabaseOrTransaction,
  kind: SupportReplyKind,
  id: number,
): Promise<SupportItem | undefined> {
  if (kind === 'contact') {
    const [row] = await tx
      .select({
        id: contactMessages.id,
        handledAt: contactMessages.handledAt,
        assignedTo: contactMessages.assignedTo,
        handledBy: contactMessages.handledBy,
        email: contactMessages.email,
        name: contactMessages.name,
        topic: contactMessages.subject,
        text: contactMessages.comments,
      })
      .from(contactMessages)
      .where(eq(contactMessages.id, id))
      .for('update');
    return row;
  }
  if (kind === 'suggestion') {
    const [row] = await tx
      .select({
        id: productSuggestions.id,
        handledAt: productSuggestions.handledAt,
        assignedTo: productSuggestions.assignedTo,
        handledBy: productSuggestions.handledBy,
        email: productSuggestions.email,
        topic: productSuggestions.productName,
        text: productSuggestions.description,
      })
      .from(productSuggestions)
      .where(eq(productSuggestions.id, id))
      .for('update');
    return row ? { ...row, name: null } : undefined;
  }
  const [row] = await tx
    .select({
      id: cityRequests.id,
      handledAt: cityRequests.handledAt,
      assignedTo: cityRequests.assignedTo,
      handledBy: cityRequests.handledBy,
      email: cityRequests.email,
      topic: cityRequests.city,
    })
    .from(cityRequests)
    .where(eq(cityRequests.id, id))
    .for('update');
  return row ? { ...row, name: null, text: '' } : undefined;
}

export interface SupportStateChange {
  assignedTo?: number | null;
  handledAt?: Date | null;
  handledBy?: number | null;
}

/** A contact message's or suggestion's state; a city request's is changed by its owner, locations. */
export async function updateSupportItem(
  tx: DatabaseOrTransaction,
  kind: Exclude<SupportReplyKind, 'city_request'>,
  id: number,
  change: SupportStateChange,
): Promise<void> {
  if (kind === 'contact') {
    await tx.update(contactMessages).set(change).where(eq(contactMessages.id, id));
  } else {
    await tx.update(productSuggestions).set(change).where(eq(productSuggestions.id, id));
  }
}

export async function insertSupportReply(
  tx: DatabaseOrTransaction,
  values: { kind: SupportReplyKind; messageId: number; authorUserId: number; body: string },
): Promise<number> {
  const [row] = await tx.insert(supportReplies).values(values).returning({ id: supportReplies.id });
  if (!row) throw new Error('support reply was not stored');
  return row.id;
}

/** Everyone who may be assigned an item: the operators, by name. */
export async function listOperators(db: DatabaseOrTransaction): Promise<SupportPerson[]> {
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(eq(userRoles.role, 'operator'))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
}

export async function isOperator(db: DatabaseOrTransaction, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, 'operator')));
  return row !== undefined;
}
