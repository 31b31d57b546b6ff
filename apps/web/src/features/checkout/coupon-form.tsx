import { invalidProps } from '@mandado/web-kit/form/field-a11y.ts';
import { FieldError } from '@mandado/web-kit/form/form-controls.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { type FormEvent, useId, useState } from 'react';

interface CouponFormProps {
  applied: string | null;
  problem: string | null;
  apply: (code: string) => Promise<void>;
  remove: () => void;
}

/** The coupon field: the server's Spanish 400 shows under it and the typed code stays. */
export function CouponForm({ applied, problem, apply, remove }: CouponFormProps) {
  const ids = useId();
  const fieldId = `${ids}-coupon`;
  const [code, setCode] = useState(applied ?? '');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (code.trim() === '') return;
    setPending(true);
    setError(undefined);
    try {
      await apply(code.trim());
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setPending(false);
    }
  }

  if (applied) {
    return (
      <div className="checkout-coupon checkout-coupon--applied">
        {problem ? (
          <p className="form__error" role="alert">
            {problem}
          </p>
        ) : (
          <p role="status">
            Cupón <strong>{applied}</strong> aplicado.
          </p>
        )}
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => {
            remove();
            setCode('');
          }}
        >
          Quitar cupón
        </button>
      </div>
    );
  }
  return (
    <form className="checkout-coupon" noValidate onSubmit={submit}>
      <div className="form__field">
        <label className="field-label" htmlFor={fieldId}>
          Cupón de descuento
        </label>
        <div className="checkout-coupon__row">
          <input
            {...invalidProps(fieldId, error)}
            autoCapitalize="characters"
            spellCheck={false}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          <button type="submit" className="button button--secondary" disabled={pending}>
            {pending ? <Spinner size="small" /> : null}
            Aplicar
          </button>
        </div>
        <FieldError fieldId={fieldId} message={error} />
      </div>
    </form>
  );
}
