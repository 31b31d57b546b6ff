import { type LineRefundState, linePaidMinor, unitsRefundMinor } from '@mandado/shared/line-refunds';
import { formatMinorAsDecimal, parseMoney } from '@mandado/shared/money';
import type { WeeklyHours } from '@mandado/shared/store-hours';
import type {
  RemitterPhone,
  StoreSubstitutionQuestion,
  SubstitutionQuestion,
} from '@mandado/shared/substitution.schemas';
import { substitutionDeadline } from '@mandado/shared/substitution-deadline';
import {
  SUBSTITUTION_MESSAGES,
  type SubstitutionAnswer,
  type SubstitutionAnsweredBy,
} from '@mandado/shared/substitution-texts';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import type { LineSubstitute } from '../../db/schema/orders.ts';
import { HttpError, notFound } from '../../http-errors.ts';
import {
  checkQuestionToken,
  LINK_LIFETIME_MS,
  questionIdOfToken,
  signQuestionToken,
} from './substitution-links.ts';
import {
  closeQuestion,
  findQuestion,
  hasOpenQuestion,
  insertQuestion,
  listDueQuestionIds,
  listOpenQuestionsOfRemitter,
  listQuestionsOfStoreOrders,
  listRemitterPhones,
  type QuestionRow,
  readQuestionsStamp,
} from './substitutions.repository.ts';

/**
 * Substitution questions (issue 29 item 1, decision 062): the module's rules and its table. The flows
 * (flows/substitution.flow.ts) tell the story: the store asks, the remitter or the wait time answers once,
 * the line changes through the store inbox's steps and the refunds through the refund flow.
 */

export type { QuestionRow };
/** The server secret (server_keys) that signs the links; the flows load it before their transaction. */
export const SUBSTITUTION_LINK_KEY = 'substitution-links';
/** The path of the remitter's page for a question (apps/web, a lazy route). */
export const SUBSTITUTION_PAGE_PATH = '/reemplazo';

/** A store proposing for a line that already waits for an answer is a 409 (read under the store order's lock). */
export async function requireNoOpenQuestion(tx: DatabaseOrTransaction, orderLineId: number): Promise<void> {
  if (await hasOpenQuestion(tx, orderLineId)) {
    throw new HttpError(409, { detail: SUBSTITUTION_MESSAGES.alreadyAsked });
  }
}

/**
 * The question, pending until the store's wait runs out (default 20 minutes), counted within its opening
 * hours (decision 073). Answers it as a row.
 */
export async function askRemitter(
  tx: DatabaseOrTransaction,
  input: {
    orderLineId: number;
    storeOrderId: number;
    groupId: number;
    availableQuantity: number;
    substitute: LineSubstitute;
    proposedBy: number;
    now: Date;
    waitMinutes: number;
    hours: WeeklyHours | null;
  },
): Promise<QuestionRow> {
  const id = await insertQuestion(tx, {
    orderLineId: input.orderLineId,
    storeOrderId: input.storeOrderId,
    groupId: input.groupId,
    availableQuantity: input.availableQuantity,
    substitute: input.substitute,
    proposedBy: input.proposedBy,
    deadlineAt: substitutionDeadline(input.hours, input.now, input.waitMinutes),
  });
  const row = await findQuestion(tx, id);
  if (!row) throw new Error(`substitution question ${id} vanished`);
  return row;
}

/** The signed link of a question, valid for LINK_LIFETIME_MS from when it was asked. */
export function questionUrl(secret: Buffer, publicUrl: string, row: QuestionRow): string {
  const expiresAt = new Date(row.createdAt.getTime() + LINK_LIFETIME_MS);
  return `${publicUrl}${SUBSTITUTION_PAGE_PATH}/${signQuestionToken(secret, row, expiresAt)}`;
}

/** The question a link opens: forged or altered (403), expired (410), gone (404). */
export async function questionOfToken(
  db: DatabaseOrTransaction,
  secret: Buffer,
  token: string,
  now: Date,
): Promise<QuestionRow> {
  const id = questionIdOfToken(token);
  const row = await findQuestion(db, id);
  if (!row) throw new HttpError(403, { detail: SUBSTITUTION_MESSAGES.linkInvalid });
  checkQuestionToken(secret, token, row, now);
  return row;
}

/**
 * A question of the signed-in remitter ('Mis Compras', decision 073): none is a 404; another remitter's order
 * is a 403 that says so.
 */
export async function questionOfRemitter(
  db: DatabaseOrTransaction,
  remitterId: number,
  id: number,
): Promise<QuestionRow> {
  const row = await findQuestion(db, id);
  if (!row) throw notFound();
  if (row.remitterId !== remitterId) throw new HttpError(403, { detail: SUBSTITUTION_MESSAGES.notYours });
  return row;
}

export function openQuestionsOfRemitter(
  db: DatabaseOrTransaction,
  remitterId: number,
): Promise<QuestionRow[]> {
  return listOpenQuestionsOfRemitter(db, remitterId);
}

/** Whether money paid this way can go back to the card (card and PayPal; otherwise it comes back as credit). */
export function cardRefundPossible(paymentMethod: string): boolean {
  return paymentMethod === 'card' || paymentMethod === 'paypal';
}

/** A remitter's answer that the payment does not allow is a 400, before anything is locked. */
export function checkAnswer(row: QuestionRow, answer: SubstitutionAnswer): void {
  if (answer === 'refund_card' && !cardRefundPossible(row.paymentMethod)) {
    throw new HttpError(400, { answer: [SUBSTITUTION_MESSAGES.noCardRefund] });
  }
}

/**
 * The one answer: the compare-and-set 'pending' → 'answered'; false when another answer won (the flow tells a
 * remitter who lost so, with a 409; the wait-time job just moves on).
 */
export async function closeQuestionOnce(
  tx: DatabaseOrTransaction,
  row: QuestionRow,
  answer: SubstitutionAnswer,
  answeredBy: SubstitutionAnsweredBy,
): Promise<boolean> {
  return closeQuestion(tx, row.id, { status: 'answered', answer, answeredBy });
}

/** The line's order moved past changing lines before anyone answered: the question closes unanswered. */
export function lapseQuestion(tx: DatabaseOrTransaction, id: number): Promise<boolean> {
  return closeQuestion(tx, id, { status: 'lapsed' });
}

/**
 * The recorded preference, when nobody answered in time: 'similar' accepts, 'refund' refunds where the money
 * came from (credit for transfers), 'call' leaves it to the store to call the remitter.
 */
export function answerByPreference(row: QuestionRow): SubstitutionAnswer {
  if (row.preference === 'similar') return 'accept';
  if (row.preference === 'call') return 'call';
  return cardRefundPossible(row.paymentMethod) ? 'refund_card' : 'refund_credit';
}

export function dueQuestionIds(db: Database, now: Date, limit: number): Promise<number[]> {
  return listDueQuestionIds(db, now, limit);
}

export function findQuestionById(db: DatabaseOrTransaction, id: number): Promise<QuestionRow | undefined> {
  return findQuestion(db, id);
}

function lineStateOf(row: QuestionRow): LineRefundState {
  return {
    paidMinor: linePaidMinor(parseMoney(row.lineTotalUsd), parseMoney(row.lineDiscount)),
    quantity: row.lineQuantity,
    refundedMinor: 0,
    refundedUnits: 0,
  };
}

/**
 * The question as the remitter reads it. The substitute costs what it costs at the line's coupon share, never
 * more than what was paid for the units it replaces (a dearer one is never proposed: the store inbox refuses
 * it); the refunds shown are before any other refund of the line, which caps them when they happen.
 */
export function presentQuestion(row: QuestionRow): SubstitutionQuestion {
  const line = lineStateOf(row);
  const total = parseMoney(row.lineTotalUsd);
  const missing = row.lineQuantity - row.availableQuantity;
  const replaced = row.substitute.quantity;
  const price = total === 0 ? 0 : Math.round((parseMoney(row.substitute.totalUsd) * line.paidMinor) / total);
  const refusedRefund = unitsRefundMinor(line, missing);
  // As the line change computes it: the units not replaced, and the difference on the replaced ones.
  const replacedShare = Math.round((line.paidMinor * replaced) / row.lineQuantity);
  const acceptedRefund =
    (missing > replaced ? unitsRefundMinor(line, missing - replaced) : 0) +
    Math.max(0, replacedShare - price);
  return {
    id: row.id,
    status: row.status as SubstitutionQuestion['status'],
    answer: row.answer as SubstitutionQuestion['answer'],
    answered_by: row.answeredBy as SubstitutionQuestion['answered_by'],
    store_name: row.storeName,
    store_order_number: row.storeOrderNumber,
    line: { name: row.lineName, quantity: row.lineQuantity, paid: formatMinorAsDecimal(line.paidMinor) },
    available_quantity: row.availableQuantity,
    substitute: {
      name: row.substitute.name,
      image: row.substitute.image,
      quantity: replaced,
      price: formatMinorAsDecimal(price),
    },
    refund_if_accepted: formatMinorAsDecimal(acceptedRefund),
    refund_if_refused: formatMinorAsDecimal(refusedRefund),
    card_refund: cardRefundPossible(row.paymentMethod),
    deadline: row.deadlineAt.toISOString(),
    preference: row.preference as SubstitutionQuestion['preference'],
  };
}

/** What the store's inbox adds to its cards: the questions per order number and, for 'call', whom to call. */
export interface InboxSubstitutionFacts {
  questions: Map<string, StoreSubstitutionQuestion[]>;
  remitterPhones: Map<string, RemitterPhone>;
}

export async function substitutionFactsForInbox(
  db: DatabaseOrTransaction,
  storeId: number,
  numbers: readonly string[],
  callNumbers: readonly string[],
): Promise<InboxSubstitutionFacts> {
  const [rows, remitterPhones] = await Promise.all([
    listQuestionsOfStoreOrders(db, storeId, numbers),
    listRemitterPhones(db, storeId, callNumbers),
  ]);
  const questions = new Map<string, StoreSubstitutionQuestion[]>();
  for (const row of rows) {
    const list = questions.get(row.storeOrderNumber) ?? [];
    list.push({
      line_id: row.lineId,
      status: row.status as StoreSubstitutionQuestion['status'],
      answer: row.answer as StoreSubstitutionQuestion['answer'],
      answered_by: row.answeredBy as StoreSubstitutionQuestion['answered_by'],
      substitute_name: row.substitute.name,
      substitute_quantity: row.substitute.quantity,
      deadline: row.deadlineAt.toISOString(),
    });
    questions.set(row.storeOrderNumber, list);
  }
  return { questions, remitterPhones };
}

/** Part of the inbox's ETag: a question asked or answered changes it. */
export function substitutionInboxStamp(db: DatabaseOrTransaction, storeId: number): Promise<string> {
  return readQuestionsStamp(db, storeId);
}
