import { whoamiQueryOptions } from '@mandado/web-kit/whoami-query.ts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type CartTotals, cartTotals } from '../../features/cart/cart-totals.ts';
import { useCityStores } from '../../features/stores/use-city-stores.ts';
import { useDisplayCurrency } from '../../hooks/use-display-currency.ts';
import { useAppStore } from '../../state/app-store.ts';
import { feesFromKey } from './shipping-fees-key.ts';

/**
 * The cart's amounts in the display currency. Shipping needs where each store is (2.99 inside the delivery
 * city, 4.99 outside), which the stores feature knows; the threshold is the who-am-I settings'.
 */
export function useCartTotals(): CartTotals {
  const items = useAppStore((state) => state.cart.items);
  const city = useAppStore((state) => state.city);
  const stores = useCityStores(city);
  const threshold = useQuery({
    ...whoamiQueryOptions(),
    select: (body) => body.settings.free_shipping_threshold,
  }).data;
  const feesKey = useQuery({
    ...whoamiQueryOptions(),
    // A string, so the memo below reruns only when a fee changes (operators edit them, issue 19).
    select: (body) => `${body.settings.shipping_fee_in_city}|${body.settings.shipping_fee_outside_city}`,
  }).data;
  const display = useDisplayCurrency();

  return useMemo(() => {
    const storeCityIds = new Map(stores.data?.map((store) => [store.id, store.city_id]));
    return cartTotals({
      items,
      deliveryCityId: city?.id ?? null,
      storeCityId: (storeId) => storeCityIds.get(storeId) ?? null,
      freeShippingThreshold: threshold ?? null,
      ...(feesKey ? { shippingFees: feesFromKey(feesKey) } : {}),
      rates: display.rates,
      display,
    });
  }, [items, city, stores.data, threshold, feesKey, display]);
}
