import type { RefundDestination } from '@mandado/shared/fulfilment';
import { type ShownRefund, shownRefundText } from '@mandado/shared/refund-display';
import type { LineAvailabilityInput } from '@mandado/shared/store-inbox.schemas';
import { WEB_PATHS } from '@mandado/shared/web-routes';
import type { Actor } from '../authorization.ts';
import type { Database, DatabaseOrTransaction } from '../db/database.ts';
import { enqueueEmail } from '../modules/mail/mail.service.ts';
import { markSoldOut } from '../modules/merchant-catalog/product-stock.service.ts';
import type { StaffStoreOrder } from '../modules/order-status/order-status.presenter.ts';
import type { RefundActor, RefundDecision } from '../modules/refunds/refunds.service.ts';
import type { LineTarget } from '../modules/store-inbox/store-inbox.service.ts';
import {
  describeChanges,
  getStoreOrderCard,
  type LineChangeDeps,
  type LineChangeRefunds,
  lineChangeRefunds,
  lockAndRecordLineSupply,
  priceSubstitute,
  recordLineChange,
  requireLineToChange,
} from '../modules/store-inbox/store-inbox.service.ts';
import { lineChangeEmail } from '../modules/store-inbox/store-inbox-emails.ts';
import { requireNoOpenQuestion } from '../modules/substitutions/substitutions.service.ts';
import { decideRefund, refundLineUnits } from './refund.flow.ts';

/**
 * The store could supply only `available_quantity` of a line (issue 17, decision 057): 'similar' or 'call'
 * (the member phoned first) let the store give another of its own products at the same or a lower unit
 * price for some or all of the missing units; 'refund' refunds them. Recorded once per line, while the order
 * is new or in preparation, as a compare-and-set on the status the screen showed; the refunds, the history
 * row, the audit row and the remitter's e-mail commit with it.
 */
export async function markLineAvailabilityFlow(
  db: Database,
  actor: Actor | null,
  storeId: number,
  ref: { number: string; lineId: number },
  input: LineAvailabilityInput,
  deps: LineChangeDeps,
): Promise<StaffStoreOrder> {
  const { staff, line } = await requireLineToChange(db, actor, storeId, ref, input);
  const substitute = await priceSubstitute(db, storeId, line, input);
  const refunds = lineChangeRefunds(line, input.available_quantity, substitute);
  const changes = describeChanges(line, input.available_quantity, substitute);
  await db.transaction(async (tx) => {
    const locked = await lockAndRecordLineSupply(tx, storeId, ref, input, substitute);
    // A substitute proposed to the remitter waits for the answer (decision 062): the line is theirs to decide.
    await requireNoOpenQuestion(tx, line.lineId);
    if (input.mark_sold_out && line.productId !== null) await markSoldOut(tx, storeId, line.productId);
    const { refundedMinor, shown } = await refundWhatIsMissingShown(tx, line, refunds, changes, {
      actor: { role: 'merchant', userId: staff.userId },
      publicUrl: deps.publicUrl,
    });
    await recordLineChange(tx, staff, storeId, locked, {
      available: input.available_quantity,
      substitute,
      changes,
      refundedMinor,
    });
    await emailRemitterOfLineChange(tx, line, changes, refundedMinor, deps.publicUrl, shown);
  });
  deps.kickMailWorker();
  deps.kickRefundWorker();
  return getStoreOrderCard(db, actor, storeId, ref.number, deps.publicUrl);
}

/**
 * Each refund is capped at what is still refundable of the line and of its store order (decision 050: an
 * operator may have refunded some of it already); answers what was, for the e-mail and the audit row.
 */
export async function refundWhatIsMissing(
  tx: DatabaseOrTransaction,
  line: LineTarget,
  refunds: LineChangeRefunds,
  changes: readonly string[],
  by: { actor: RefundActor; publicUrl: string; destination?: RefundDestination },
): Promise<number> {
  return (await refundWhatIsMissingShown(tx, line, refunds, changes, by)).refundedMinor;
}

/**
 * As refundWhatIsMissing, with the refund as the remitter reads it (issue 31: '$U 238,00' for a whole line
 * sold in pesos); `shown` is null when nothing or two refunds (missing units and a cheaper substitute) were
 * decided, whose dollars the e-mail then names.
 */
export async function refundWhatIsMissingShown(
  tx: DatabaseOrTransaction,
  line: LineTarget,
  refunds: LineChangeRefunds,
  changes: readonly string[],
  by: { actor: RefundActor; publicUrl: string; destination?: RefundDestination },
): Promise<{ refundedMinor: number; shown: ShownRefund | null }> {
  const common = {
    storeOrderId: line.storeOrderId,
    orderLineId: line.lineId,
    actor: by.actor,
    publicUrl: by.publicUrl,
    ...(by.destination ? { destination: by.destination } : {}),
  };
  const decided: RefundDecision[] = [];
  if (refunds.unavailableUnits > 0) {
    const units = await refundLineUnits(tx, {
      ...common,
      units: refunds.unavailableUnits,
      reason: 'line_unavailable',
      note: changes[0] ?? '',
    });
    if (units) decided.push(units);
  }
  if (refunds.differenceMinor > 0) {
    const difference = await decideRefund(tx, {
      ...common,
      amountMinor: refunds.differenceMinor,
      reason: 'cheaper_substitute',
      note: changes.at(-1) ?? '',
    });
    if (difference) decided.push(difference);
  }
  const [only] = decided;
  return {
    refundedMinor: decided.reduce((sum, decision) => sum + decision.amountMinor, 0),
    shown: decided.length === 1 && only ? only.shown : null,
  };
}

/** The remitter hears what changed and what comes back; the order's timeline lists it (issue 19). */
export async function emailRemitterOfLineChange(
  tx: DatabaseOrTransaction,
  line: LineTarget,
  changes: string[],
  refundedMinor: number,
  publicUrl: string,
  shown: ShownRefund | null = null,
): Promise<void> {
  await enqueueEmail(tx, {
    ...lineChangeEmail({
      to: line.remitterEmail,
      firstName: line.remitterFirstName,
      storeOrderNumber: line.storeOrderNumber,
      storeName: line.storeName,
      changes,
      refundedMinor,
      ...(shown ? { refundedText: shownRefundText(shown) } : {}),
      orderUrl: `${publicUrl}${WEB_PATHS.userOrders}/${encodeURIComponent(line.groupNumber)}`,
    }),
    groupId: line.groupId,
    kind: 'store_order.line_changed',
  });
}
