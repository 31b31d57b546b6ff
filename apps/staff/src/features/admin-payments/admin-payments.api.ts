import type {
  BankStatementImport,
  BankStatementSummary,
  PaymentFindings,
  PaymentQueue,
} from '@mandado/shared/admin-payments.schemas';
import type { OrderGroup } from '@mandado/shared/checkout.schemas';
import { apiGet, apiPost, segment } from '@mandado/web-kit/api-client.ts';
import { queryOptions } from '@tanstack/react-query';

/** The back office's payments (issue 19): /v1/admin/payments/…, /v1/admin/bank-statements/…, mark-paid. */

export const PAYMENTS_KEY = ['admin-payments'] as const;

export function paymentQueueQueryOptions(country: string) {
  const query = country ? `?country=${segment(country)}` : '';
  return queryOptions({
    queryKey: [...PAYMENTS_KEY, 'queue', country] as const,
    queryFn: ({ signal }) => apiGet<PaymentQueue>(`/admin/payments/queue/${query}`, signal),
    // Money arrives all day: a visit shows the queue as it is.
    staleTime: 15_000,
  });
}

export function paymentFindingsQueryOptions() {
  return queryOptions({
    queryKey: [...PAYMENTS_KEY, 'findings'] as const,
    queryFn: ({ signal }) => apiGet<PaymentFindings>('/admin/payments/audit/', signal),
    staleTime: 60_000,
  });
}

export function bankStatementListQueryOptions() {
  return queryOptions({
    queryKey: [...PAYMENTS_KEY, 'statements'] as const,
    queryFn: async ({ signal }) =>
      (await apiGet<{ results: BankStatementSummary[] }>('/admin/bank-statements/', signal)).results,
    staleTime: 30_000,
  });
}

export function markOrderPaid(number: string, reference: string): Promise<OrderGroup> {
  return apiPost<OrderGroup>(`/admin/orders/${segment(number)}/mark-paid/`, { reference });
}

export function uploadBankStatement(fileName: string, text: string): Promise<BankStatementImport> {
  return apiPost<BankStatementImport>('/admin/bank-statements/', { file_name: fileName, text });
}

export function confirmBankStatement(id: number): Promise<BankStatementImport> {
  return apiPost<BankStatementImport>(`/admin/bank-statements/${segment(id)}/confirm/`, {});
}
