import type { AdminCurrency } from '@mandado/shared/admin-settings.schemas';
import { dateTimeText, dayText } from '@mandado/shared/date-text';
import { MESSAGES } from '@mandado/shared/messages';
import { apiFieldErrors, failureText } from '@mandado/web-kit/form/api-form-errors.ts';
import { invalidProps } from '@mandado/web-kit/form/field-a11y.ts';
import { FieldError, FormProblem } from '@mandado/web-kit/form/form-controls.tsx';
import { QueryError } from '@mandado/web-kit/query-error.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { notify } from '@mandado/web-kit/toast-store.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { CURRENCIES_KEY, currenciesQueryOptions, removeOverride, setOverride } from './admin-settings.api.ts';

// The currency table keeps the spec's English names (the shop's API answers them); operators read Spanish.
const SPANISH_NAMES = new Intl.DisplayNames(['es-UY', 'es'], { type: 'currency' });

/** 'Peso argentino' for ARS; the table's own name if the browser does not know the code. */
function currencyName(currency: AdminCurrency): string {
  const name = SPANISH_NAMES.of(currency.code);
  if (!name || name === currency.code) return currency.name;
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** 'Monedas': each currency's rate of the day and, when an operator set one, the manual rate in force. */
export function CurrenciesSection({ canEdit }: { canEdit: boolean }) {
  const currencies = useQuery(currenciesQueryOptions());
  if (currencies.isPending) return <Spinner label="Cargando las monedas" />;
  if (currencies.isError) {
    return <QueryError message={currencies.error.message} onRetry={() => void currencies.refetch()} />;
  }
  return (
    <ul className="currency-list">
      {currencies.data
        .filter((currency) => currency.code !== 'USD')
        .map((currency) => (
          <li key={currency.code}>
            <CurrencyCard currency={currency} canEdit={canEdit} />
          </li>
        ))}
    </ul>
  );
}

function CurrencyCard({ currency, canEdit }: { currency: AdminCurrency; canEdit: boolean }) {
  const ids = useId();
  const fieldId = `${ids}-rate`;
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(currency.override?.rate ?? '');
  const [error, setError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<AdminCurrency[]>, done: string) {
    setError(undefined);
    setProblem(null);
    setBusy(true);
    try {
      queryClient.setQueryData(CURRENCIES_KEY, await action());
      notify({ kind: 'success', title: done });
    } catch (failure) {
      const field = apiFieldErrors(failure).rate;
      if (field) setError(field);
      else setProblem(failureText(failure) ?? MESSAGES.serverError);
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(() => setOverride(currency.code, draft), `Tasa manual de ${currency.code} guardada`);
  }

  return (
    <article className="currency-card" aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`} className="currency-card__title">
        {currency.code} <span className="currency-card__name">{currencyName(currency)}</span>
      </h3>
      <dl className="currency-card__rates">
        <div>
          <dt>Vigente</dt>
          <dd>
            <strong>{currency.rate_in_force}</strong> por US$ 1
          </dd>
        </div>
        <div>
          <dt>Tasa del {dayText(currency.rate_date)}</dt>
          <dd>{currency.rate}</dd>
        </div>
        {currency.override ? (
          <div>
            <dt>Manual</dt>
            <dd>
              {currency.override.rate}, desde el {dateTimeText(currency.override.set_at)}
              {currency.override.set_by ? ` (${currency.override.set_by})` : ''}
            </dd>
          </div>
        ) : null}
      </dl>
      {canEdit ? (
        <form className="currency-card__form" noValidate onSubmit={submit}>
          <label className="field-label" htmlFor={fieldId}>
            Tasa manual de {currency.code}
          </label>
          <div className="setting-card__row">
            <input
              {...invalidProps(fieldId, error)}
              inputMode="decimal"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
            />
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? <Spinner size="small" /> : null}
              Fijar
            </button>
            {currency.override ? (
              <button
                type="button"
                className="button button--secondary"
                disabled={busy}
                onClick={() => {
                  setDraft('');
                  void run(() => removeOverride(currency.code), `${currency.code} vuelve a la tasa del día`);
                }}
              >
                Quitar
              </button>
            ) : null}
          </div>
          <FieldError fieldId={fieldId} message={error} />
          <FormProblem problem={problem} />
        </form>
      ) : null}
    </article>
  );
}
