import { usdText } from '@mandado/shared/money-text';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { useEffect, useRef, useState } from 'react';
import { loadStripe, type StripeClient, type StripeElements } from './stripe-js.ts';

interface StripeCardSectionProps {
  publishableKey: string;
  /** The amount to pay, USD minor units (the deferred Payment Element needs it). */
  amount: number;
  /** The PaymentMethod id once the card was accepted by Stripe; the number never touches our server. */
  onToken: (token: string | null) => void;
}

/**
 * A new card with Stripe's Payment Element (deferred intent: the server creates the PaymentIntent when the
 * order is placed). Minimal: one element, 'Usar esta tarjeta' creates the PaymentMethod.
 */
export function StripeCardSection({ publishableKey, amount, onToken }: StripeCardSectionProps) {
  const target = useRef<HTMLDivElement>(null);
  const [client, setClient] = useState<{ stripe: StripeClient; elements: StripeElements } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [accepted, setAccepted] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | null = null;
    loadStripe(publishableKey).then(
      (stripe) => {
        if (cancelled || !target.current) return;
        const elements = stripe.elements({
          mode: 'payment',
          amount,
          currency: 'usd',
          paymentMethodCreation: 'manual',
        });
        const element = elements.create('payment');
        element.mount(target.current);
        destroy = () => element.destroy();
        setClient({ stripe, elements });
      },
      (failure: Error) => setError(failure.message),
    );
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [publishableKey, amount]);

  async function use() {
    if (!client) return;
    setError(null);
    const submitted = await client.elements.submit();
    if (submitted.error) {
      setError(submitted.error.message ?? 'Revisa los datos de la tarjeta.');
      return;
    }
    const result = await client.stripe.createPaymentMethod({ elements: client.elements });
    if (result.error || !result.paymentMethod) {
      setError(result.error?.message ?? 'Revisa los datos de la tarjeta.');
      onToken(null);
      return;
    }
    setAccepted(true);
    onToken(result.paymentMethod.id);
  }

  return (
    <div className="stripe-card">
      <p className="form__hint">Pago seguro con Stripe: {usdText(amount)}.</p>
      <div ref={target} />
      {client ? null : <Spinner label="Cargando el formulario de pago" />}
      {error ? (
        <p className="form__error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="button" className="button button--secondary button--small" onClick={() => void use()}>
        {accepted ? 'Tarjeta lista' : 'Usar esta tarjeta'}
      </button>
    </div>
  );
}
