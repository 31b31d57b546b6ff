import { MESSAGES } from '@mandado/shared/messages';
import type { StorePreparation } from '@mandado/shared/store-preparation.schemas';
import { apiGet, apiPut, segment } from '@mandado/web-kit/api-client.ts';
import { apiFieldErrors, failureText } from '@mandado/web-kit/form/api-form-errors.ts';
import { FormProblem } from '@mandado/web-kit/form/form-controls.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { notify } from '@mandado/web-kit/toast-store.ts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';

function preparationKey(storeId: number) {
  return ['merchant', 'preparation', storeId] as const;
}

function preparationPath(storeId: number): string {
  return `/merchant/stores/${segment(storeId)}/preparation/`;
}

function preparationQueryOptions(storeId: number) {
  return queryOptions({
    queryKey: preparationKey(storeId),
    queryFn: ({ signal }) => apiGet<StorePreparation>(preparationPath(storeId), signal),
  });
}

/**
 * 'Preparación' on /comercio/tienda (issue 31): auto-accept (a paid order goes straight to 'En preparación',
 * as the partner apps offer) and the minutes the store promises, which shoppers read on its page.
 */
export function PreparationSection({ storeId }: { storeId: number }) {
  const ids = useId();
  const saved = useQuery(preparationQueryOptions(storeId));
  if (saved.isPending) return <Spinner label="Cargando la preparación" />;
  if (saved.isError) return <p className="form__alert">{saved.error.message}</p>;
  return (
    <section className="store-settings__section" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="store-settings__subtitle">
        Preparación
      </h2>
      <PreparationForm storeId={storeId} saved={saved.data} />
    </section>
  );
}

function PreparationForm({ storeId, saved }: { storeId: number; saved: StorePreparation }) {
  const ids = useId();
  const queryClient = useQueryClient();
  const [autoAccept, setAutoAccept] = useState(saved.auto_accept);
  const [minutes, setMinutes] = useState(
    saved.preparation_minutes === null ? '' : String(saved.preparation_minutes),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem(null);
    const trimmed = minutes.trim();
    if (trimmed && !/^\d{1,3}$/.test(trimmed)) {
      setProblem('Escribe los minutos con números, como 30');
      return;
    }
    setBusy(true);
    try {
      const answer = await apiPut<StorePreparation>(preparationPath(storeId), {
        auto_accept: autoAccept,
        preparation_minutes: trimmed ? Number(trimmed) : null,
      });
      queryClient.setQueryData(preparationKey(storeId), answer);
      notify({ kind: 'success', title: 'Preparación guardada' });
    } catch (failure) {
      setProblem(apiFieldErrors(failure).preparation_minutes ?? failureText(failure) ?? MESSAGES.serverError);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="store-settings__form" noValidate onSubmit={(event) => void submit(event)}>
      <label className="store-settings__check" htmlFor={`${ids}-auto`}>
        <input
          id={`${ids}-auto`}
          type="checkbox"
          checked={autoAccept}
          onChange={(event) => setAutoAccept(event.target.checked)}
        />
        Aceptar solos los pedidos pagos (pasan directo a «En preparación»)
      </label>
      <label className="field-label" htmlFor={`${ids}-minutes`}>
        Minutos para preparar un pedido (opcional)
      </label>
      <p id={`${ids}-hint`} className="form__hint">
        Entre 5 y 240. Tus clientes lo ven en tu tienda: «Prepara tu pedido en unos 30 min».
      </p>
      <input
        id={`${ids}-minutes`}
        className="input"
        inputMode="numeric"
        aria-describedby={`${ids}-hint`}
        value={minutes}
        onChange={(event) => setMinutes(event.target.value)}
      />
      <FormProblem problem={problem} />
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? <Spinner size="small" /> : null}
        Guardar
      </button>
    </form>
  );
}
