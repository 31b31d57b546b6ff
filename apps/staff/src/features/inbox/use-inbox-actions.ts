import { ApiError } from '@mandado/web-kit/api-client.ts';
import { notify } from '@mandado/web-kit/toast-store.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { inboxKey } from './inbox.api.ts';

/** Someone else moved the order first (compare-and-set): the card shows the fresh state. */
export function isConflict(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}

/**
 * What every move of the inbox does afterwards: asks every tab again (counts change across tabs), and on a
 * 409 says 'Otra persona ya actualizó este pedido' (the server's words) and shows the fresh state.
 */
export function useInboxActions(storeId: number) {
  const queryClient = useQueryClient();

  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: inboxKey(storeId) }),
    [queryClient, storeId],
  );

  /** A refusal no form can show (a conflict, a lost connection): a toast, and the fresh state. */
  const fail = useCallback(
    (error: unknown) => {
      if (isConflict(error)) {
        notify({ kind: 'warn', title: (error as ApiError).message });
      } else {
        notify({
          kind: 'error',
          title: 'Algo salió mal',
          message: error instanceof Error ? error.message : undefined,
        });
      }
      void refresh();
    },
    [refresh],
  );

  return { refresh, fail };
}
