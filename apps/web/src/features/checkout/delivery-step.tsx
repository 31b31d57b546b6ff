import type { Beneficiary } from '@mandado/shared/beneficiary.schemas';
import {
  CHECKOUT_MESSAGES,
  SUBSTITUTION_LABELS,
  SUBSTITUTIONS,
  type Substitution,
} from '@mandado/shared/checkout.schemas';
import { deliveryWindowText } from '@mandado/shared/date-text';
import { MESSAGES } from '@mandado/shared/messages';
import { DELIVERY_LABELS, DELIVERY_TYPES, type DeliveryType } from '@mandado/shared/order-pricing';
import { MOBILE_MASK_EXAMPLE, maskPhoneInput } from '@mandado/shared/uruguay-phone';
import { type ReactNode, useId, useRef, useState } from 'react';
import { type PickupErrors, pickupContactErrors } from './pickup-contact.ts';

const UNSAVED_ADDRESS = 'Guarda la dirección antes de continuar.';

interface DeliveryStepProps {
  /** The beneficiaries list and form (the beneficiaries feature, composed by the app). */
  beneficiaries: ReactNode;
  /** Each store order's delivery window, the occasion's day and the gift message (decision 065). */
  windows?: ReactNode;
  selected: Beneficiary | null;
  delivery: DeliveryType;
  substitution: Substitution;
  /** The expected window from `GET /v1/checkout/options/`; null while it loads. */
  window: { from: string; to: string } | null;
  /** Pick-up: who collects the order (name and phone), as typed. */
  pickupContact: { name: string; phone: string };
  onChange: (change: {
    delivery?: DeliveryType;
    substitution?: Substitution;
    pickupName?: string;
    pickupPhone?: string;
  }) => void;
  onContinue: () => void;
}

/**
 * 'Envío': who receives (filtered to the cart's city), the delivery type, the meeting-point notice, the
 * expected window and what to do when a product is missing.
 */
export function DeliveryStep({
  beneficiaries,
  windows,
  selected,
  delivery,
  substitution,
  window,
  pickupContact,
  onChange,
  onContinue,
}: DeliveryStepProps) {
  const ids = useId();
  const [problem, setProblem] = useState<'missing' | 'unsaved' | null>(null);
  const [pickupErrors, setPickupErrors] = useState<PickupErrors>({});
  const [phoneRefused, setPhoneRefused] = useState(false);
  const pickup = delivery === 'pickup';
  const beneficiariesRef = useRef<HTMLDivElement>(null);
  const meetingPoint = selected?.zone.meeting_point ?? null;

  function next() {
    if (pickup) {
      // Pick-up needs who collects it, not an address or a map pin (issue 16).
      const errors = pickupContactErrors(pickupContact);
      setPickupErrors(errors);
      setPhoneRefused(false);
      if (Object.keys(errors).length > 0) return;
      setProblem(null);
      onContinue();
      return;
    }
    // An open address form (new or being edited) has not been saved: continuing would silently drop it.
    const openForm = beneficiariesRef.current?.querySelector('form') ?? null;
    if (openForm) {
      setProblem('unsaved');
      openForm.querySelector<HTMLElement>('[type="submit"]')?.focus();
      return;
    }
    if (!selected) {
      setProblem('missing');
      return;
    }
    setProblem(null);
    onContinue();
  }

  return (
    <section className="checkout-panel" aria-labelledby="checkout-delivery-title">
      <h2 id="checkout-delivery-title" className="checkout-panel__title">
        Envío
      </h2>
      {/* Before the beneficiary: saving a new one moves on to 'Pago' (spec §4), so these must be seen first. */}
      <fieldset className="checkout-choice">
        <legend className="checkout-choice__legend">Tipo de entrega</legend>
        {DELIVERY_TYPES.map((type) => (
          <label key={type} className="checkout-choice__option">
            <input
              type="radio"
              name={`${ids}-delivery`}
              value={type}
              checked={delivery === type}
              onChange={() => onChange({ delivery: type })}
            />
            <span>
              {DELIVERY_LABELS[type]}
              <span className="checkout-choice__hint">
                {type === 'pickup'
                  ? ' — sin costo de envío; quien recibe retira en cada tienda'
                  : ' — de lunes a viernes, en 24 a 48 horas'}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <p className="checkout-window">
        <strong>Entrega estimada:</strong> {window ? deliveryWindowText(window) : '…'}
      </p>
      {pickup ? null : windows}

      <div className="form__field">
        <label className="field-label" htmlFor={`${ids}-substitution`}>
          Si falta un producto
        </label>
        <select
          id={`${ids}-substitution`}
          className="select"
          value={substitution}
          onChange={(event) => onChange({ substitution: event.target.value as Substitution })}
        >
          {SUBSTITUTIONS.map((value) => (
            <option key={value} value={value}>
              {SUBSTITUTION_LABELS[value]}
            </option>
          ))}
        </select>
        <p className="form__hint">Puedes cambiarlo para cada producto al revisar el pedido.</p>
      </div>

      {pickup ? (
        <fieldset className="checkout-pickup">
          <legend className="checkout-panel__subtitle">¿Quién retira el pedido?</legend>
          <p className="form__hint">
            La tienda entrega la compra a esta persona; no hace falta una dirección.
          </p>
          <div className="form__field">
            <label className="field-label field-label--required" htmlFor={`${ids}-pickup-name`}>
              Nombre y apellido
            </label>
            <input
              id={`${ids}-pickup-name`}
              className={pickupErrors.name ? 'input input--invalid' : 'input'}
              autoComplete="off"
              aria-invalid={pickupErrors.name ? true : undefined}
              aria-describedby={pickupErrors.name ? `${ids}-pickup-name-error` : undefined}
              value={pickupContact.name}
              onChange={(event) => onChange({ pickupName: event.target.value })}
            />
            {pickupErrors.name ? (
              <p id={`${ids}-pickup-name-error`} className="form__error">
                {pickupErrors.name}
              </p>
            ) : null}
          </div>
          <div className="form__field">
            <label className="field-label field-label--required" htmlFor={`${ids}-pickup-phone`}>
              Celular
            </label>
            <input
              id={`${ids}-pickup-phone`}
              className={pickupErrors.phone || phoneRefused ? 'input input--invalid' : 'input'}
              type="tel"
              inputMode="tel"
              autoComplete="off"
              placeholder={MOBILE_MASK_EXAMPLE}
              aria-invalid={pickupErrors.phone || phoneRefused ? true : undefined}
              aria-describedby={pickupErrors.phone || phoneRefused ? `${ids}-pickup-phone-error` : undefined}
              value={pickupContact.phone}
              onChange={(event) => {
                const next = maskPhoneInput('mobile', event.target.value);
                setPhoneRefused(next.refused);
                if (!next.refused) onChange({ pickupPhone: next.value });
              }}
            />
            {pickupErrors.phone || phoneRefused ? (
              <p id={`${ids}-pickup-phone-error`} className="form__error">
                {phoneRefused ? MESSAGES.invalidPhone : pickupErrors.phone}
              </p>
            ) : null}
          </div>
        </fieldset>
      ) : (
        <>
          <h3 className="checkout-panel__subtitle">¿Quién recibe el pedido?</h3>
          <div ref={beneficiariesRef}>{beneficiaries}</div>
        </>
      )}
      {problem && !pickup ? (
        <p className="form__error" role="alert">
          {problem === 'unsaved' ? UNSAVED_ADDRESS : CHECKOUT_MESSAGES.beneficiaryRequired}
        </p>
      ) : null}
      {meetingPoint && !pickup ? (
        <p className="notice notice--warn" role="status">
          Esta dirección está en una zona donde el repartidor no entra: coordina con quien recibe un punto de
          encuentro cercano ({meetingPoint.name}). El repartidor llamará antes de llegar.
        </p>
      ) : null}

      <div className="checkout-panel__actions">
        <button type="button" className="button button--primary" onClick={next}>
          Continuar
        </button>
      </div>
    </section>
  );
}
