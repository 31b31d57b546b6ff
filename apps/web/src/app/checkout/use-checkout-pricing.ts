import type { Coupon } from '@mandado/shared/coupon.schemas';
import { parseMoney } from '@mandado/shared/money';
import { whoamiQueryOptions } from '@mandado/web-kit/whoami-query.ts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  type CheckoutPricing,
  type PendingWelcome,
  priceCheckout,
} from '../../features/checkout/checkout-pricing.ts';
import { useCityStores } from '../../features/stores/use-city-stores.ts';
import { useDisplayCurrency } from '../../hooks/use-display-currency.ts';
import { useAppStore } from '../../state/app-store.ts';
import { useCheckoutStore } from '../../state/checkout-store.ts';
import { feesFromKey } from '../cart/shipping-fees-key.ts';

/**
 * The checkout's amounts in USD minor units (what is charged), priced by the shared rule. Where each store
 * is (2.99 inside the delivery city, 4.99 outside) comes from the stores feature, the threshold from
 * who-am-I's settings and the rates from the display currency, as the cart does. Null while any is loading.
 * An invited account's welcome credit (who-am-I's `referral_welcome_pending`, the settings' figures) is added
 * the way the server adds it, so `expected_total` matches (decision 026).
 */
export function useCheckoutPricing(coupon: Coupon | null): CheckoutPricing | null {
  const items = useAppStore((state) => state.cart.items);
  const city = useAppStore((state) => state.city);
  const delivery = useCheckoutStore((state) => state.checkout.delivery);
  const credit = useCheckoutStore((state) => state.checkout.credit);
  const stores = useCityStores(city);
  const threshold = useQuery({
    ...whoamiQueryOptions(),
    select: (body) => body.settings.free_shipping_threshold,
  }).data;
  const welcomeKey = useQuery({
    ...whoamiQueryOptions(),
    // A string, so the memo below reruns only when the pending flag or a figure changes.
    select: (body) =>
      body.whoami?.referral_welcome_pending
        ? [
            body.settings.referral_invitee_reward,
            body.settings.referral_inviter_reward,
            body.settings.referral_minimum_purchase,
          ].join('|')
        : '',
  }).data;
  const feesKey = useQuery({
    ...whoamiQueryOptions(),
    // A string, so the memo below reruns only when a fee changes (operators edit them, issue 19).
    select: (body) => `${body.settings.shipping_fee_in_city}|${body.settings.shipping_fee_outside_city}`,
  }).data;
  const display = useDisplayCurrency();

  return useMemo(() => {
    if (threshold === undefined || items.length === 0 || stores.isPending) return null;
    const storeCityIds = new Map(stores.data?.map((store) => [store.id, store.city_id]));
    const [invitee = '0', inviter = '0', minimum = '0'] = welcomeKey ? welcomeKey.split('|') : [];
    const welcome: PendingWelcome | null = welcomeKey
      ? {
          pending: true,
          amounts: {
            inviteeReward: parseMoney(invitee),
            inviterReward: parseMoney(inviter),
            minimumPurchase: parseMoney(minimum),
          },
        }
      : null;
    return priceCheckout({
      items,
      rates: display.rates,
      deliveryCityId: city?.id ?? null,
      storeCityId: (storeId) => storeCityIds.get(storeId) ?? null,
      delivery,
      freeShippingThreshold: threshold,
      ...(feesKey ? { shippingFees: feesFromKey(feesKey) } : {}),
      coupon,
      credit,
      welcome,
    });
  }, [
    items,
    city,
    stores.data,
    stores.isPending,
    threshold,
    feesKey,
    display.rates,
    delivery,
    coupon,
    credit,
    welcomeKey,
  ]);
}
