import type {
  MerchantAvailability,
  MerchantAvailabilityInput,
} from '@mandado/shared/store-availability.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { availabilityKey, saveAvailability } from './availability.api.ts';

/**
 * Saves the pause and the closure together (the API replaces both) and shows the server's answer at once:
 * it is the new state, worded as the shop words it. Rejects with the server's refusal for the caller to show.
 */
export function useSaveAvailability(storeId: number) {
  const queryClient = useQueryClient();
  return useCallback(
    async (input: MerchantAvailabilityInput): Promise<MerchantAvailability> => {
      const answer = await saveAvailability(storeId, input);
      queryClient.setQueryData(availabilityKey(storeId), answer);
      return answer;
    },
    [queryClient, storeId],
  );
}
