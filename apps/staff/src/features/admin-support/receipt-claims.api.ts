import type { ReceiptClaimList, ReceiptClaimRefundResult } from '@mandado/shared/receipt.schemas';
import { apiGet, apiPost, segment } from '@mandado/web-kit/api-client.ts';
import { queryOptions } from '@tanstack/react-query';

/** The family's delivery claims (issue 29): `/v1/admin/receipt-claims/` and their one-click refund. */
export const RECEIPT_CLAIMS_KEY = ['admin', 'receipt-claims'] as const;

export function receiptClaimsQueryOptions() {
  return queryOptions({
    queryKey: RECEIPT_CLAIMS_KEY,
    queryFn: ({ signal }) => apiGet<ReceiptClaimList>('/admin/receipt-claims/?open=true', signal),
    // Several operators share the inbox: each visit asks again.
    staleTime: 0,
  });
}

export function refundReceiptClaim(id: number): Promise<ReceiptClaimRefundResult> {
  return apiPost<ReceiptClaimRefundResult>(`/admin/receipt-claims/${segment(id)}/refund/`, {});
}
