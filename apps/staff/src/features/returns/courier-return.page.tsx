import { telUrl } from '@mandado/shared/phone-links';
import type { CourierReturn } from '@mandado/shared/returns-schemas';
import { ApiError } from '@mandado/web-kit/api-client.ts';
import { failureText } from '@mandado/web-kit/form/api-form-errors.ts';
import { invalidProps } from '@mandado/web-kit/form/field-a11y.ts';
import { Field, FormProblem } from '@mandado/web-kit/form/form-controls.tsx';
import { StatusBadge } from '@mandado/web-kit/orders/status-timeline.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { notify } from '@mandado/web-kit/toast-store.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useParams } from 'react-router';
import { courierReturnKey, courierReturnQueryOptions, markReturnPickedUp } from './returns.api.ts';
import { returnStatusTone } from './returns-wording.ts';
import './courier-return.css';
import './returns.css';

/**
 * `/entrega/devolucion/:token` (issue 32): the courier's reverse pickup, no account, phone-first like the
 * delivery page. Where to collect (the family's address) and where to take it (the store), the products, and
 * the code the family gives once the goods are in hand → 'Retirado'.
 */
export function CourierReturnPage() {
  const { token = '' } = useParams();
  const query = useQuery(courierReturnQueryOptions(token));

  useEffect(() => {
    document.title = 'Retiro de una devolución · Mandado';
  }, []);

  if (query.isPending) {
    return (
      <main className="staff-main pickup pickup--center">
        <Spinner label="Cargando el retiro" />
      </main>
    );
  }
  if (query.isError) {
    return (
      <main className="staff-main pickup">
        <section className="pickup-panel pickup-panel--problem" aria-labelledby="return-problem-title">
          <h1 id="return-problem-title" className="pickup__title">
            Retiro de una devolución
          </h1>
          <p role="alert">
            {query.error instanceof ApiError && query.error.status !== 0
              ? query.error.message
              : 'No pudimos abrir el retiro. Revisa tu conexión y vuelve a intentarlo.'}
          </p>
          <button type="button" className="button button--secondary" onClick={() => void query.refetch()}>
            Volver a intentar
          </button>
        </section>
      </main>
    );
  }
  return <CourierReturnView token={token} pickup={query.data} />;
}

function CourierReturnView({ token, pickup }: { token: string; pickup: CourierReturn }) {
  const call = pickup.beneficiaryPhone ? telUrl(pickup.beneficiaryPhone) : null;
  const waiting = pickup.status === 'accepted';
  return (
    <main className="staff-main pickup">
      <header className="pickup__head">
        <p className="pickup__eyebrow">Devolución de Mandado · {pickup.storeName}</p>
        <h1 className="pickup__title">Retirar una devolución</h1>
        <StatusBadge label={pickup.statusText} tone={returnStatusTone(pickup.status)} />
      </header>
      <section className="pickup-panel" aria-labelledby="return-from-title">
        <h2 id="return-from-title" className="pickup-panel__title">
          Dónde retirar
        </h2>
        <p className="pickup__address">{pickup.pickupAddress}</p>
        <p>{pickup.beneficiaryName}</p>
        {call ? (
          <a className="button button--secondary" href={call}>
            Llamar<span className="visually-hidden"> a {pickup.beneficiaryName}</span>
          </a>
        ) : null}
      </section>
      <section className="pickup-panel" aria-labelledby="return-lines-title">
        <h2 id="return-lines-title" className="pickup-panel__title">
          Qué retirar
        </h2>
        <ul className="return-item__lines">
          {pickup.lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the link's lines are shown as sent, never reordered.
            <li key={`${index}-${line.name}`}>
              {line.quantity} × {line.name}
            </li>
          ))}
        </ul>
      </section>
      <section className="pickup-panel" aria-labelledby="return-to-title">
        <h2 id="return-to-title" className="pickup-panel__title">
          Dónde llevarlo
        </h2>
        <p className="pickup__address">
          {pickup.storeName}: {pickup.storeAddress}
        </p>
      </section>
      {waiting ? (
        <PickupCodeForm token={token} />
      ) : (
        <section className="pickup-panel pickup-panel--done" aria-labelledby="return-done-title">
          <h2 id="return-done-title" className="pickup-panel__title">
            {pickup.status === 'picked_up' || pickup.status === 'received'
              ? 'Retiro registrado'
              : 'No hay nada que retirar con este enlace'}
          </h2>
          <p>
            {pickup.status === 'picked_up'
              ? 'Lleva los productos a la tienda. Gracias.'
              : `La devolución está «${pickup.statusText}».`}
          </p>
        </section>
      )}
    </main>
  );
}

function PickupCodeForm({ token }: { token: string }) {
  const ids = useId();
  const fieldId = `${ids}-code`;
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const text = code.trim();
    if (!text) {
      setError('Pide el código a quien te entrega los productos.');
      document.getElementById(fieldId)?.focus();
      return;
    }
    setError(undefined);
    setProblem(null);
    setBusy(true);
    try {
      await markReturnPickedUp(token, text);
      notify({ kind: 'success', title: 'Retiro registrado', message: 'Lleva los productos a la tienda.' });
      await queryClient.invalidateQueries({ queryKey: courierReturnKey(token) });
    } catch (failure) {
      // A wrong code keeps what was typed, so the courier can compare it with what the family reads out.
      setProblem(failureText(failure) ?? 'No pudimos registrar el retiro. Vuelve a intentarlo.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="pickup-panel" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="pickup-panel__title">
        Con los productos en la mano
      </h2>
      <form className="form" noValidate onSubmit={(event) => void submit(event)}>
        <Field
          fieldId={fieldId}
          label="Código de retiro"
          required
          error={error}
          hint="Quien te entrega los productos lo ve en la página del pedido."
        >
          <input
            {...invalidProps(fieldId, error, `${fieldId}-hint`)}
            className="input pickup__code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={12}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        </Field>
        <FormProblem problem={problem} />
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? <Spinner size="small" /> : null}
          Retirado
        </button>
      </form>
    </section>
  );
}
