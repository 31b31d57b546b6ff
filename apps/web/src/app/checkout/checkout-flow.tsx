import type { User } from '@mandado/shared/account.schemas';
import type { OrderGroup } from '@mandado/shared/checkout.schemas';
import { WEB_PATHS } from '@mandado/shared/web-routes';
import { useToastStore } from '@mandado/web-kit/toast-store.ts';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { type AuthStage, authStageTitle } from '../../features/accounts/auth-form.schemas.ts';
import { AuthForm } from '../../features/accounts/auth-form.tsx';
import { readReferrer } from '../../features/accounts/referrer.ts';
import { CheckoutSteps } from '../../features/checkout/checkout-steps.tsx';
import type { CheckoutStep } from '../../state/checkout-slice.ts';
import { useCheckoutStore } from '../../state/checkout-store.ts';
import { RemitterCheckout } from './remitter-checkout.tsx';

/** Step 0 for a visitor: the e-mail-first login/register panel; the cart they have is kept (§4 Sync). */
function VisitorStep() {
  const [stage, setStage] = useState<AuthStage>('email');
  const [referralToken] = useState(readReferrer);
  return (
    <section className="checkout-panel" aria-labelledby="checkout-auth-title">
      <h2 id="checkout-auth-title" className="checkout-panel__title">
        {authStageTitle(stage)}
      </h2>
      <p className="checkout-panel__lead">
        Inicia sesión o crea tu cuenta para continuar; tu carrito se mantiene.
      </p>
      <AuthForm stage={stage} onStageChange={setStage} referralToken={referralToken} />
    </section>
  );
}

interface CheckoutFlowProps {
  user: User | null;
  onPlaced: (order: OrderGroup) => void;
}

/** Spec §2 Checkout: the four steps for a remitter, the login/register panel for a visitor. */
export function CheckoutFlow({ user, onPlaced }: CheckoutFlowProps) {
  const step = useCheckoutStore((state) => state.checkout.step);
  const updateCheckout = useCheckoutStore((state) => state.updateCheckout);
  // A success toast (the login's "¡Hola, …!") has said its piece once the shopper moves on; left up, it
  // covered the step indicator on the next step.
  const lastStep = useRef(step);
  useEffect(() => {
    if (lastStep.current === step) return;
    lastStep.current = step;
    const toasts = useToastStore.getState();
    for (const item of toasts.notifications) if (item.kind === 'success') toasts.dismissNotification(item.id);
  }, [step]);
  return (
    <div className="container page-section checkout">
      <div className="page-heading">
        <h1 className="page-heading__title">Finalizar compra</h1>
        {/* The slim header's logo goes to the stores; this is the way back to change the cart. */}
        <Link className="checkout__back" to={WEB_PATHS.cart}>
          Volver al carrito
        </Link>
      </div>
      <CheckoutSteps
        step={user ? step : 0}
        onSelect={(target: CheckoutStep) => updateCheckout({ step: target })}
      />
      {user ? <RemitterCheckout user={user} onPlaced={onPlaced} /> : <VisitorStep />}
    </div>
  );
}
