import { dateTimeText } from '@mandado/shared/date-text';
import { EmptyState } from '@mandado/web-kit/empty-state.tsx';
import { QueryError } from '@mandado/web-kit/query-error.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { useInfiniteQuery } from '@tanstack/react-query';
import { type FormEvent, useId } from 'react';
import { useSearchParams } from 'react-router';
import { auditQueryOptions } from './audit.api.ts';
import {
  AUDIT_FILTER_KEYS,
  type AuditFilterKey,
  type AuditFilters,
  actorRoleText,
  auditActionText,
  auditChanges,
  auditFiltersFrom,
} from './audit-text.ts';
import './audit.css';

const FIELDS: ReadonlyArray<{
  key: AuditFilterKey;
  label: string;
  type: 'text' | 'date' | 'number';
  hint?: string;
  /** Under 'Más filtros', as in the orders list: the phone shows the list without scrolling past six fields. */
  more?: true;
}> = [
  { key: 'actor', label: 'Quién', type: 'text', hint: 'Correo o número de usuario' },
  { key: 'action', label: 'Acción', type: 'text', hint: 'El comienzo basta: support. o store.' },
  { key: 'subject', label: 'Sobre qué', type: 'text', hint: 'Exacto: order:MV-10234' },
  { key: 'store_id', label: 'Tienda (número)', type: 'number', more: true },
  { key: 'from', label: 'Desde', type: 'date', more: true },
  { key: 'to', label: 'Hasta', type: 'date', more: true },
];

/**
 * `/admin/auditoria` (issue 19): every staff action, newest first, with who did it and what changed
 * (antes → después). The filter form writes the query string, which the list reads, so a filtered view can
 * be reloaded or sent to someone.
 */
export function AuditTrail() {
  const [params, setParams] = useSearchParams();
  const filters = auditFiltersFrom(params);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const key of AUDIT_FILTER_KEYS) {
      const value = String(data.get(key) ?? '').trim();
      if (value) next.set(key, value);
    }
    setParams(next);
  }

  return (
    <section className="audit" aria-labelledby="admin-audit-title">
      <h1 id="admin-audit-title" className="staff-title">
        Auditoría
      </h1>
      <AuditFilterForm
        key={params.toString()}
        filters={filters}
        onSubmit={submit}
        onClear={() => setParams({})}
      />
      <AuditList filters={filters} />
    </section>
  );
}

function AuditFilterForm({
  filters,
  onSubmit,
  onClear,
}: {
  filters: AuditFilters;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onClear: () => void;
}) {
  const ids = useId();
  const renderField = (field: (typeof FIELDS)[number]) => (
    <div key={field.key} className="form__field">
      <label className="field-label" htmlFor={`${ids}-${field.key}`}>
        {field.label}
      </label>
      <input
        id={`${ids}-${field.key}`}
        name={field.key}
        className="input"
        type={field.type}
        inputMode={field.type === 'number' ? 'numeric' : undefined}
        defaultValue={filters[field.key] ?? ''}
        aria-describedby={field.hint ? `${ids}-${field.key}-hint` : undefined}
      />
      {field.hint ? (
        <p id={`${ids}-${field.key}-hint`} className="form__hint">
          {field.hint}
        </p>
      ) : null}
    </div>
  );
  return (
    <form className="audit__filters" onSubmit={onSubmit} aria-label="Filtrar la auditoría">
      {FIELDS.filter((each) => !each.more).map(renderField)}
      <details
        className="audit__more-filters"
        open={FIELDS.some((each) => each.more && filters[each.key] !== undefined)}
      >
        <summary>Más filtros</summary>
        <div className="audit__more-grid">{FIELDS.filter((each) => each.more).map(renderField)}</div>
      </details>
      <div className="audit__filter-actions">
        <button type="submit" className="button button--primary">
          Filtrar
        </button>
        <button type="button" className="button button--secondary" onClick={onClear}>
          Limpiar
        </button>
      </div>
    </form>
  );
}

function AuditList({ filters }: { filters: AuditFilters }) {
  const list = useInfiniteQuery(auditQueryOptions(filters));
  if (list.isPending) return <Spinner label="Cargando la auditoría" />;
  if (list.isError) return <QueryError message={list.error.message} onRetry={() => void list.refetch()} />;
  const events = list.data.pages.flatMap((page) => page.results);
  if (events.length === 0) return <EmptyState title="No hay acciones con estos filtros" />;
  return (
    <>
      <ol className="audit__list" aria-label="Acciones, la más reciente primero">
        {events.map((event) => {
          const changes = auditChanges(event.detail, event.action);
          return (
            <li key={event.id} className="audit-row">
              <div className="audit-row__head">
                <p className="audit-row__action">
                  <strong>{auditActionText(event.action)}</strong>{' '}
                  <span className="audit-row__subject">{event.subject}</span>{' '}
                  <code className="audit-row__code">{event.action}</code>
                </p>
                <time className="audit-row__at" dateTime={event.at}>
                  {dateTimeText(event.at)}
                </time>
              </div>
              <p className="audit-row__who">
                {event.actor_role === 'courier_link' ? (
                  // The courier's link has no account: the role says who, the subject which order's link.
                  actorRoleText(event)
                ) : (
                  <>
                    {event.actor
                      ? `${event.actor.name || event.actor.email} · ${event.actor.email}`
                      : 'Cuenta borrada'}
                    {' · '}
                    {actorRoleText(event)}
                  </>
                )}
                {event.store ? ` · ${event.store.name}` : null}
              </p>
              {changes.length > 0 ? (
                <ul className="audit-row__changes">
                  {changes.map((change) => (
                    <li key={change.field}>
                      <span className="audit-row__field">{change.label}:</span>{' '}
                      {change.value !== undefined ? change.value : `${change.before} → ${change.after}`}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ol>
      {list.hasNextPage ? (
        <button
          type="button"
          className="button button--secondary audit__more"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {list.isFetchingNextPage ? <Spinner size="small" /> : null}
          Cargar más
        </button>
      ) : null}
    </>
  );
}
