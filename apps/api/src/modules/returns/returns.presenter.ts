import { linePaidMinor } from '@mandado/shared/line-refunds';
import { parseMoney } from '@mandado/shared/money';
import { usdText } from '@mandado/shared/money-text';
import {
  RETURN_STATUS_TEXTS,
  type ReturnRefundTarget,
  type ReturnRequester,
  type ReturnStatus,
  returnCourierUrl,
} from '@mandado/shared/return-status';
import type { ReturnRequest } from '@mandado/shared/returns-schemas';
import { pickupCodeOf } from './return-pickup-code.ts';
import type { ReturnLineOfRequestRow, ReturnRow } from './returns.repository.ts';

/**
 * Who reads a return decides two fields (decision 076): the pickup code goes only to the requester's side
 * (the remitter and the family, who give it to the courier), the courier link only to the store and operators
 * (who hand it to the courier). Never both to one reader.
 */
export type ReturnView = (
  | { side: 'requester'; codeSecret: Buffer }
  | { side: 'staff'; publicUrl: string }
) & {
  /** Where this reader gets a return's photo (the route that checks them); absent: not shown. */
  photoPath?: (row: ReturnRow) => string;
};

/** Statuses in which the code still matters: the courier has not collected the goods yet. */
const CODE_STATUSES: ReadonlySet<string> = new Set(['requested', 'accepted']);

export function refundTextOf(amount: string | null, refundTo: string): string | null {
  if (amount === null) return null;
  return `${usdText(parseMoney(amount))} ${refundTo === 'card' ? 'a la tarjeta' : 'como saldo en Mandado'}`;
}

function unitPriceText(line: ReturnLineOfRequestRow): string {
  const paid = linePaidMinor(parseMoney(line.totalUsd), parseMoney(line.discount));
  return usdText(Math.round(paid / Math.max(1, line.lineQuantity)));
}

export function presentReturn(
  row: ReturnRow,
  lines: readonly ReturnLineOfRequestRow[],
  view: ReturnView,
): ReturnRequest {
  return {
    id: row.id,
    orderNumber: row.groupNumber,
    storeOrderNumber: row.storeOrderNumber,
    storeName: row.storeName,
    status: row.status as ReturnStatus,
    statusText: RETURN_STATUS_TEXTS[row.status as ReturnStatus] ?? row.status,
    requestedBy: row.requestedBy as ReturnRequester,
    reason: row.reason,
    photoUrl: row.photoKey && view.photoPath ? view.photoPath(row) : null,
    refundTo: row.refundTo as ReturnRefundTarget,
    lines: lines
      .filter((line) => line.returnRequestId === row.id)
      .map((line) => ({
        lineId: line.orderLineId,
        name: line.name,
        quantity: line.quantity,
        unitPriceText: unitPriceText(line),
      })),
    refusalReason: row.refusalReason,
    overruleReason: row.overruleReason,
    pickupCode:
      view.side === 'requester' && CODE_STATUSES.has(row.status)
        ? pickupCodeOf(view.codeSecret, row.id)
        : null,
    courierLink:
      view.side === 'staff' && row.courierToken && row.status === 'accepted'
        ? returnCourierUrl(view.publicUrl, row.courierToken)
        : null,
    refundText: refundTextOf(row.refundedAmount, row.refundTo),
    createdAt: row.createdAt.toISOString(),
    deadline: row.deadlineAt.toISOString(),
  };
}

export function presentReturns(
  rows: readonly ReturnRow[],
  lines: readonly ReturnLineOfRequestRow[],
  view: ReturnView,
): ReturnRequest[] {
  return rows.map((row) => presentReturn(row, lines, view));
}
