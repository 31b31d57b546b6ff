import { BeneficiariesManager } from '../../features/beneficiaries/beneficiaries-manager.tsx';
import { DeliveryStep } from '../../features/checkout/delivery-step.tsx';
import { DeliveryWindowPicker } from '../../features/checkout/delivery-window-picker.tsx';
import { renderAddressPicker } from '../address/render-address-picker.tsx';
import type { CheckoutData } from './use-checkout-data.ts';
import type { DeliveryStepState } from './use-delivery-step.ts';
import { useWindowChoice } from './use-window-choice.ts';

/** 'Envío' (step 1) wired: the beneficiaries feature inside the checkout's delivery step. */
export function DeliveryStepSection({ data, delivery }: { data: CheckoutData; delivery: DeliveryStepState }) {
  const { city, checkout, updateCheckout, options } = data;
  const windows = useWindowChoice(data);
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
      windows={
        <DeliveryWindowPicker
          stores={windows.stores}
          lastDay={windows.lastDay}
          problem={windows.problem}
          chosen={windows.chosen}
          occasionDay={windows.occasionDay}
          giftMessage={windows.giftMessage}
          onChoose={windows.choose}
          onOccasionDay={windows.setOccasionDay}
          onGiftMessage={windows.setGiftMessage}
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
