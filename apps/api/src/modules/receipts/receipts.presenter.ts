import { effectiveReceipt, receiptDeadline, receiptText } from '@mandado/shared/receipt';
import type { Receipt, ReceiptClaim } from '@mandado/shared/receipt.schemas';
import type { ClaimRow, ReceiptRow } from './receipts.repository.ts';

/**
 * A store order's receipt as everyone reads it: the stored answer or, with none, the clock's (48 hours after
 * delivery it counts as received). Only names and units of what is missing: no prices, no row ids.
 */
export function presentReceipt(
  deliveredAt: Date,
  row: ReceiptRow | undefined,
  firstName: string,
  now: Date,
): Receipt {
  const state = effectiveReceipt(
    deliveredAt,
    row ? { status: row.status, answeredAt: row.answeredAt } : null,
    now,
  );
  return {
    status: state.status,
    at: state.at,
    automatic: state.automatic,
    answer_until: receiptDeadline(deliveredAt),
    missing: (row?.missing ?? []).map((line) => ({ name: line.name, quantity: line.quantity })),
    note: row?.note ?? '',
    has_photo: Boolean(row?.photoMediaKey),
    text: receiptText(firstName, state),
  };
}

export function presentClaim(row: ClaimRow): ReceiptClaim {
  return {
    id: row.id,
    group_number: row.groupNumber,
    store_order_number: row.storeOrderNumber,
    store_name: row.storeName,
    beneficiary_first_name: row.beneficiaryFirstName,
    status: row.status,
    claimed_at: row.answeredAt.toISOString(),
    resolved_at: row.resolvedAt?.toISOString() ?? null,
    note: row.note,
    lines: row.missing.map((line) => ({ line_id: line.lineId, name: line.name, quantity: line.quantity })),
    photo_url: row.photoMediaKey ? `/v1/admin/receipt-claims/${row.id}/photo` : null,
  };
}
