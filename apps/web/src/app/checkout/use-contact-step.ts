import { useUpdateRemitter } from '../../features/accounts/use-update-remitter.ts';
import { useCheckoutStore } from '../../state/checkout-store.ts';

/** 'Contacto' (step 0): the remitter's own details, saved on their account, then on to 'Envío'. */
export function useContactStep() {
  const remitter = useUpdateRemitter();
  const updateCheckout = useCheckoutStore((state) => state.updateCheckout);
  return {
    save: remitter.mutateAsync,
    pending: remitter.isPending,
    onDone: () => updateCheckout({ step: 1 }),
  };
}
