import type { User } from '@mandado/shared/account.schemas';
import type { CheckoutConflict, OrderGroup, PlaceOrderResult } from '@mandado/shared/checkout.schemas';
import { parseMoney } from '@mandado/shared/money';
import { ApiError } from '@mandado/web-kit/api-client.ts';
import { failureText } from '@mandado/web-kit/form/api-form-errors.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { authenticateSandboxIntent, confirmOrder, placeOrder } from '../../features/checkout/checkout.api.ts';
import type { CheckoutPricing } from '../../features/checkout/checkout-pricing.ts';
import {
  placeOrderBody,
  placeOrderFingerprint,
  purchaseLines,
} from '../../features/checkout/place-order-body.ts';
import { trackPurchase } from '../../lib/analytics.ts';
import { useAppStore } from '../../state/app-store.ts';
import { useCheckoutStore } from '../../state/checkout-store.ts';
import { rememberLastBeneficiary } from '../../state/last-beneficiary.ts';
import { isConflict, notifyFailure, refreshCartFromServer } from './checkout-failures.ts';
import type { CheckoutData } from './use-checkout-data.ts';
import type { DeliveryStepState } from './use-delivery-step.ts';
import type { PaymentStepState } from './use-payment-step.ts';

interface ReviewStepDeps {
  user: User;
  data: CheckoutData;
  delivery: DeliveryStepState;
  payment: PaymentStepState;
  onPlaced: (order: OrderGroup) => void;
}

/**
 * 'Revisar Pedido' (step 3): placing the order under one idempotency key, then whatever the payment still
 * asks (3-D Secure, PayPal's approval, Stripe's next action) until it is placed, declined or refused.
 */
export function useReviewStep({ user, data, delivery, payment, onPlaced }: ReviewStepDeps) {
  const queryClient = useQueryClient();
  const items = useAppStore((state) => state.cart.items);
  const { checkout, options } = data;
  const [conflict, setConflict] = useState<CheckoutConflict | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [placing, setPlacing] = useState(false);
  const [threeDs, setThreeDs] = useState<{ intentId: string; order: OrderGroup } | null>(null);
  const [deciding, setDeciding] = useState(false);
  // The dialog's close (Escape) and a button can both fire for one decision; only the first one counts.
  const decided = useRef(false);

  function finish(order: OrderGroup) {
    const state = useAppStore.getState();
    if (checkout.beneficiaryId) rememberLastBeneficiary(user.user_account_id, checkout.beneficiaryId);
    useCheckoutStore.getState().endCheckoutAttempt();
    trackPurchase(order.number, parseMoney(order.total) / 100, purchaseLines(order));
    queryClient.setQueryData(['orders', order.number], order);
    // The server emptied the cart when the order was placed; the screen follows (idempotent on the server).
    onPlaced(order);
    state.cartDispatch({ type: 'empty' });
    useCheckoutStore.getState().resetCheckout();
    void queryClient.invalidateQueries({ queryKey: ['whoami'] });
    void queryClient.invalidateQueries({ queryKey: ['cards'] });
  }

  async function handleResult(result: PlaceOrderResult) {
    const { payment: outcome, order } = result;
    if (outcome.status === 'succeeded' || outcome.status === 'pending') {
      finish(order);
      return;
    }
    const action = outcome.action;
    if (action.type === 'sandbox_3ds') {
      decided.current = false;
      setThreeDs({ intentId: action.intent_id, order });
    } else if (action.type === 'paypal') {
      // PayPal sends the shopper back to the confirmation page with ?paypal=approved, which confirms there.
      window.location.assign(action.approve_url);
    } else {
      const { handleStripeNextAction } = await import('./stripe-next-action.ts');
      const next = await handleStripeNextAction(
        options.data?.stripe_publishable_key ?? '',
        action.client_secret,
      );
      if (next.error) {
        payment.decline(next.error);
        return;
      }
      await confirmAndFinish(order.number);
    }
  }

  async function confirmAndFinish(number: string) {
    try {
      const result = await confirmOrder(number);
      await handleResult(result);
    } catch (error) {
      if (error instanceof ApiError && error.status === 402) payment.decline(error.message);
      else notifyFailure(error);
    }
  }

  async function decide3ds(outcome: 'approve' | 'fail') {
    if (!threeDs || decided.current) return;
    decided.current = true;
    setDeciding(true);
    try {
      await authenticateSandboxIntent(threeDs.intentId, outcome);
      await confirmAndFinish(threeDs.order.number);
    } catch (error) {
      notifyFailure(error);
    } finally {
      setDeciding(false);
      setThreeDs(null);
    }
  }

  async function place(currentPricing: CheckoutPricing) {
    if (placing || !delivery.ready) return;
    const paymentInput = payment.input();
    if (!paymentInput) {
      data.updateCheckout({ step: 2 });
      return;
    }
    const body = placeOrderBody({
      items,
      beneficiaryId: checkout.beneficiaryId,
      pickupContact: delivery.pickup ? delivery.pickupContact : null,
      delivery: checkout.delivery,
      substitution: checkout.substitution,
      lineSubstitutions: checkout.lineSubstitutions,
      coupon: checkout.coupon,
      pricing: currentPricing,
      payment: paymentInput,
      country: data.country,
      displayCurrency: data.display.code,
      deliverySlots: checkout.deliverySlots,
      giftMessage: checkout.giftMessage,
    });
    // The same body keeps its key: a double click or a retry after a lost answer replays, never buys twice.
    const attempt = useCheckoutStore.getState().checkoutAttempt(placeOrderFingerprint(body));
    setPlacing(true);
    setConflict(null);
    setRefusal(null);
    payment.clearDecline();
    try {
      await handleResult(await placeOrder(body, attempt.key));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 402) {
        payment.decline(error.message);
      } else if (error.status === 409 && isConflict(error.body)) {
        useCheckoutStore.getState().endCheckoutAttempt();
        setConflict(error.body);
        refreshCartFromServer();
      } else if (error.status >= 400 && error.status < 500 && error.status !== 409) {
        // A 400 or 422 ends the attempt. Any refusal says the server's Spanish reason on the step (a field
        // error such as {coupon: [...]} included), never only the generic 'Oops' toast.
        if (error.status === 400 || error.status === 422) useCheckoutStore.getState().endCheckoutAttempt();
        const reason = failureText(error);
        if (reason) setRefusal(reason);
        else notifyFailure(error);
      } else {
        // 409 "in progress" and lost answers keep the key (the retry is the same attempt).
        notifyFailure(error);
      }
    } finally {
      setPlacing(false);
    }
  }

  return { conflict, refusal, placing, place, threeDs, deciding, decide3ds };
}

export type ReviewStepState = ReturnType<typeof useReviewStep>;
