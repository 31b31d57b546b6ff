import { MESSAGES } from '@mandado/shared/messages';
import {
  SUBSTITUTION_WAIT_MINUTES_MAX,
  SUBSTITUTION_WAIT_MINUTES_MIN,
} from '@mandado/shared/substitution-deadline';
import type { StoreSubstitutionWait } from '@mandado/shared/substitution-wait.schemas';
import { apiGet, apiPut, segment } from '@mandado/web-kit/api-client.ts';
import { apiFieldErrors, failureText } from '@mandado/web-kit/form/api-form-errors.ts';
import { FormProblem } from '@mandado/web-kit/form/form-controls.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { notify } from '@mandado/web-kit/toast-store.ts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';

function waitKey(storeId: number) {
  return ['merchant', 'substitution-wait', storeId] as const;
}

function waitPath(storeId: number): string {
  return `/merchant/stores/${segment(storeId)}/substitution-wait/`;
}

function waitQueryOptions(storeId: number) {
  return queryOptions({
    queryKey: waitKey(storeId),
    queryFn: ({ signal }) => apiGet<StoreSubstitutionWait>(waitPath(storeId), signal),
  });
}

/**
 * 'Reemplazos' on /comercio/tienda (issue 29, decision 073), beside 'Preparación': how many minutes of the
 * store's hours a remitter has to answer a proposed substitute before their recorded preference applies.
 */
export function SubstitutionWaitSection({ storeId }: { storeId: number }) {
  const ids = useId();
  const saved = useQuery(waitQueryOptions(storeId));
  if (saved.isPending) return <Spinner label="Cargando la espera de reemplazos" />;
  if (saved.isError) return <p className="form__alert">{saved.error.message}</p>;
  return (
    <section className="store-settings__section" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="store-settings__subtitle">
        Reemplazos
      </h2>
      <SubstitutionWaitForm storeId={storeId} saved={saved.data} />
    </section>
  );
}

function SubstitutionWaitForm({ storeId, saved }: { storeId: number; saved: StoreSubstitutionWait }) {
  const ids = useId();
  const queryClient = useQueryClient();
  const [minutes, setMinutes] = useState(String(saved.wait_minutes));
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const range = `Entre ${SUBSTITUTION_WAIT_MINUTES_MIN} y ${SUBSTITUTION_WAIT_MINUTES_MAX}`;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem(null);
    const trimmed = minutes.trim();
    if (!/^\d{1,3}$/.test(trimmed)) {
      setProblem('Escribe los minutos con números, como 20');
      return;
    }
    setBusy(true);
    try {
      const answer = await apiPut<StoreSubstitutionWait>(waitPath(storeId), {
        wait_minutes: Number(trimmed),
      });
      queryClient.setQueryData(waitKey(storeId), answer);
      notify({ kind: 'success', title: 'Espera de reemplazos guardada' });
    } catch (failure) {
      setProblem(apiFieldErrors(failure).wait_minutes ?? failureText(failure) ?? MESSAGES.serverError);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="store-settings__form" noValidate onSubmit={(event) => void submit(event)}>
      <label className="field-label" htmlFor={`${ids}-minutes`}>
        Minutos para esperar la respuesta a un reemplazo
      </label>
      <p id={`${ids}-hint`} className="form__hint">
        {range}. Cuentan solo dentro de tu horario: si cierras antes, la espera sigue cuando abres. Sin
        respuesta, se aplica lo que quien compró eligió al pagar.
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
