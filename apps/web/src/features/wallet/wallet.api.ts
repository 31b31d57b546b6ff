import type { Wallet } from '@mandado/shared/wallet.schemas';
import { apiGet } from '@mandado/web-kit/api-client.ts';
import { queryOptions } from '@tanstack/react-query';

/** `GET /v1/wallet/`: the balance and the movements, newest first. Keyed by account (a shared device). */
export function walletQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['wallet', userId],
    queryFn: ({ signal }) => apiGet<Wallet>('/wallet/', signal),
    // A purchase or a refund moves the balance: the page asks again when opened.
    staleTime: 15_000,
  });
}
