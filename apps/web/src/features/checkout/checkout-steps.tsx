import './checkout.css';
import './checkout-steps.css';
import { CHECKOUT_MESSAGES } from '@mandado/shared/checkout.schemas';
import type { CheckoutStep } from '../../state/checkout-slice.ts';

interface CheckoutStepsProps {
  step: CheckoutStep;
  /** Steps already reached can be revisited; later ones wait for the current one. */
  onSelect: (step: CheckoutStep) => void;
}

/** Spec §2: the four-step indicator ('Contacto', 'Envío', 'Pago', 'Revisar Pedido'), steps 0 to 3. */
export function CheckoutSteps({ step, onSelect }: CheckoutStepsProps) {
  return (
    <nav aria-label="Pasos de la compra" className="checkout-steps">
      <ol className="checkout-steps__list">
        {CHECKOUT_MESSAGES.steps.map((label, index) => {
          const state = index < step ? 'done' : index === step ? 'current' : 'todo';
          return (
            <li
              key={label}
              className={`checkout-steps__item checkout-steps__item--${state}`}
              aria-current={index === step ? 'step' : undefined}
            >
              {index < step ? (
                <button
                  type="button"
                  className="checkout-steps__button"
                  onClick={() => onSelect(index as CheckoutStep)}
                >
                  <span className="checkout-steps__number" aria-hidden="true">
                    {index + 1}
                  </span>
                  <span className="checkout-steps__label">{label}</span>
                  <span className="visually-hidden"> (completado)</span>
                </button>
              ) : (
                <span className="checkout-steps__button">
                  <span className="checkout-steps__number" aria-hidden="true">
                    {index + 1}
                  </span>
                  <span className="checkout-steps__label">{label}</span>
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
