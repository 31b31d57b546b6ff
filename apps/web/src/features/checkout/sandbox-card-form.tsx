import './sandbox-card-form.css';
import { CHECKOUT_MESSAGES } from '@mandado/shared/checkout.schemas';
import type { SandboxCardProblem } from '@mandado/shared/sandbox-cards';
import { SANDBOX_CARD_MESSAGES } from '@mandado/shared/sandbox-cards';
import { invalidProps } from '@mandado/web-kit/form/field-a11y.ts';
import { FieldError } from '@mandado/web-kit/form/form-controls.tsx';
import { useId } from 'react';

export interface SandboxCardFields {
  number: string;
  expiry: string;
  cvc: string;
  save: boolean;
}

export const EMPTY_SANDBOX_CARD: SandboxCardFields = { number: '', expiry: '', cvc: '', save: false };

interface SandboxCardFormProps {
  value: SandboxCardFields;
  onChange: (value: SandboxCardFields) => void;
  problem: SandboxCardProblem | null;
}

/** "4242 4242 4242 4242" as typed. */
function groupDigits(text: string): string {
  return text
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "MM/AA" as typed. */
function formatExpiry(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/**
 * The embedded sandbox's card form (decision 023), plainly labelled 'Modo de prueba'. It is ours, not a
 * processor's: the number stays in this component and is tokenized in the browser; only the token is sent.
 */
export function SandboxCardForm({ value, onChange, problem }: SandboxCardFormProps) {
  const ids = useId();
  const numberId = `${ids}-number`;
  const expiryId = `${ids}-expiry`;
  const cvcId = `${ids}-cvc`;
  const error = (field: SandboxCardProblem) => (problem === field ? SANDBOX_CARD_MESSAGES[field] : undefined);
  return (
    <fieldset className="sandbox-card">
      <legend className="sandbox-card__legend">
        Nueva tarjeta <span className="sandbox-card__badge">{CHECKOUT_MESSAGES.paymentTestMode}</span>
      </legend>
      <p className="form__hint" id={`${ids}-hint`}>
        {CHECKOUT_MESSAGES.paymentTestMode}: no se cobra dinero real. Tarjetas de prueba: 4242 4242 4242 4242
        (aprobada), 4000 0000 0000 0002 (rechazada), 4000 0000 0000 9995 (sin fondos), 4000 0027 6000 3184
        (pide 3-D Secure). Cualquier fecha futura y cualquier CVC de 3 dígitos.
      </p>
      <div className="form__field">
        <label className="field-label field-label--required" htmlFor={numberId}>
          Número de tarjeta
        </label>
        <input
          {...invalidProps(numberId, error('number'))}
          inputMode="numeric"
          autoComplete="cc-number"
          value={value.number}
          onChange={(event) => onChange({ ...value, number: groupDigits(event.target.value) })}
        />
        <FieldError fieldId={numberId} message={error('number')} />
      </div>
      <div className="sandbox-card__row">
        <div className="form__field">
          <label className="field-label field-label--required" htmlFor={expiryId}>
            Vencimiento (MM/AA)
          </label>
          <input
            {...invalidProps(expiryId, error('expiry'))}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/AA"
            value={value.expiry}
            onChange={(event) => onChange({ ...value, expiry: formatExpiry(event.target.value) })}
          />
          <FieldError fieldId={expiryId} message={error('expiry')} />
        </div>
        <div className="form__field">
          <label className="field-label field-label--required" htmlFor={cvcId}>
            CVC
          </label>
          <input
            {...invalidProps(cvcId, error('cvc'))}
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            value={value.cvc}
            onChange={(event) => onChange({ ...value, cvc: event.target.value.replace(/\D/g, '') })}
          />
          <FieldError fieldId={cvcId} message={error('cvc')} />
        </div>
      </div>
      <label className="checkbox-field">
        <input
          type="checkbox"
          className="checkbox"
          checked={value.save}
          onChange={(event) => onChange({ ...value, save: event.target.checked })}
        />
        Guardar tarjeta
      </label>
    </fieldset>
  );
}
