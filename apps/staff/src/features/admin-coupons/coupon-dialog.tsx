import type { AdminCoupon } from '@mandado/shared/admin-coupons.schemas';
import { MESSAGES } from '@mandado/shared/messages';
import { Dialog } from '@mandado/web-kit/dialog.tsx';
import { DialogActions } from '@mandado/web-kit/dialog-actions.tsx';
import { apiFieldErrors, failureText } from '@mandado/web-kit/form/api-form-errors.ts';
import { invalidProps } from '@mandado/web-kit/form/field-a11y.ts';
import { Field, FormProblem } from '@mandado/web-kit/form/form-controls.tsx';
import { type FormEvent, useId, useState } from 'react';
import { createCoupon, updateCoupon } from './admin-coupons.api.ts';
import { type CouponDraft, draftFrom, inputFrom } from './coupon-text.ts';

interface CouponDialogProps {
  /** null: a new coupon. */
  coupon: AdminCoupon | null;
  onSaved: (coupon: AdminCoupon) => void;
  onClose: () => void;
}

type Errors = Partial<Record<keyof CouponDraft, string>>;

/**
 * Create or edit a coupon (issue 19). The server checks everything again: a taken code (409) and each field's
 * reason show under the field; a used coupon's type and value cannot change, which is said above the buttons
 * (ending it, with 'Válido hasta' now, still works).
 */
export function CouponDialog({ coupon, onSaved, onClose }: CouponDialogProps) {
  const ids = useId();
  const [draft, setDraft] = useState<CouponDraft>(() => draftFrom(coupon));
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const used = (coupon?.uses_count ?? 0) > 0;

  function change<K extends keyof CouponDraft>(key: K, value: CouponDraft[K]) {
    setDraft((current) => ({ ...current, [key]: value }));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setErrors({});
    setProblem(null);
    setBusy(true);
    try {
      const input = inputFrom(draft);
      onSaved(coupon ? await updateCoupon(coupon.id, input) : await createCoupon(input));
    } catch (failure) {
      const fields = apiFieldErrors(failure) as Errors;
      if (Object.keys(fields).length > 0) setErrors(fields);
      else setProblem(failureText(failure) ?? MESSAGES.serverError);
      setBusy(false);
    }
  }

  const id = (name: keyof CouponDraft) => `${ids}-${name}`;
  const text = (
    name: keyof CouponDraft,
    props: { inputMode?: 'decimal' | 'numeric'; type?: string } = {},
  ) => (
    <input
      {...invalidProps(id(name), errors[name])}
      type={props.type ?? 'text'}
      inputMode={props.inputMode}
      value={draft[name]}
      onChange={(event) => change(name, event.target.value)}
    />
  );

  return (
    <Dialog title={coupon ? `Editar ${coupon.code}` : 'Nuevo cupón'} onClose={onClose} variant="wide">
      <form className="form coupon-form" noValidate onSubmit={(event) => void submit(event)}>
        <Field fieldId={id('code')} label="Código" required error={errors.code}>
          {text('code')}
        </Field>
        <fieldset className="coupon-form__type" disabled={used}>
          <legend className="field-label field-label--required">Tipo</legend>
          <label className="coupon-form__option">
            <input
              type="radio"
              name={`${ids}-type`}
              checked={draft.type === 'discount_percentage'}
              onChange={() => change('type', 'discount_percentage')}
            />
            Porcentaje
          </label>
          <label className="coupon-form__option">
            <input
              type="radio"
              name={`${ids}-type`}
              checked={draft.type === 'discount_amount'}
              onChange={() => change('type', 'discount_amount')}
            />
            Monto fijo (US$)
          </label>
        </fieldset>
        <Field
          fieldId={id('value')}
          label={draft.type === 'discount_percentage' ? 'Porcentaje de descuento' : 'Descuento en US$'}
          required
          error={errors.value}
          {...(used ? { hint: 'Ya se usó: el tipo y el valor quedan como están.' } : {})}
        >
          <input
            {...invalidProps(id('value'), errors.value)}
            inputMode="decimal"
            readOnly={used}
            value={draft.value}
            onChange={(event) => change('value', event.target.value)}
          />
        </Field>
        <Field fieldId={id('minimum_purchase')} label="Compra mínima (US$)" error={errors.minimum_purchase}>
          {text('minimum_purchase', { inputMode: 'decimal' })}
        </Field>
        <div className="coupon-form__pair">
          <Field fieldId={id('valid_from')} label="Válido desde" error={errors.valid_from}>
            {text('valid_from', { type: 'datetime-local' })}
          </Field>
          <Field fieldId={id('valid_until')} label="Válido hasta" error={errors.valid_until}>
            {text('valid_until', { type: 'datetime-local' })}
          </Field>
        </div>
        <div className="coupon-form__pair">
          <Field
            fieldId={id('max_uses_total')}
            label="Límite de usos total"
            error={errors.max_uses_total}
            hint="Vacío: sin límite."
          >
            {text('max_uses_total', { inputMode: 'numeric' })}
          </Field>
          <Field
            fieldId={id('max_uses_per_user')}
            label="Límite por persona"
            error={errors.max_uses_per_user}
            hint="Vacío: sin límite."
          >
            {text('max_uses_per_user', { inputMode: 'numeric' })}
          </Field>
        </div>
        <FormProblem problem={problem} />
        <DialogActions
          confirmLabel={coupon ? 'Guardar cambios' : 'Crear cupón'}
          onCancel={onClose}
          busy={busy}
        />
      </form>
    </Dialog>
  );
}
