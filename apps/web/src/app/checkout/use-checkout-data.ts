import type { User } from '@mandado/shared/account.schemas';
import type { Coupon } from '@mandado/shared/coupon.schemas';
import { moneyText } from '@mandado/shared/money-text';
import { whoamiQueryOptions } from '@mandado/web-kit/whoami-query.ts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { beneficiariesQueryOptions } from '../../features/beneficiaries/beneficiaries.api.ts';
import {
  applyCoupon,
  cardsQueryOptions,
  checkoutOptionsQueryOptions,
} from '../../features/checkout/checkout.api.ts';
import { displayCheckout } from '../../features/checkout/checkout-display.ts';
import { useDisplayCurrency } from '../../hooks/use-display-currency.ts';
import { useAppStore } from '../../state/app-store.ts';
import { useCheckoutStore } from '../../state/checkout-store.ts';
import { useCheckoutPricing } from './use-checkout-pricing.ts';

/**
 * What every step of a remitter's checkout reads: the stored choices, the server's options, the saved cards
 * and beneficiaries, the applied coupon and the pricing, with the totals as 'Revisar Pedido' shows them.
 */
export function useCheckoutData(user: User) {
  const display = useDisplayCurrency();
  const checkout = useCheckoutStore((state) => state.checkout);
  const updateCheckout = useCheckoutStore((state) => state.updateCheckout);
  const city = useAppStore((state) => state.city);
  const appCountry = useAppStore((state) => state.countryCode) ?? 'UY';
  const options = useQuery(checkoutOptionsQueryOptions(user.user_account_id));
  // Where the remitter lives, from their account phone (the server applies the same rule when placing).
  const country = options.data?.shopper_country ?? appCountry;
  const cards = useQuery(cardsQueryOptions(true));
  const beneficiaries = useQuery(beneficiariesQueryOptions(city?.id ?? null, city !== null));
  const couponQuery = useQuery({
    queryKey: ['coupon', checkout.coupon],
    queryFn: () => applyCoupon(checkout.coupon ?? ''),
    enabled: checkout.coupon !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const coupon: Coupon | null = checkout.coupon !== null ? (couponQuery.data ?? null) : null;
  const pricing = useCheckoutPricing(coupon);
  const chatConfigured = useQuery({
    ...whoamiQueryOptions(),
    select: (body) => body.settings.widgets.chat_website_id !== null,
  }).data;

  // Choices another account left in this tab (its coupon, its beneficiary) are not this user's.
  const claimCheckout = useCheckoutStore((state) => state.claimCheckout);
  useEffect(() => claimCheckout(user.user_account_id), [claimCheckout, user.user_account_id]);

  // A stored coupon the server no longer accepts (used meanwhile, expired) is dropped, not silently priced.
  useEffect(() => {
    if (couponQuery.isError) updateCheckout({ coupon: null, couponDiscount: 0 });
  }, [couponQuery.isError, updateCheckout]);

  // Spec §3 couponDiscount: the discount as priced.
  const discount = pricing?.totals.discount ?? 0;
  useEffect(() => {
    if (checkout.couponDiscount !== discount) updateCheckout({ couponDiscount: discount });
  }, [discount, checkout.couponDiscount, updateCheckout]);

  // The total and the invitation's welcome credit (decision 026) in the display currency, as 'Revisar
  // Pedido' adds them up (the sum of the parts it shows).
  const shown = pricing ? displayCheckout(pricing, display) : null;
  const shownTotal = shown ? moneyText(shown.total, shown.currency) : null;
  const shownWelcome =
    shown && pricing && pricing.welcomeCredit !== 0 ? moneyText(shown.welcomeCredit, shown.currency) : null;

  return {
    display,
    checkout,
    updateCheckout,
    city,
    country,
    options,
    cards,
    beneficiaries,
    coupon,
    pricing,
    chatConfigured: chatConfigured ?? false,
    shownTotal,
    shownWelcome,
  };
}

export type CheckoutData = ReturnType<typeof useCheckoutData>;
