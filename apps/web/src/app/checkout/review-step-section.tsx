import { DELIVERY_LABELS } from '@mandado/shared/order-pricing';
import type { CheckoutPricing } from '../../features/checkout/checkout-pricing.ts';
import { ReviewStep } from '../../features/checkout/review-step.tsx';
import type { CheckoutData } from './use-checkout-data.ts';
import type { DeliveryStepState } from './use-delivery-step.ts';
import type { PaymentStepState } from './use-payment-step.ts';
import type { ReviewStepState } from './use-review-step.ts';

interface ReviewStepSectionProps {
  data: CheckoutData;
  pricing: CheckoutPricing;
  delivery: DeliveryStepState;
  payment: PaymentStepState;
  review: ReviewStepState;
}

/** 'Revisar Pedido' (step 3) wired: the choices in one line each, with the step where each is changed. */
export function ReviewStepSection({ data, pricing, delivery, payment, review }: ReviewStepSectionProps) {
  const { checkout, updateCheckout } = data;
  const toDelivery = () => updateCheckout({ step: 1 });
  const { selected } = delivery;
  return (
    <ReviewStep
      pricing={pricing}
      display={data.display}
      substitution={checkout.substitution}
      lineSubstitutions={checkout.lineSubstitutions}
      onLineSubstitution={(productId, value) =>
        updateCheckout({ lineSubstitutions: { ...checkout.lineSubstitutions, [String(productId)]: value } })
      }
      summary={[
        delivery.pickup
          ? {
              term: 'Retira',
              value: `${checkout.pickupName.trim()}, ${checkout.pickupPhone}`,
              onEdit: toDelivery,
            }
          : {
              term: 'Recibe',
              value: selected
                ? `${selected.first_name} ${selected.last_name}, ${selected.address_line1}`
                : '—',
              onEdit: toDelivery,
            },
        { term: 'Entrega', value: DELIVERY_LABELS[checkout.delivery], onEdit: toDelivery },
        { term: 'Pago', value: payment.label, onEdit: () => updateCheckout({ step: 2 }) },
      ]}
      conflict={review.conflict}
      refusal={review.refusal}
      placing={review.placing}
      onPlace={() => void review.place(pricing)}
    />
  );
}
