import type { User } from '@mandado/shared/account.schemas';
import type { OrderGroup } from '@mandado/shared/checkout.schemas';
import { parseMoney } from '@mandado/shared/money';
import { usdText } from '@mandado/shared/money-text';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import type { ReactNode } from 'react';
import { ChargeLine } from '../../components/charge-line.tsx';
import { CheckoutSummary } from '../../features/checkout/checkout-summary.tsx';
import { ContactStep } from '../../features/checkout/contact-step.tsx';
import { Sandbox3dsDialog } from '../../features/checkout/sandbox-3ds-dialog.tsx';
import { DeliveryStepSection } from './delivery-step-section.tsx';
import { PaymentStepSection } from './payment-step-section.tsx';
import { ReviewStepSection } from './review-step-section.tsx';
import { useCheckoutData } from './use-checkout-data.ts';
import { useContactStep } from './use-contact-step.ts';
import { useDeliveryStep } from './use-delivery-step.ts';
import { usePaymentStep } from './use-payment-step.ts';
import { useReviewStep } from './use-review-step.ts';
import { useStepFocus } from './use-step-focus.ts';

interface RemitterCheckoutProps {
  user: User;
  onPlaced: (order: OrderGroup) => void;
}

/**
 * Spec §2 Checkout for a logged-in remitter: one hook per step holds that step's state (the choices
 * themselves live in the checkout store, decision 024), one section per step shows it; this puts the
 * current step beside the running total.
 */
export function RemitterCheckout({ user, onPlaced }: RemitterCheckoutProps) {
  const data = useCheckoutData(user);
  const contact = useContactStep();
  const delivery = useDeliveryStep(user, data);
  const payment = usePaymentStep(data);
  const review = useReviewStep({ user, data, delivery, payment, onPlaced });
  const { checkout, options, pricing } = data;

  const stepReady = checkout.step <= 1 || Boolean(options.data && pricing);
  const dialogOpen = review.threeDs !== null;
  const mainRef = useStepFocus(
    `${checkout.step}|${stepReady}|${payment.declined ?? ''}|${review.conflict ? review.conflict.detail : ''}|${dialogOpen}`,
    dialogOpen,
  );

  let content: ReactNode;
  if (checkout.step === 0) {
    content = <ContactStep user={user} {...contact} />;
  } else if (checkout.step === 1) {
    content = <DeliveryStepSection data={data} delivery={delivery} />;
  } else if (!options.data || !pricing) {
    content = (
      <div className="page-loading">
        <Spinner label="Cargando" />
      </div>
    );
  } else if (checkout.step === 2) {
    content = (
      <PaymentStepSection
        user={user}
        data={data}
        options={options.data}
        pricing={pricing}
        payment={payment}
      />
    );
  } else {
    content = (
      <ReviewStepSection
        data={data}
        pricing={pricing}
        delivery={delivery}
        payment={payment}
        review={review}
      />
    );
  }

  return (
    <div className="checkout__layout">
      <div className="checkout__main" ref={mainRef}>
        {content}
      </div>
      {/* From the first step on (issue 16): the lines, each store's shipping and the total. */}
      {pricing ? (
        <aside className="checkout-total-bar" aria-label="Total a pagar">
          <CheckoutSummary pricing={pricing} display={data.display} />
          <span className="checkout-total-bar__label">Total</span>
          <span className="checkout-total-bar__amount">{data.shownTotal}</span>
          <ChargeLine
            className="checkout-total-bar__charge"
            totalUsdMinor={pricing.totals.total}
            display={data.display}
            method={checkout.paymentMethod}
            review={checkout.step >= 3}
          />
        </aside>
      ) : null}
      {review.threeDs ? (
        <Sandbox3dsDialog
          amountText={usdText(parseMoney(review.threeDs.order.total))}
          pending={review.deciding}
          onDecide={(outcome) => void review.decide3ds(outcome)}
        />
      ) : null}
    </div>
  );
}
