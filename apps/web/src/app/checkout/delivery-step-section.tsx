import { BeneficiariesManager } from '../../features/beneficiaries/beneficiaries-manager.tsx';
import { DeliveryStep } from '../../features/checkout/delivery-step.tsx';
import { renderAddressPicker } from '../address/render-address-picker.tsx';
import type { CheckoutData } from './use-checkout-data.ts';
import type { DeliveryStepState } from './use-delivery-step.ts';

/** 'Envío' (step 1) wired: the beneficiaries feature inside the checkout's delivery step. */
export function DeliveryStepSection({ data, delivery }: { data: CheckoutData; delivery: DeliveryStepState }) {
  const { city, checkout, updateCheckout, options } = data;
  if (!city) return null;
  return (
    <DeliveryStep
      beneficiaries={
        <BeneficiariesManager
          city={city}
          renderAddressPicker={renderAddressPicker}
          selectedId={checkout.beneficiaryId}
          onSelectedChange={(beneficiary) =>
            updateCheckout({ beneficiaryId: beneficiary?.beneficiary_id ?? null })
          }
          onCreated={(beneficiary) => updateCheckout({ beneficiaryId: beneficiary.beneficiary_id, step: 2 })}
        />
      }
      selected={delivery.selected}
      delivery={checkout.delivery}
      substitution={checkout.substitution}
      window={options.data?.delivery_window ?? null}
      pickupContact={delivery.pickupContact}
      onChange={(change) => updateCheckout(change)}
      onContinue={() => updateCheckout({ step: 2 })}
    />
  );
}
