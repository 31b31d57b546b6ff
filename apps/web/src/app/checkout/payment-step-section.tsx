import type { User } from '@mandado/shared/account.schemas';
import type { CheckoutOptions } from '@mandado/shared/checkout.schemas';
import { formatMinorAsDecimal, parseMoney } from '@mandado/shared/money';
import { usdText } from '@mandado/shared/money-text';
import { formatMinorIn } from '@mandado/web-kit/display-money.ts';
import { lazyWithReload } from '@mandado/web-kit/lazy-with-reload.ts';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { applyCoupon } from '../../features/checkout/checkout.api.ts';
import { type CheckoutPricing, couponMinimumProblem } from '../../features/checkout/checkout-pricing.ts';
import { PaymentStep } from '../../features/checkout/payment-step.tsx';
import { creditToUse } from '../../features/checkout/place-order-body.ts';
import type { CheckoutData } from './use-checkout-data.ts';
import type { PaymentStepState } from './use-payment-step.ts';

// Stripe.js loads only when the server's processor is Stripe, never with the sandbox (nor in any first load).
const StripeCardSection = lazy(
  lazyWithReload(() =>
    import('./stripe-card-section.tsx').then((module) => ({ default: module.StripeCardSection })),
  ),
);

interface PaymentStepSectionProps {
  user: User;
  data: CheckoutData;
  options: CheckoutOptions;
  pricing: CheckoutPricing;
  payment: PaymentStepState;
}

/** 'Pago' (step 2) wired: the coupon and credit calls, Stripe's form when it is the processor. */
export function PaymentStepSection({ user, data, options, pricing, payment }: PaymentStepSectionProps) {
  const queryClient = useQueryClient();
  const { checkout, updateCheckout, coupon, display } = data;
  // The cart changed under an applied coupon (or it was applied before its minimum was checked): say so
  // instead of 'aplicado' beside a total that did not move.
  const couponProblem = coupon ? couponMinimumProblem(coupon, pricing.totals.subtotal) : null;
  const credit = parseMoney(user.credit);
  return (
    <PaymentStep
      options={options}
      country={data.country}
      cards={data.cards.data ?? []}
      method={checkout.paymentMethod}
      cardId={checkout.cardId}
      onMethodChange={(change) => updateCheckout(change)}
      newCard={payment.newCard}
      onNewCardChange={payment.setNewCard}
      cardProblem={payment.cardProblem}
      stripeSlot={
        options.processor === 'stripe' && options.stripe_publishable_key ? (
          <Suspense fallback={<Spinner label="Cargando el formulario de pago" />}>
            <StripeCardSection
              publishableKey={options.stripe_publishable_key}
              amount={pricing.totals.total}
              onToken={payment.setStripeToken}
            />
          </Suspense>
        ) : null
      }
      appliedCoupon={checkout.coupon}
      couponProblem={couponProblem}
      chatConfigured={data.chatConfigured}
      applyCoupon={async (code) => {
        const terms = await applyCoupon(code, formatMinorAsDecimal(pricing.totals.subtotal));
        queryClient.setQueryData(['coupon', terms.code], terms);
        updateCheckout({ coupon: terms.code });
      }}
      removeCoupon={() => updateCheckout({ coupon: null, couponDiscount: 0 })}
      creditBalanceText={credit > 0 ? formatMinorIn(credit, 'USD', display) : null}
      creditTyped={payment.creditTyped}
      onCreditChange={(typed) => {
        payment.setCreditTyped(typed);
        updateCheckout({ credit: creditToUse(typed, user.credit) });
      }}
      totalText={data.shownTotal ?? ''}
      welcomeCreditText={data.shownWelcome}
      welcomeShortfall={pricing.welcomeShortfall}
      chargeText={usdText(pricing.totals.total)}
      declined={payment.declined}
      onContinue={payment.leave}
    />
  );
}
