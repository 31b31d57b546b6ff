import type { MerchantProduct, MerchantStockChange } from '@mandado/shared/merchant-catalog.schemas';
import { failureMessage } from '@mandado/web-kit/failure-text.ts';
import { notify } from '@mandado/web-kit/toast-store.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { changeStock, productKey, productListsKey } from './catalog.api.ts';
import { type ProductPages, patchProductInPages } from './catalog-cache.ts';
import { stockAfter } from './catalog-text.ts';

interface Queue {
  /** The last change sent or waiting for this product. */
  tail: Promise<void>;
  /** Changes not answered yet. */
  pending: number;
}

/**
 * The list's '−', '+' and 'Agotado': the figure changes at the tap, and the calls for one product go one
 * after the other, so three quick taps are three units and the answers cannot arrive out of order. The
 * server's figure replaces the shown one once the last call of a burst is answered (another owner may have
 * changed it too); a failure says why and reloads the list.
 */
export function useStockChange(storeId: number) {
  const queryClient = useQueryClient();
  const queues = useRef(new Map<number, Queue>());

  const showStock = useCallback(
    (productId: number, stock: (current: number) => number) => {
      const patch = (product: MerchantProduct) => ({ ...product, stock: stock(product.stock) });
      queryClient.setQueriesData<ProductPages>({ queryKey: productListsKey(storeId) }, (data) =>
        patchProductInPages(data, productId, patch),
      );
      queryClient.setQueryData<MerchantProduct>(productKey(storeId, productId), (product) =>
        product ? patch(product) : product,
      );
    },
    [queryClient, storeId],
  );

  return useCallback(
    (productId: number, change: MerchantStockChange) => {
      showStock(productId, (current) => stockAfter(current, change));
      const queue = queues.current.get(productId) ?? { tail: Promise.resolve(), pending: 0 };
      queue.pending += 1;
      queue.tail = queue.tail.then(async () => {
        try {
          const answer = await changeStock(storeId, productId, change);
          if (queue.pending === 1) showStock(productId, () => answer.stock);
        } catch (error) {
          notify({
            kind: 'error',
            title: 'No pudimos cambiar el stock',
            message: failureMessage(error) ?? 'Intenta de nuevo en un momento.',
          });
          void queryClient.invalidateQueries({ queryKey: productListsKey(storeId) });
        } finally {
          queue.pending -= 1;
          if (queue.pending === 0) queues.current.delete(productId);
        }
      });
      queues.current.set(productId, queue);
    },
    [queryClient, showStock, storeId],
  );
}
