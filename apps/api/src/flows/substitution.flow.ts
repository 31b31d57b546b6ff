import type { ShownRefund } from '@mandado/shared/refund-display';
import type { StaffStoreOrder } from '@mandado/shared/staff-order.schemas';
import type {
  OpenSubstitutionList,
  SubstitutionProposalInput,
  SubstitutionQuestion,
} from '@mandado/shared/substitution.schemas';
import {
  SUBSTITUTION_ANSWER_STORE_TEXT,
  SUBSTITUTION_MESSAGES,
  type SubstitutionAnswer,
  type SubstitutionAnsweredBy,
} from '@mandado/shared/substitution-texts';
import type { Actor } from '../authorization.ts';
import type { Database, DatabaseOrTransaction } from '../db/database.ts';
import type { LineSubstitute } from '../db/schema/orders.ts';
import { HttpError } from '../http-errors.ts';
import { recordAudit } from '../modules/audit/audit.service.ts';
import { enqueueEmail } from '../modules/mail/mail.service.ts';
import { enqueueOrderMessage } from '../modules/messages/messages.service.ts';
import { recordInboxChange } from '../modules/order-status/order-status.service.ts';
import { serverSecret } from '../modules/store-inbox/server-secrets.service.ts';
import { pushToShopper } from '../modules/store-inbox/shopper-push.service.ts';
import type { LineTarget } from '../modules/store-inbox/store-inbox.service.ts';
import {
  describeChanges,
  getStoreOrderCard,
  type LineChangeDeps,
  lineChangeRefunds,
  lockLineForAnswer,
  lockLineToChange,
  priceSubstitute,
  recordSupplyOnce,
  requireLineToChange,
} from '../modules/store-inbox/store-inbox.service.ts';
import { readStoreSubstitutionWait } from '../modules/stores/stores.service.ts';
import { substitutionQuestionEmail } from '../modules/substitutions/substitution-emails.ts';
import { substitutionQuestionPush } from '../modules/substitutions/substitution-push.ts';
import {
  answerByPreference,
  askRemitter,
  checkAnswer,
  closeQuestionOnce,
  dueQuestionIds,
  findQuestionById,
  lapseQuestion,
  openQuestionsOfRemitter,
  presentQuestion,
  type QuestionRow,
  questionOfRemitter,
  questionOfToken,
  questionUrl,
  requireNoOpenQuestion,
  SUBSTITUTION_LINK_KEY,
} from '../modules/substitutions/substitutions.service.ts';
import { emailRemitterOfLineChange, refundWhatIsMissingShown } from './mark-line-unavailable.flow.ts';

/**
 * The remitter decides substitutions (issue 29 item 1, decision 062). The store proposes a substitute for a
 * line it cannot supply: a question to the remitter, pending until answered once, from the signed link or by
 * the wait-time job applying the preference recorded at checkout. The answer changes the line as the store's
 * own line change would (its supply, the refunds through the refund flow, the history, the e-mail), in one
 * transaction holding the store order's row; the store sees it on its next poll (the inbox's ETag).
 */

export interface SubstitutionDeps {
  publicUrl: string;
  kickMailWorker: () => void;
  kickRefundWorker: () => void;
  /** Sends the remitter's Web Push now rather than at the worker's next poll (decision 073). */
  kickPushWorker?: () => void;
  now?: () => Date;
}

/** 'Preguntar a quien compró': the store proposes a substitute; nothing changes on the line until the answer. */
export async function proposeSubstitutionFlow(
  db: Database,
  actor: Actor | null,
  storeId: number,
  ref: { number: string; lineId: number },
  input: SubstitutionProposalInput,
  deps: LineChangeDeps & { kickPushWorker?: () => void },
): Promise<StaffStoreOrder> {
  const { staff, line } = await requireLineToChange(db, actor, storeId, ref, input);
  const substitute = await priceSubstitute(db, storeId, line, input);
  if (!substitute) throw new Error('a proposal always has a substitute');
  const secret = await serverSecret(db, SUBSTITUTION_LINK_KEY);
  // The store's own wait, counted within its hours (decision 073).
  const wait = await readStoreSubstitutionWait(db, storeId);
  const now = new Date();
  await db.transaction(async (tx) => {
    const locked = await lockLineToChange(tx, storeId, ref, input);
    await requireNoOpenQuestion(tx, locked.lineId);
    const question = await askRemitter(tx, {
      orderLineId: locked.lineId,
      storeOrderId: locked.storeOrderId,
      groupId: locked.groupId,
      availableQuantity: input.available_quantity,
      substitute,
      proposedBy: staff.userId,
      now,
      waitMinutes: wait.waitMinutes,
      hours: wait.hours,
    });
    await recordProposal(tx, staff, storeId, locked, substitute);
    // A deadline past the plain wait means the store closes meanwhile: the remitter reads when it is.
    const extended = question.deadlineAt.getTime() > now.getTime() + wait.waitMinutes * 60_000;
    await notifyRemitterOfSubstitution(tx, question, questionUrl(secret, deps.publicUrl, question), {
      waitMinutes: wait.waitMinutes,
      deadline: extended ? question.deadlineAt : null,
    });
  });
  deps.kickMailWorker();
  deps.kickPushWorker?.();
  return getStoreOrderCard(db, actor, storeId, ref.number, deps.publicUrl);
}

/** The proposal in the order's history and the store's audit trail (a staff action, issue 27). */
async function recordProposal(
  tx: DatabaseOrTransaction,
  staff: Actor,
  storeId: number,
  locked: LineTarget,
  substitute: LineSubstitute,
): Promise<void> {
  const proposal = `${locked.name}: se propuso ${substitute.quantity} × ${substitute.name} a quien compró.`;
  await recordInboxChange(tx, {
    storeOrderId: locked.storeOrderId,
    status: locked.status,
    actorUserId: staff.userId,
    reason: proposal,
  });
  await recordAudit(tx, staff, {
    storeId,
    action: 'store_order.substitute_proposed',
    subject: `store_order:${locked.storeOrderNumber}`,
    detail: {
      line_id: locked.lineId,
      name: locked.name,
      substitute: `${substitute.quantity} × ${substitute.name}`,
    },
  });
}

/**
 * The remitter is asked at once: by Web Push to the browsers they opted in from (decision 073), by e-mail
 * with the signed link, and by WhatsApp or SMS.
 */
async function notifyRemitterOfSubstitution(
  tx: DatabaseOrTransaction,
  question: QuestionRow,
  url: string,
  wait: { waitMinutes: number; deadline: Date | null },
): Promise<void> {
  const presented = presentQuestion(question);
  await pushToShopper(tx, question.remitterId, substitutionQuestionPush(presented, url));
  await enqueueEmail(tx, {
    ...substitutionQuestionEmail({
      to: question.remitterEmail,
      firstName: question.remitterFirstName,
      question: presented,
      url,
      waitMinutes: wait.waitMinutes,
      deadline: wait.deadline,
    }),
    groupId: question.groupId,
    kind: 'store_order.substitute_proposed',
  });
  // And by WhatsApp or SMS (issue 29 item 2), linking the same signed page.
  const link = new URL(url);
  await enqueueOrderMessage(tx, {
    kind: 'substitution_question',
    storeOrder: question.storeOrderId,
    missing: presented.line.name,
    offered: presented.substitute.name,
    linkPath: `${link.pathname}${link.search}${link.hash}`,
  });
}

/**
 * 'Mis Compras' (issue 29): the signed-in remitter's open questions, each with its page's path (the same
 * signed link as the e-mail's), so the choice is there too.
 */
export async function openQuestionsOfRemitterFlow(db: Database, actor: Actor): Promise<OpenSubstitutionList> {
  const secret = await serverSecret(db, SUBSTITUTION_LINK_KEY);
  const rows = await openQuestionsOfRemitter(db, actor.userId);
  return {
    results: rows.map((row) => ({ question: presentQuestion(row), path: questionUrl(secret, '', row) })),
  };
}

/** The question a signed link opens (no login): forged 403, expired 410, both with a Spanish reason. */
export async function readQuestionByLinkFlow(db: Database, token: string): Promise<SubstitutionQuestion> {
  const secret = await serverSecret(db, SUBSTITUTION_LINK_KEY);
  return presentQuestion(await questionOfToken(db, secret, token, new Date()));
}

/**
 * The remitter's answer from the signed link. A second answer, or one after the wait time applied the
 * preference, is a 409 that says so and changes nothing; an order that moved past changing lines closes the
 * question unanswered ('lapsed', 409).
 */
export async function answerByLinkFlow(
  db: Database,
  token: string,
  answer: SubstitutionAnswer,
  deps: SubstitutionDeps,
): Promise<SubstitutionQuestion> {
  const secret = await serverSecret(db, SUBSTITUTION_LINK_KEY);
  const now = deps.now?.() ?? new Date();
  const question = await questionOfToken(db, secret, token, now);
  return answerAsRemitter(db, question, answer, deps);
}

/**
 * The same choice inline in 'Mis Compras' (issue 29, decision 073): the signed-in remitter answers a question
 * of their own order (another's is a 403), through the same one answer as the signed link, so whichever comes
 * first applies and the other is a 409.
 */
export async function answerInMyOrdersFlow(
  db: Database,
  actor: Actor,
  questionId: number,
  answer: SubstitutionAnswer,
  deps: SubstitutionDeps,
): Promise<SubstitutionQuestion> {
  return answerAsRemitter(db, await questionOfRemitter(db, actor.userId, questionId), answer, deps);
}

async function answerAsRemitter(
  db: Database,
  question: QuestionRow,
  answer: SubstitutionAnswer,
  deps: SubstitutionDeps,
): Promise<SubstitutionQuestion> {
  checkAnswer(question, answer);
  const outcome = await answerOnce(db, question.id, answer, 'remitter', deps.publicUrl);
  const answered = await findQuestionById(db, question.id);
  if (!answered) throw new Error(`substitution question ${question.id} vanished`);
  if (outcome !== 'answered') {
    const lapsed = answered.status === 'lapsed';
    throw new HttpError(409, {
      detail: lapsed ? SUBSTITUTION_MESSAGES.lapsed : SUBSTITUTION_MESSAGES.alreadyAnswered,
    });
  }
  deps.kickMailWorker();
  deps.kickRefundWorker();
  return presentQuestion(answered);
}

/**
 * The wait-time job's pass: each question whose wait ran out gets the recorded preference, each in its own
 * transaction; one the remitter answered meanwhile is left as they answered (the compare-and-set). Answers
 * how many it applied.
 */
export async function applyDueSubstitutionsFlow(
  db: Database,
  now: Date,
  deps: SubstitutionDeps,
): Promise<number> {
  let applied = 0;
  for (const id of await dueQuestionIds(db, now, 50)) {
    const outcome = await answerOnce(db, id, null, 'wait_time', deps.publicUrl);
    if (outcome === 'answered') applied += 1;
  }
  if (applied > 0) {
    deps.kickMailWorker();
    deps.kickRefundWorker();
  }
  return applied;
}

type AnswerOutcome = 'answered' | 'lapsed' | 'lost';

/**
 * One answer, once, under the store order's row lock: lock the line, close the question (compare-and-set on
 * 'pending'), then change the line as answered. `answer` null is the wait time's: the recorded preference.
 */
async function answerOnce(
  db: Database,
  questionId: number,
  answer: SubstitutionAnswer | null,
  answeredBy: SubstitutionAnsweredBy,
  publicUrl: string,
): Promise<AnswerOutcome> {
  return db.transaction(async (tx) => {
    const question = await findQuestionById(tx, questionId);
    if (question?.status !== 'pending') return 'lost';
    const ref = { number: question.storeOrderNumber, lineId: question.orderLineId };
    const line = await lockLineForAnswer(tx, question.storeId, ref);
    if (!line) return (await lapseQuestion(tx, question.id)) ? 'lapsed' : 'lost';
    const chosen = answer ?? answerByPreference(question);
    if (!(await closeQuestionOnce(tx, question, chosen, answeredBy))) return 'lost';
    await applyAnswer(tx, question, line, chosen, answeredBy, publicUrl);
    return 'answered';
  });
}

/**
 * The line as answered: accepted, it takes the substitute and refunds what the line change refunds (units not
 * replaced, a cheaper substitute's difference); refused, the missing units are refunded to the card or as
 * credit; 'call' leaves the line to the store, who now sees the remitter's phone.
 */
async function applyAnswer(
  tx: DatabaseOrTransaction,
  question: QuestionRow,
  line: LineTarget,
  answer: SubstitutionAnswer,
  answeredBy: SubstitutionAnsweredBy,
  publicUrl: string,
): Promise<void> {
  const who = answeredBy === 'remitter' ? 'Quien compró' : 'Sin respuesta a tiempo, se aplicó su preferencia';
  const note = `${line.name}: ${who}: ${SUBSTITUTION_ANSWER_STORE_TEXT[answer].toLowerCase()}.`;
  let refundedMinor = 0;
  let shown: ShownRefund | null = null;
  let changes: string[] = [];
  if (answer !== 'call') {
    const substitute = answer === 'accept' ? question.substitute : null;
    await recordSupplyOnce(tx, line, question.availableQuantity, substitute);
    changes = describeChanges(line, question.availableQuantity, substitute);
    ({ refundedMinor, shown } = await refundWhatIsMissingShown(
      tx,
      line,
      lineChangeRefunds(line, question.availableQuantity, substitute),
      changes,
      {
        actor: { role: 'system', userId: null },
        publicUrl,
        ...(answer === 'refund_credit' ? { destination: 'wallet' as const } : {}),
      },
    ));
  }
  await recordInboxChange(tx, {
    storeOrderId: line.storeOrderId,
    status: line.status,
    actorUserId: question.remitterId,
    reason: [note, ...changes].join(' '),
  });
  if (answer !== 'call') {
    await emailRemitterOfLineChange(tx, line, changes, refundedMinor, publicUrl, shown);
  }
}
