import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import { users } from '../../db/schema/accounts.ts';
import { type LineSubstitute, orderGroups, orderLines, storeOrders } from '../../db/schema/orders.ts';
import { substitutionQuestions } from '../../db/schema/substitutions.ts';

/** The substitution questions' SQL (decision 062): the one writer of substitution_questions. */

export type NewQuestionRow = typeof substitutionQuestions.$inferInsert;

export async function insertQuestion(tx: DatabaseOrTransaction, row: NewQuestionRow): Promise<number> {
  const [inserted] = await tx
    .insert(substitutionQuestions)
    .values(row)
    .returning({ id: substitutionQuestions.id });
  if (!inserted) throw new Error('substitution question not inserted');
  return inserted.id;
}

/** Whether the line has a question nobody answered yet (read under the store order's lock). */
export async function hasOpenQuestion(tx: DatabaseOrTransaction, orderLineId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: substitutionQuestions.id })
    .from(substitutionQuestions)
    .where(
      and(eq(substitutionQuestions.orderLineId, orderLineId), eq(substitutionQuestions.status, 'pending')),
    )
    .limit(1);
  return row !== undefined;
}

/** A question with what answering it needs: its line, store order, group and remitter. */
export interface QuestionRow {
  id: number;
  status: string;
  answer: string | null;
  answeredBy: string | null;
  availableQuantity: number;
  substitute: LineSubstitute;
  proposedBy: number | null;
  deadlineAt: Date;
  createdAt: Date;
  orderLineId: number;
  lineName: string;
  lineQuantity: number;
  lineTotalUsd: string;
  lineDiscount: string;
  preference: string;
  storeOrderId: number;
  storeOrderNumber: string;
  storeId: number;
  storeName: string;
  groupId: number;
  groupNumber: string;
  paymentMethod: string;
  remitterId: number;
  remitterEmail: string;
  remitterFirstName: string;
}

const questionColumns = {
  id: substitutionQuestions.id,
  status: substitutionQuestions.status,
  answer: substitutionQuestions.answer,
  answeredBy: substitutionQuestions.answeredBy,
  availableQuantity: substitutionQuestions.availableQuantity,
  substitute: substitutionQuestions.substitute,
  proposedBy: substitutionQuestions.proposedBy,
  deadlineAt: substitutionQuestions.deadlineAt,
  createdAt: substitutionQuestions.createdAt,
  orderLineId: orderLines.id,
  lineName: orderLines.name,
  lineQuantity: orderLines.quantity,
  lineTotalUsd: orderLines.totalUsd,
  lineDiscount: orderLines.discount,
  preference: orderLines.substitution,
  storeOrderId: storeOrders.id,
  storeOrderNumber: storeOrders.number,
  storeId: storeOrders.storeId,
  storeName: storeOrders.storeName,
  groupId: orderGroups.id,
  groupNumber: orderGroups.number,
  paymentMethod: orderGroups.paymentMethod,
  remitterId: users.id,
  remitterEmail: users.email,
  remitterFirstName: users.firstName,
};

function questionQuery(db: DatabaseOrTransaction) {
  return db
    .select(questionColumns)
    .from(substitutionQuestions)
    .innerJoin(orderLines, eq(orderLines.id, substitutionQuestions.orderLineId))
    .innerJoin(storeOrders, eq(storeOrders.id, substitutionQuestions.storeOrderId))
    .innerJoin(orderGroups, eq(orderGroups.id, substitutionQuestions.groupId))
    .innerJoin(users, eq(users.id, orderGroups.remitterId));
}

export async function findQuestion(db: DatabaseOrTransaction, id: number): Promise<QuestionRow | undefined> {
  const [row] = await questionQuery(db).where(eq(substitutionQuestions.id, id));
  return row;
}

/** The remitter's questions of a group, oldest first ('Mis Compras'). */
export function listQuestionsOfGroup(db: DatabaseOrTransaction, groupId: number): Promise<QuestionRow[]> {
  return questionQuery(db)
    .where(eq(substitutionQuestions.groupId, groupId))
    .orderBy(asc(substitutionQuestions.id));
}

/** The remitter's open questions, oldest first ('Mis Compras'). */
export function listOpenQuestionsOfRemitter(
  db: DatabaseOrTransaction,
  remitterId: number,
): Promise<QuestionRow[]> {
  return questionQuery(db)
    .where(and(eq(orderGroups.remitterId, remitterId), eq(substitutionQuestions.status, 'pending')))
    .orderBy(asc(substitutionQuestions.id));
}

/**
 * The compare-and-set that makes an answer happen once: 'pending' → 'answered' (or 'lapsed'). False when
 * another answer (the remitter's, the wait time's) won.
 */
export async function closeQuestion(
  tx: DatabaseOrTransaction,
  id: number,
  to: { status: 'answered'; answer: string; answeredBy: string } | { status: 'lapsed' },
): Promise<boolean> {
  const rows = await tx
    .update(substitutionQuestions)
    .set({
      status: to.status,
      ...(to.status === 'answered' ? { answer: to.answer, answeredBy: to.answeredBy } : {}),
      answeredAt: sql`now()`,
    })
    .where(and(eq(substitutionQuestions.id, id), eq(substitutionQuestions.status, 'pending')))
    .returning({ id: substitutionQuestions.id });
  return rows.length === 1;
}

/** Questions whose wait time ran out, oldest deadline first. */
export async function listDueQuestionIds(db: Database, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: substitutionQuestions.id })
    .from(substitutionQuestions)
    .where(and(eq(substitutionQuestions.status, 'pending'), lte(substitutionQuestions.deadlineAt, now)))
    .orderBy(asc(substitutionQuestions.deadlineAt), asc(substitutionQuestions.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** The store orders' questions, for the inbox's cards. */
export function listQuestionsOfStoreOrders(
  db: DatabaseOrTransaction,
  storeId: number,
  numbers: readonly string[],
) {
  if (numbers.length === 0) return Promise.resolve([]);
  return db
    .select({
      storeOrderNumber: storeOrders.number,
      lineId: substitutionQuestions.orderLineId,
      status: substitutionQuestions.status,
      answer: substitutionQuestions.answer,
      answeredBy: substitutionQuestions.answeredBy,
      substitute: substitutionQuestions.substitute,
      deadlineAt: substitutionQuestions.deadlineAt,
    })
    .from(substitutionQuestions)
    .innerJoin(storeOrders, eq(storeOrders.id, substitutionQuestions.storeOrderId))
    .where(and(eq(storeOrders.storeId, storeId), inArray(storeOrders.number, [...numbers])))
    .orderBy(asc(substitutionQuestions.id));
}

/** What changes the store's inbox when a question is asked or answered: part of its ETag. */
export async function readQuestionsStamp(db: DatabaseOrTransaction, storeId: number): Promise<string> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      latest: sql<
        string | null
      >`max(coalesce(${substitutionQuestions.answeredAt}, ${substitutionQuestions.createdAt}))::text`,
    })
    .from(substitutionQuestions)
    .innerJoin(storeOrders, eq(storeOrders.id, substitutionQuestions.storeOrderId))
    .where(eq(storeOrders.storeId, storeId));
  return `${row?.count ?? 0}/${row?.latest ?? ''}`;
}

/** The remitters' phones of these store orders of the store, by number ('Llamarme antes'). */
export async function listRemitterPhones(
  db: DatabaseOrTransaction,
  storeId: number,
  numbers: readonly string[],
): Promise<Map<string, { formatted: string; e164: string }>> {
  if (numbers.length === 0) return new Map();
  const rows = await db
    .select({ number: storeOrders.number, formatted: users.phoneFormatted, e164: users.phoneE164 })
    .from(storeOrders)
    .innerJoin(orderGroups, eq(orderGroups.id, storeOrders.groupId))
    .innerJoin(users, eq(users.id, orderGroups.remitterId))
    .where(and(eq(storeOrders.storeId, storeId), inArray(storeOrders.number, [...numbers])));
  return new Map(rows.map((row) => [row.number, { formatted: row.formatted, e164: row.e164 }]));
}
