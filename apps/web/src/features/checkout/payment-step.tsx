import type { Card } from '@mandado/shared/card.schemas';
import {
  CHECKOUT_MESSAGES,
  type CheckoutOptions,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
} from '@mandado/shared/checkout.schemas';
import { CARD_BRAND_LABELS, type SandboxCardProblem } from '@mandado/shared/sandbox-cards';
import { type ReactNode, useId, useState } from 'react';
import { CouponForm } from './coupon-form.tsx';
import { type SandboxCardFields, SandboxCardForm } from './sandbox-card-form.tsx';
import { WelcomeHint } from './welcome-hint.tsx';

/** Which methods this shopper is offered: cards always, manual ones by country, PayPal when configured. */
export function offeredMethods(options: CheckoutOptions, country: string): PaymentMethod[] {
  const methods: PaymentMethod[] = ['card'];
  if (options.manual_payment_countries.includes(country)) methods.push('bank_transfer', 'cash_deposit');
  if (options.paypal) methods.push('paypal');
  return methods;
}

interface PaymentStepProps {
  options: CheckoutOptions;
  country: string;
  cards: readonly Card[];
  method: PaymentMethod;
  cardId: string | null;
  onMethodChange: (change: { paymentMethod?: PaymentMethod; cardId?: string | null }) => void;
  newCard: SandboxCardFields;
  onNewCardChange: (value: SandboxCardFields) => void;
  cardProblem: SandboxCardProblem | null;
  /** The Stripe Payment Element when the processor is Stripe (loaded lazily by the app), else null. */
  stripeSlot: ReactNode;
  appliedCoupon: string | null;
  /** Whether a support chat is configured (the settings' chat widget): only then is a chat promised. */
  chatConfigured?: boolean;
  /** Why the applied coupon gives no discount now (the cart is below its minimum), else null. */
  couponProblem?: string | null;
  applyCoupon: (code: string) => Promise<void>;
  removeCoupon: () => void;
  /** The shopper's credit balance and the amount to use, as display text and typed text. */
  creditBalanceText: string | null;
  creditTyped: string;
  onCreditChange: (typed: string) => void;
  /** The total in the display currency and in the charge currency (USD). */
  totalText: string;
  /** The invitation's welcome credit as shown ('Regalo por invitación'), or null when the order has none. */
  welcomeCreditText: string | null;
  /** Goods still missing for the welcome credit (USD minor units); 0 when none. */
  welcomeShortfall: number;
  chargeText: string;
  /** The processor's Spanish reason after a decline (402): the shopper stays on 'Pago'. */
  declined: string | null;
  onContinue: () => void;
}

/** 'Pago': the coupon, the credit and the payment method, with the amounts and the bank-conversion note. */
export function PaymentStep(props: PaymentStepProps) {
  const ids = useId();
  const methods = offeredMethods(props.options, props.country);
  const manualOffered = methods.includes('bank_transfer');
  const [missingCard, setMissingCard] = useState(false);

  function next() {
    if (props.method === 'card' && props.cardId === null && props.stripeSlot === null) {
      if (props.newCard.number.trim() === '') {
        setMissingCard(true);
        return;
      }
    }
    setMissingCard(false);
    props.onContinue();
  }

  return (
    <section className="checkout-panel" aria-labelledby="checkout-payment-title">
      <h2 id="checkout-payment-title" className="checkout-panel__title">
        Pago
      </h2>
      {props.declined ? (
        <div className="form__alert" role="alert">
          {props.declined}
        </div>
      ) : null}

      <CouponForm
        applied={props.appliedCoupon}
        problem={props.couponProblem ?? null}
        apply={props.applyCoupon}
        remove={props.removeCoupon}
      />

      {props.creditBalanceText ? (
        <div className="form__field">
          <label className="field-label" htmlFor={`${ids}-credit`}>
            Crédito a usar (USD)
          </label>
          <input
            id={`${ids}-credit`}
            className="input checkout-credit__input"
            inputMode="decimal"
            value={props.creditTyped}
            onChange={(event) => props.onCreditChange(event.target.value)}
            aria-describedby={`${ids}-credit-hint`}
          />
          <p className="form__hint" id={`${ids}-credit-hint`}>
            Tienes {props.creditBalanceText} de crédito. Se usa como máximo el total del pedido.
          </p>
        </div>
      ) : null}

      <fieldset className="checkout-choice">
        <legend className="checkout-choice__legend">Medio de pago</legend>
        {props.cards.map((card) => (
          <label key={card.id} className="checkout-choice__option">
            <input
              type="radio"
              name={`${ids}-method`}
              checked={props.method === 'card' && props.cardId === card.id}
              onChange={() => props.onMethodChange({ paymentMethod: 'card', cardId: card.id })}
            />
            <span>
              {CARD_BRAND_LABELS[card.brand]} •••• {card.last4}
              <span className="checkout-choice__hint">
                {' '}
                — vence {String(card.exp_month).padStart(2, '0')}/{String(card.exp_year).slice(-2)}
              </span>
            </span>
          </label>
        ))}
        {methods.map((method) => (
          <label key={method} className="checkout-choice__option">
            <input
              type="radio"
              name={`${ids}-method`}
              checked={props.method === method && (method !== 'card' || props.cardId === null)}
              onChange={() => props.onMethodChange({ paymentMethod: method, cardId: null })}
            />
            <span>
              {method === 'card' ? 'Nueva tarjeta de débito o crédito' : PAYMENT_METHOD_LABELS[method]}
            </span>
          </label>
        ))}
      </fieldset>
      {manualOffered ? null : (
        <p className="notice">
          {props.chatConfigured ? CHECKOUT_MESSAGES.cashUnsupported : CHECKOUT_MESSAGES.cashUnsupportedNoChat}
        </p>
      )}

      {props.method === 'card' && props.cardId === null
        ? (props.stripeSlot ?? (
            <SandboxCardForm
              value={props.newCard}
              onChange={props.onNewCardChange}
              problem={props.cardProblem}
            />
          ))
        : null}
      {missingCard ? (
        <p className="form__error" role="alert">
          {CHECKOUT_MESSAGES.cardRequired}
        </p>
      ) : null}
      {props.method === 'bank_transfer' || props.method === 'cash_deposit' ? (
        <p className="notice">
          Al confirmar te mostramos la cuenta en dólares de la empresa y el número de pedido que debes indicar
          en la descripción de la transferencia o del depósito. Tienes {props.options.manual_payment_days}{' '}
          días para pagar.
        </p>
      ) : null}
      {props.method === 'paypal' ? (
        <p className="notice">Al confirmar te llevamos a PayPal para aprobar el pago.</p>
      ) : null}

      <dl className="checkout-amounts">
        {props.welcomeCreditText ? (
          <div className="checkout-amounts__row checkout-amounts__row--gift">
            <dt>Regalo por invitación</dt>
            <dd>−{props.welcomeCreditText}</dd>
          </div>
        ) : null}
        <div className="checkout-amounts__row checkout-amounts__row--total">
          <dt>Total</dt>
          <dd>{props.totalText}</dd>
        </div>
        <div className="checkout-amounts__row">
          <dt>Se cobra en USD</dt>
          <dd>{props.chargeText}</dd>
        </div>
      </dl>
      <WelcomeHint shortfall={props.welcomeShortfall} />
      {/* The card issuer's conversion note means nothing for a transfer or deposit made in dollars. */}
      {props.method === 'card' || props.method === 'paypal' ? (
        <p className="form__hint">{CHECKOUT_MESSAGES.bankConversionNote}</p>
      ) : null}

      <div className="checkout-panel__actions">
        <button type="button" className="button button--primary" onClick={next}>
          Continuar
        </button>
      </div>
    </section>
  );
}
