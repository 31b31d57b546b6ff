import { failureText } from '@mandado/web-kit/form/api-form-errors.ts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { deliverySlotsQueryOptions } from '../../features/checkout/checkout.api.ts';
import type { CheckoutData } from './use-checkout-data.ts';

/**
 * The delivery window of each store order (decision 065), on 'Envío': the cart stores' windows from the
 * occasion's day or the earliest ones; the earliest free one is preselected, and a choice no longer listed or
 * now full falls back to it. A pick-up has no window.
 */
export function useWindowChoice({ checkout, updateCheckout }: CheckoutData) {
  const home = checkout.delivery !== 'pickup';
  const slots = useQuery(deliverySlotsQueryOptions(checkout.occasionDay, home));
  const stores = slots.data?.stores;

  useEffect(() => {
    if (!stores) return;
    const chosen: Record<string, string> = {};
    for (const store of stores) {
      const key = String(store.store_id);
      const current = store.slots.find(
        (slot) => slot.starts_at === checkout.deliverySlots[key] && !slot.full,
      );
      const pick = current ?? store.slots.find((slot) => !slot.full);
      if (pick) chosen[key] = pick.starts_at;
    }
    if (JSON.stringify(chosen) !== JSON.stringify(checkout.deliverySlots))
      updateCheckout({ deliverySlots: chosen });
  }, [stores, checkout.deliverySlots, updateCheckout]);

  return {
    home,
    stores: stores ?? null,
    lastDay: slots.data?.last_day ?? null,
    problem: slots.isError ? (failureText(slots.error) ?? null) : null,
    chosen: checkout.deliverySlots,
    occasionDay: checkout.occasionDay,
    giftMessage: checkout.giftMessage,
    choose: (storeId: number, startsAt: string) =>
      updateCheckout({ deliverySlots: { ...checkout.deliverySlots, [String(storeId)]: startsAt } }),
    setOccasionDay: (day: string | null) => updateCheckout({ occasionDay: day, deliverySlots: {} }),
    setGiftMessage: (text: string) => updateCheckout({ giftMessage: text }),
  };
}

export type WindowChoiceState = ReturnType<typeof useWindowChoice>;
