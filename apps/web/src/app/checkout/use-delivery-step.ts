import type { User } from '@mandado/shared/account.schemas';
import type { Beneficiary } from '@mandado/shared/beneficiary.schemas';
import { useEffect, useRef } from 'react';
import { pickupContactErrors } from '../../features/checkout/pickup-contact.ts';
import { lastBeneficiaryOf } from '../../state/last-beneficiary.ts';
import type { CheckoutData } from './use-checkout-data.ts';

/**
 * 'Envío' (step 1): who receives (a saved beneficiary) or, for a pick-up, who collects it. The later steps
 * need one of them, so a reload or a cleared choice past this step comes back here.
 */
export function useDeliveryStep(user: User, { checkout, beneficiaries, updateCheckout }: CheckoutData) {
  const selected: Beneficiary | null =
    beneficiaries.data?.find((entry) => entry.beneficiary_id === checkout.beneficiaryId) ?? null;

  // A returning shopper starts with the beneficiary of their last order (once: clearing it is respected).
  const preselected = useRef(false);
  useEffect(() => {
    if (preselected.current || !beneficiaries.data) return;
    preselected.current = true;
    if (checkout.beneficiaryId !== null) return;
    const last = lastBeneficiaryOf(user.user_account_id);
    if (last && beneficiaries.data.some((entry) => entry.beneficiary_id === last))
      updateCheckout({ beneficiaryId: last });
  }, [beneficiaries.data, checkout.beneficiaryId, user.user_account_id, updateCheckout]);

  // The steps after 'Envío' need someone to deliver to (or, for a pick-up, who collects it).
  const pickup = checkout.delivery === 'pickup';
  const pickupContact = { name: checkout.pickupName, phone: checkout.pickupPhone };
  const pickupReady = pickup && Object.keys(pickupContactErrors(pickupContact)).length === 0;
  useEffect(() => {
    if (checkout.step < 2) return;
    if (pickup ? !pickupReady : beneficiaries.isSuccess && !selected) updateCheckout({ step: 1 });
  }, [checkout.step, pickup, pickupReady, beneficiaries.isSuccess, selected, updateCheckout]);

  /** Whether the order has its receiver: the pick-up contact is complete, or a beneficiary is chosen. */
  const ready = pickup ? pickupReady : Boolean(checkout.beneficiaryId);
  return { selected, pickup, pickupContact, ready };
}

export type DeliveryStepState = ReturnType<typeof useDeliveryStep>;
