import type { Coupon } from '@mandado/shared/checkout.schemas';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type CheckoutPricing, priceCheckout } from '../../features/checkout/checkout-pricing.ts';
import { useCityStores } from '../../features/stores/use-city-stores.ts';
import { useDisplayCurrency } from '../../hooks/use-display-currency.ts';
import { whoamiQueryOptions } from '../../lib/whoami-query.ts';
import { useAppStore } from '../../state/app-store.ts';

/**
 * The checkout's amounts in USD minor units (what is charged), priced by the shared rule. Where each store
 * is (2.99 inside the delivery city, 4.99 outside) comes from the stores feature, the threshold from
 * who-am-I's settings and the rates from the display currency, as the cart does. Null while any is loading.
 */
export function useCheckoutPricing(coupon: Coupon | null): CheckoutPricing | null {
  const items = useAppStore((state) => state.cart.items);
  const city = useAppStore((state) => state.city);
  const delivery = useAppStore((state) => state.checkout.delivery);
  const credit = useAppStore((state) => state.checkout.credit);
  const stores = useCityStores(city);
  const threshold = useQuery({
    ...whoamiQueryOptions(),
    select: (body) => body.settings.free_shipping_threshold,
  }).data;
  const display = useDisplayCurrency();

  return useMemo(() => {
    if (threshold === undefined || items.length === 0 || stores.isPending) return null;
    const storeCityIds = new Map(stores.data?.map((store) => [store.id, store.city_id]));
    return priceCheckout({
      items,
      rates: display.rates,
      deliveryCityId: city?.id ?? null,
      storeCityId: (storeId) => storeCityIds.get(storeId) ?? null,
      delivery,
      freeShippingThreshold: threshold,
      coupon,
      credit,
    });
  }, [items, city, stores.data, stores.isPending, threshold, display.rates, delivery, coupon, credit]);
}
