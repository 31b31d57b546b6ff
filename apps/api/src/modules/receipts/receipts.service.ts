import { formatMinorAsDecimal } from '@mandado/shared/money';
import { RECEIPT_MESSAGES, receiptMoveAllowed } from '@mandado/shared/receipt';
import type {
  Receipt,
  ReceiptAnswerInput,
  ReceiptAnswerResult,
  ReceiptClaimList,
  ReceiptClaimRefundResult,
} from '@mandado/shared/receipt.schemas';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import { type Actor, requirePermission } from '../../authorization.ts';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import type { ClaimedLine } from '../../db/schema/receipts.ts';
// The one-click refund of a claim runs the refund flow's line step inside the claim's transaction.
import { refundLineUnits } from '../../flows/refund.flow.ts';
import { HttpError, notFound } from '../../http-errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { presentClaim, presentReceipt } from './receipts.presenter.ts';
import {
  findReceiptTarget,
  insertReceiptHistory,
  insertReceiptOnce,
  listClaims,
  listReceiptLines,
  listReceipts,
  lockClaim,
  markClaimResolved,
  type ReceiptLineRow,
} from './receipts.repository.ts';

/**
 * The family confirms receipt (issue 29, decision 064): on the tracking link, once a store order is delivered
 * and within 48 hours, one answer — 'Recibí todo' or 'Falta algo' with lines — written once; a claim waits in
 * the operators' support inbox, where one click refunds the claimed units through the refunds module's caps.
 */

const ANSWERABLE = new Set(['delivered', 'fulfilled']);

/** How many units of a line reached the family: what the store had, or the substitute's units. */
function deliveredUnits(line: ReceiptLineRow): number {
  if (line.substituteQuantity !== null) return line.substituteQuantity;
  return line.availableQuantity ?? line.quantity;
}

/** The claimed lines by place on the page, checked against the store order's lines; 400 with a reason. */
function claimedLines(lines: readonly ReceiptLineRow[], input: ReceiptAnswerInput): ClaimedLine[] {
  if (input.answer !== 'missing') return [];
  const seen = new Set<number>();
  return input.lines.map((claimed) => {
    const line = lines[claimed.line];
    if (!line) throw new HttpError(400, { lines: [RECEIPT_MESSAGES.unknownLine] });
    if (seen.has(claimed.line)) throw new HttpError(400, { lines: [RECEIPT_MESSAGES.repeatedLine] });
    seen.add(claimed.line);
    // A line nothing of which arrived (all unavailable) was refunded already: still claimable up to what was
    // ordered, the refund caps keep the money right.
    const most = Math.max(deliveredUnits(line), line.quantity);
    if (claimed.quantity > most) throw new HttpError(400, { lines: [RECEIPT_MESSAGES.tooMany(most)] });
    return { lineId: line.id, name: line.name, quantity: claimed.quantity };
  });
}

/** What the answering step asks of the store order's owner (flows/answer-receipt.flow.ts wires it). */
export interface ReceiptSteps {
  /** Notes the answer on the store order's history, where the store and the operators read it. */
  noteOnStoreOrder: (
    tx: DatabaseOrTransaction,
    note: { storeOrderId: number; status: string; reason: string },
  ) => Promise<void>;
}

/** The history note: 'Rosa confirmó que recibió todo.' or 'Rosa avisó que falta: Café (1). «…»'. */
function answerNote(firstName: string, missing: readonly ClaimedLine[], note: string): string {
  const who = firstName.trim() || 'Quien recibe';
  if (missing.length === 0) return `${who} confirmó que recibió todo.`;
  const what = missing.map((line) => `${line.name} (${line.quantity})`).join(', ');
  return `${who} avisó que falta: ${what}.${note ? ` «${note}»` : ''}`;
}

/**
 * `POST /v1/tracking/:token/stores/:number/receipt/`: the family's one answer. A forged link or another
 * group's store order is a 404; not delivered yet, answered already or past 48 hours a 409; bad lines a 400.
 * Nothing is written in any of those cases.
 */
export async function answerReceipt(
  db: Database,
  token: string,
  storeOrderNumber: string,
  input: ReceiptAnswerInput,
  steps: ReceiptSteps,
  now: Date = new Date(),
): Promise<ReceiptAnswerResult> {
  const target = await findReceiptTarget(db, token, storeOrderNumber);
  if (!target) throw notFound(RECEIPT_MESSAGES.notFound);
  if (target.groupStatus !== 'confirmed' || !ANSWERABLE.has(target.status) || target.deliveredAt === null) {
    throw new HttpError(409, { detail: RECEIPT_MESSAGES.notDelivered });
  }
  const deliveredAt = target.deliveredAt;
  const [existing] = await listReceipts(db, [target.storeOrderId]);
  if (existing) throw new HttpError(409, { detail: RECEIPT_MESSAGES.alreadyAnswered });
  const current = presentReceipt(deliveredAt, undefined, target.beneficiaryFirstName, now);
  if (current.status !== 'awaiting') throw new HttpError(409, { detail: RECEIPT_MESSAGES.windowClosed });
  const missing = claimedLines(await listReceiptLines(db, target.storeOrderId), input);
  const to = input.answer === 'received' ? 'received' : 'claimed';
  if (!receiptMoveAllowed('awaiting', to, 'family')) throw new Error(`receipt awaiting → ${to} not allowed`);

  await db.transaction(async (tx) => {
    const id = await insertReceiptOnce(tx, {
      storeOrderId: target.storeOrderId,
      status: to,
      missing,
      note: input.answer === 'missing' ? input.note : '',
    });
    // Two answers at once: the first one's row stands, the second is told so.
    if (id === null) throw new HttpError(409, { detail: RECEIPT_MESSAGES.alreadyAnswered });
    await insertReceiptHistory(tx, {
      receiptId: id,
      fromStatus: 'awaiting',
      toStatus: to,
      actorRole: 'family',
      actorUserId: null,
    });
    await steps.noteOnStoreOrder(tx, {
      storeOrderId: target.storeOrderId,
      status: target.status,
      reason: answerNote(target.beneficiaryFirstName, missing, input.answer === 'missing' ? input.note : ''),
    });
  });
  const [stored] = await listReceipts(db, [target.storeOrderId]);
  return {
    detail: to === 'received' ? RECEIPT_MESSAGES.received : RECEIPT_MESSAGES.claimed,
    receipt: presentReceipt(deliveredAt, stored, target.beneficiaryFirstName, now),
  };
}

/**
 * The receipts of these store orders for a page that shows them (tracking, 'Mis Compras', the store's
 * order): null for one not delivered. One query whatever their number and statuses.
 */
export async function receiptsOf(
  db: DatabaseOrTransaction,
  storeOrders: ReadonlyArray<{ id: number; deliveredAt: Date | null; status: string }>,
  firstName: string | ((storeOrderId: number) => string),
  now: Date = new Date(),
): Promise<Map<number, Receipt | null>> {
  // Every store order's id, delivered or not: one query whatever their statuses, so a page reads the same
  // number of queries before and after a delivery.
  const rows = await listReceipts(
    db,
    storeOrders.map((order) => order.id),
  );
  const byStoreOrder = new Map(rows.map((row) => [row.storeOrderId, row]));
  return new Map(
    storeOrders.map((order) => [
      order.id,
      order.deliveredAt !== null && ANSWERABLE.has(order.status)
        ? presentReceipt(
            order.deliveredAt,
            byStoreOrder.get(order.id),
            typeof firstName === 'string' ? firstName : firstName(order.id),
            now,
          )
        : null,
    ]),
  );
}

/** `GET /v1/admin/receipt-claims/` (support:read): the family's 'Falta algo', newest first. */
export async function listReceiptClaims(
  db: Database,
  actor: Actor | null,
  query: { open?: 'true' | 'false' | undefined },
): Promise<ReceiptClaimList> {
  requirePermission(actor, 'support:read');
  const open = query.open === undefined ? null : query.open === 'true';
  return { results: (await listClaims(db, open)).map(presentClaim) };
}

export interface ClaimRefundDeps {
  publicUrl: string;
  kickMailWorker: () => void;
  kickRefundWorker: () => void;
}

/**
 * `POST /v1/admin/receipt-claims/:id/refund/` (payment:refund): one click gives back the claimed units of
 * each line, by the default destination of the payment, each capped by what is left of its line and of the
 * store order (refunds' decide, decision 050), and resolves the claim — in one transaction with its audit row.
 * A resolved claim is a 409; an operator's own order goes to someone else (four eyes on money).
 */
export async function refundReceiptClaim(
  db: Database,
  actor: Actor | null,
  claimId: number,
  deps: ClaimRefundDeps,
): Promise<ReceiptClaimRefundResult> {
  const operator = requirePermission(actor, 'payment:refund');
  const outcome = await db.transaction(async (tx) => {
    const claim = await lockClaim(tx, claimId);
    if (!claim) throw notFound(RECEIPT_MESSAGES.claimNotFound);
    if (!receiptMoveAllowed(claim.status, 'resolved', 'operator')) {
      throw new HttpError(409, { detail: RECEIPT_MESSAGES.claimNotOpen });
    }
    if (claim.remitterId === operator.userId)
      throw new HttpError(409, { detail: SERVER_MESSAGES.ownOrderMoney });
    let refundedMinor = 0;
    const destinations = new Set<string>();
    const refundIds: number[] = [];
    for (const line of claim.missing) {
      const decision = await refundLineUnits(tx, {
        storeOrderId: claim.storeOrderId,
        orderLineId: line.lineId,
        units: line.quantity,
        reason: 'receipt_claim',
        note: `Reclamo de entrega #${claim.id}`,
        actor: { role: 'operator', userId: operator.userId },
        publicUrl: deps.publicUrl,
      });
      if (decision) {
        refundedMinor += decision.amountMinor;
        destinations.add(decision.destination);
        refundIds.push(decision.id);
      }
    }
    if (!(await markClaimResolved(tx, claim.id, operator.userId))) {
      throw new HttpError(409, { detail: RECEIPT_MESSAGES.claimNotOpen });
    }
    await insertReceiptHistory(tx, {
      receiptId: claim.id,
      fromStatus: 'claimed',
      toStatus: 'resolved',
      actorRole: 'operator',
      actorUserId: operator.userId,
    });
    await recordAudit(tx, operator, {
      storeId: null,
      action: 'receipt_claim.refunded',
      subject: `store_order:${claim.storeOrderNumber}`,
      detail: {
        claim_id: claim.id,
        refund_ids: refundIds,
        amount: formatMinorAsDecimal(refundedMinor),
        before: { status: 'claimed' },
        after: { status: 'resolved' },
      },
      actorRole: 'operator',
    });
    // The claim as it now stands (resolved, when, by whom), read again under the lock it already holds.
    const resolved = await lockClaim(tx, claim.id);
    return { refundedMinor, destinations, claim: resolved ?? claim };
  });
  if (outcome.destinations.has('wallet')) deps.kickMailWorker();
  if (outcome.destinations.has('original_payment')) deps.kickRefundWorker();
  return {
    detail: outcome.refundedMinor > 0 ? RECEIPT_MESSAGES.refunded : RECEIPT_MESSAGES.nothingToRefund,
    claim: presentClaim(outcome.claim),
    refunded: formatMinorAsDecimal(outcome.refundedMinor),
  };
}
