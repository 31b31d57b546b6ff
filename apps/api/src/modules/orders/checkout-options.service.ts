import type { CheckoutOptions } from '@mandado/shared/checkout.schemas';
import { deliveryWindow } from '@mandado/shared/delivery-window';
import { phoneCountry } from '@mandado/shared/phone-number';
import { purchaseCountsFrom } from '@mandado/shared/store-availability';
import type { Actor } from '../../authorization.ts';
import { readCartLines } from '../cart/cart.service.ts';
import { storeSnapshots } from '../stores/stores.service.ts';
import { getCheckoutSettings } from './checkout-settings.ts';
import { findRemitter } from './orders.repository.ts';
import type { OrdersContext } from './orders-context.ts';

/**
 * What the checkout offers on this server, and to this remitter: manual methods depend on the country of the
 * account's phone (where a remitter abroad lives), the same rule the placing request applies. The delivery
 * window is the one placing would give now: from the latest reopening or opening of the cart's stores.
 */
export async function getCheckoutOptions(ctx: OrdersContext, actor: Actor | null): Promise<CheckoutOptions> {
  const [settings, remitter, cartStores] = await Promise.all([
    getCheckoutSettings(ctx.db),
    actor ? findRemitter(ctx.db, actor.userId) : Promise.resolve(undefined),
    actor ? cartStoreSnapshots(ctx, actor.userId) : Promise.resolve([]),
  ]);
  const now = ctx.now();
  return {
    processor: ctx.payments.card.name,
    stripe_publishable_key: ctx.payments.card.publishableKey,
    paypal: ctx.payments.paypal !== null,
    manual_payment_countries: settings.manualPaymentCountries,
    shopper_country: remitter ? phoneCountry(remitter.phoneE164) : null,
    delivery_window: deliveryWindow(purchaseCountsFrom(cartStores, now)),
    manual_payment_days: settings.manualPaymentDays,
  };
}

async function cartStoreSnapshots(ctx: OrdersContext, userId: number) {
  const lines = await readCartLines(ctx.db, userId);
  return storeSnapshots(ctx.db, [...new Set(lines.map((line) => line.storeId))]);
}
