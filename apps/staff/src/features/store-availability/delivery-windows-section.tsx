import { WEEKDAY_LABELS, WEEKDAYS } from '@mandado/shared/store-hours';
import type { StoreWindow } from '@mandado/shared/store-windows';
import { WINDOW_MESSAGES } from '@mandado/shared/store-windows.schemas';
import { failureText } from '@mandado/web-kit/form/api-form-errors.ts';
import { QueryError } from '@mandado/web-kit/query-error.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { notify } from '@mandado/web-kit/toast-store.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  deliveryWindowsKey,
  deliveryWindowsQueryOptions,
  saveDeliveryWindows,
} from './delivery-windows.api.ts';

/**
 * 'Franjas de entrega' (decision 065), beside the hours: per weekday the ranges the courier delivers in, each
 * with its capacity (orders per window) and its cut-off (hours before the start after which it takes no more
 * orders). The shop's checkout offers them; the server checks them again.
 */
export function DeliveryWindowsSection({ storeId }: { storeId: number }) {
  const query = useQuery(deliveryWindowsQueryOptions(storeId));
  if (query.isPending) return <Spinner label="Cargando las franjas de entrega" />;
  if (query.isError) return <QueryError message={query.error.message} onRetry={() => void query.refetch()} />;
  return <WindowsForm storeId={storeId} saved={query.data.windows} defaults={query.data.defaults} />;
}

/** A row being edited, with a key of its own: rows are added and removed anywhere in the list. */
type Row = StoreWindow & { key: number };
let nextKey = 0;
const withKey = (window: StoreWindow): Row => ({ ...window, key: nextKey++ });
const withoutKey = ({ key: _key, ...window }: Row): StoreWindow => window;

function WindowsForm({
  storeId,
  saved,
  defaults,
}: {
  storeId: number;
  saved: StoreWindow[];
  defaults: boolean;
}) {
  const ids = useId();
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<Row[]>(() => saved.map(withKey));
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const change = (index: number, patch: Partial<StoreWindow>) =>
    setRows((current) => current.map((row, at) => (at === index ? { ...row, ...patch } : row)));

  async function save() {
    setSaving(true);
    setProblem(null);
    try {
      const answer = await saveDeliveryWindows(storeId, { windows: rows.map(withoutKey) });
      queryClient.setQueryData(deliveryWindowsKey(storeId), answer);
      setRows(answer.windows.map(withKey));
      notify({ kind: 'success', title: WINDOW_MESSAGES.saved });
    } catch (error) {
      setProblem(failureText(error) ?? 'No se pudieron guardar las franjas.');
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="store-settings__section" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="store-settings__subtitle">
        Franjas de entrega
      </h2>
      <p className="store-settings__text">
        Quien compra elige una franja (hora de Montevideo). El cupo es cuántos pedidos entregas en la franja;
        el corte, cuántas horas antes de empezar deja de recibir pedidos.
        {defaults ? ' Ahora tienes las franjas de siempre: 9 a 13 y 14 a 18, de lunes a viernes.' : ''}
      </p>
      <ul className="store-windows">
        {rows.map((row, index) => (
          <li key={row.key} className="store-windows__row">
            <label>
              <span className="visually-hidden">Día</span>
              <select
                className="select"
                value={row.weekday}
                onChange={(event) => change(index, { weekday: event.target.value as StoreWindow['weekday'] })}
              >
                {WEEKDAYS.map((day) => (
                  <option key={day} value={day}>
                    {WEEKDAY_LABELS[day]}
                  </option>
                ))}
              </select>
            </label>
            <label>
              De{' '}
              <input
                className="input"
                type="time"
                value={row.from}
                onChange={(event) => change(index, { from: event.target.value })}
              />
            </label>
            <label>
              a{' '}
              <input
                className="input"
                type="time"
                value={row.to}
                onChange={(event) => change(index, { to: event.target.value })}
              />
            </label>
            <label>
              Cupo{' '}
              <input
                className="input"
                type="number"
                min={1}
                value={row.capacity}
                onChange={(event) => change(index, { capacity: Number(event.target.value) })}
              />
            </label>
            <label>
              Corte (horas antes){' '}
              <input
                className="input"
                type="number"
                min={0}
                max={48}
                value={row.cutoff_minutes / 60}
                onChange={(event) =>
                  change(index, { cutoff_minutes: Math.round(Number(event.target.value) * 60) })
                }
              />
            </label>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setRows((current) => current.filter((_, at) => at !== index))}
            >
              Quitar
            </button>
          </li>
        ))}
      </ul>
      {problem ? (
        <p className="form__error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="store-windows__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() =>
            setRows((current) => [
              ...current,
              withKey({ weekday: 'monday', from: '09:00', to: '13:00', capacity: 20, cutoff_minutes: 720 }),
            ])
          }
        >
          Agregar franja
        </button>
        <button type="button" className="button" disabled={saving} onClick={() => void save()}>
          Guardar franjas
        </button>
      </div>
    </section>
  );
}
