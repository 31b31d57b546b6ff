import { PAYMENT_METHOD_LABELS, type PlaceOrderInput } from '@mandado/shared/checkout.schemas';
import { formatMinorAsDecimal } from '@mandado/shared/money';
import { type SandboxCardProblem, tokenizeSandboxCard } from '@mandado/shared/sandbox-cards';
import { useEffect, useState } from 'react';
import { EMPTY_SANDBOX_CARD, type SandboxCardFields } from '../../features/checkout/sandbox-card-form.tsx';
import { useCheckoutStore } from '../../state/checkout-store.ts';
import type { CheckoutData } from './use-checkout-data.ts';

/** A new sandbox card's token, made in the browser when leaving 'Pago' (the number is never sent). */
interface NewCardToken {
  token: string;
  save: boolean;
  label: string;
}

function randomSuffix(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (byte) => (byte % 36).toString(36)).join('');
}

/**
 * 'Pago' (step 2): the method, a saved or new card, the credit to use and the last decline. A new card's
 * token lives only in this page's memory (never in the stored checkout), so after a reload it is typed again.
 */
export function usePaymentStep({ checkout, updateCheckout, options, cards }: CheckoutData) {
  const [newCard, setNewCard] = useState<SandboxCardFields>(EMPTY_SANDBOX_CARD);
  const [cardProblem, setCardProblem] = useState<SandboxCardProblem | null>(null);
  const [cardToken, setCardToken] = useState<NewCardToken | null>(null);
  const [stripeToken, setStripeToken] = useState<string | null>(null);
  const [creditTyped, setCreditTyped] = useState(() =>
    checkout.credit > 0 ? formatMinorAsDecimal(checkout.credit) : '',
  );
  const [declined, setDeclined] = useState<string | null>(null);

  const needsCardAgain =
    checkout.paymentMethod === 'card' && checkout.cardId === null && !cardToken && !stripeToken;
  useEffect(() => {
    if (checkout.step === 3 && needsCardAgain) updateCheckout({ step: 2 });
  }, [checkout.step, needsCardAgain, updateCheckout]);

  /** The processor refused the payment: the attempt is over, the new card is typed again, back to 'Pago'. */
  function decline(detail: string) {
    useCheckoutStore.getState().endCheckoutAttempt();
    setDeclined(detail);
    setCardToken(null);
    updateCheckout({ step: 2 });
  }

  function leave() {
    setDeclined(null);
    if (
      checkout.paymentMethod === 'card' &&
      checkout.cardId === null &&
      options.data?.processor !== 'stripe'
    ) {
      const result = tokenizeSandboxCard(newCard, new Date(), randomSuffix);
      if ('problem' in result) {
        setCardProblem(result.problem);
        return;
      }
      setCardProblem(null);
      setCardToken({
        token: result.token.token,
        save: newCard.save,
        label: `•••• ${result.token.last4}`,
      });
    }
    updateCheckout({ step: 3 });
  }

  /** What 'Realizar pedido' sends for the payment; null when a new card must be typed again. */
  function input(): PlaceOrderInput['payment'] | null {
    switch (checkout.paymentMethod) {
      case 'card':
        if (checkout.cardId)
          return { method: 'card', card_id: checkout.cardId, token: null, save_card: false };
        if (stripeToken)
          return { method: 'card', card_id: null, token: stripeToken, save_card: newCard.save };
        if (cardToken)
          return { method: 'card', card_id: null, token: cardToken.token, save_card: cardToken.save };
        return null;
      case 'bank_transfer':
        return { method: 'bank_transfer' };
      case 'cash_deposit':
        return { method: 'cash_deposit' };
      case 'paypal':
        return { method: 'paypal' };
    }
  }

  const label = (() => {
    if (checkout.paymentMethod !== 'card') return PAYMENT_METHOD_LABELS[checkout.paymentMethod];
    const saved = cards.data?.find((card) => card.id === checkout.cardId);
    if (saved) return `Tarjeta •••• ${saved.last4}`;
    return `Tarjeta ${cardToken?.label ?? ''}`.trim();
  })();

  return {
    newCard,
    setNewCard,
    cardProblem,
    setStripeToken,
    creditTyped,
    setCreditTyped,
    declined,
    clearDecline: () => setDeclined(null),
    decline,
    leave,
    input,
    label,
  };
}

export type PaymentStepState = ReturnType<typeof usePaymentStep>;
