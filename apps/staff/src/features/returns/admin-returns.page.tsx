import { hasPermission } from '@mandado/shared/permissions';
import type { ReturnRequest } from '@mandado/shared/returns-schemas';
import { STAFF_PATHS } from '@mandado/shared/staff-routes';
import { EmptyState } from '@mandado/web-kit/empty-state.tsx';
import { QueryError } from '@mandado/web-kit/query-error.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { notify } from '@mandado/web-kit/toast-store.ts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useOperator } from '../../lib/use-operator.ts';
import { ReturnDetails } from './return-details.tsx';
import { ReturnReasonDialog } from './return-reason-dialog.tsx';
import { adminReturnsKey, adminReturnsQueryOptions, overruleReturn } from './returns.api.ts';
import { isReturnStatus, RETURN_STATUS_OPTIONS } from './returns-wording.ts';
import './returns.css';

function positiveNumber(value: string | null): number | undefined {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : undefined;
}

/**
 * `/admin/devoluciones` (issue 32): every store's returns, filtered by status and store through the query
 * string (a filtered list can be sent to a colleague), a page at a time. A store's refusal can be overruled
 * ('Aceptar igualmente', with a reason, audited) by an operator whose group holds 'returns:manage'.
 */
export function AdminReturnsPage() {
  const ids = useId();
  const [params, setParams] = useSearchParams();
  const rawStatus = params.get('estado');
  const status = isReturnStatus(rawStatus) ? rawStatus : undefined;
  const storeId = positiveNumber(params.get('tienda'));
  const page = positiveNumber(params.get('pagina')) ?? 1;
  const returns = useQuery({
    ...adminReturnsQueryOptions({ status, storeId, page }),
    placeholderData: keepPreviousData,
  });
  const canOverrule = hasPermission(useOperator(), 'returns:manage');

  useEffect(() => {
    document.title = 'Devoluciones · Administración · Mandado';
  }, []);

  function filter(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next: Record<string, string> = {};
    const chosenStatus = String(data.get('estado') ?? '');
    const chosenStore = String(data.get('tienda') ?? '').trim();
    if (chosenStatus) next.estado = chosenStatus;
    if (chosenStore) next.tienda = chosenStore;
    setParams(next);
  }

  function goTo(nextPage: number) {
    const next = new URLSearchParams(params);
    next.set('pagina', String(nextPage));
    setParams(next);
  }

  return (
    <section className="returns-page" aria-labelledby={`${ids}-title`}>
      <h1 id={`${ids}-title`} className="staff-title">
        Devoluciones
      </h1>
      <form
        key={params.toString()}
        className="returns-page__filters"
        onSubmit={filter}
        aria-label="Filtrar las devoluciones"
      >
        <div className="form__field">
          <label className="field-label" htmlFor={`${ids}-status`}>
            Estado
          </label>
          <select id={`${ids}-status`} name="estado" className="select" defaultValue={status ?? ''}>
            <option value="">Todos</option>
            {RETURN_STATUS_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div className="form__field">
          <label className="field-label" htmlFor={`${ids}-store`}>
            Tienda (número)
          </label>
          <input
            id={`${ids}-store`}
            name="tienda"
            className="input"
            inputMode="numeric"
            defaultValue={storeId ? String(storeId) : ''}
          />
        </div>
        <div className="returns-page__filter-actions">
          <button type="submit" className="button button--primary">
            Filtrar
          </button>
          <button type="button" className="button button--secondary" onClick={() => setParams({})}>
            Limpiar
          </button>
        </div>
      </form>
      {returns.isPending ? (
        <Spinner label="Cargando las devoluciones" />
      ) : returns.isError ? (
        <QueryError message={returns.error.message} onRetry={() => void returns.refetch()} />
      ) : returns.data.items.length === 0 ? (
        <EmptyState title="No hay devoluciones con esos filtros" />
      ) : (
        <>
          <ul className="returns-page__list">
            {returns.data.items.map((request) => (
              <AdminReturn key={request.id} request={request} canOverrule={canOverrule} />
            ))}
          </ul>
          {returns.data.pageCount > 1 ? (
            <nav className="returns-page__pages" aria-label="Páginas de devoluciones">
              <button
                type="button"
                className="button button--secondary"
                disabled={page <= 1}
                onClick={() => goTo(page - 1)}
              >
                Anterior
              </button>
              <span>
                Página {returns.data.page} de {returns.data.pageCount}
              </span>
              <button
                type="button"
                className="button button--secondary"
                disabled={page >= returns.data.pageCount}
                onClick={() => goTo(page + 1)}
              >
                Siguiente
              </button>
            </nav>
          ) : null}
        </>
      )}
    </section>
  );
}

function AdminReturn({ request, canOverrule }: { request: ReturnRequest; canOverrule: boolean }) {
  const queryClient = useQueryClient();
  const [overruling, setOverruling] = useState(false);
  return (
    <ReturnDetails
      request={request}
      heading={
        <>
          {request.storeName} ·{' '}
          <Link to={STAFF_PATHS.adminOrder.replace(':number', encodeURIComponent(request.orderNumber))}>
            <span className="order-number">{request.storeOrderNumber}</span>
          </Link>
        </>
      }
    >
      {request.courierLink && request.status === 'accepted' ? (
        <p className="return-item__meta">
          Enlace de retiro: <span className="return-item__url">{request.courierLink}</span>
        </p>
      ) : null}
      {canOverrule && request.status === 'refused' ? (
        <div className="return-item__actions">
          <button type="button" className="button button--secondary" onClick={() => setOverruling(true)}>
            Aceptar igualmente
            <span className="visually-hidden"> la devolución de {request.storeOrderNumber}</span>
          </button>
        </div>
      ) : null}
      {overruling ? (
        <ReturnReasonDialog
          title="Aceptar la devolución igualmente"
          label="¿Por qué la aceptas?"
          confirmLabel="Aceptar igualmente"
          onClose={() => setOverruling(false)}
          onConfirm={async (reason) => {
            await overruleReturn(request.id, reason);
            setOverruling(false);
            notify({
              kind: 'success',
              title: 'Devolución aceptada',
              message: 'La tienda recibe el enlace de retiro y quien la pidió, el código.',
            });
            void queryClient.invalidateQueries({ queryKey: adminReturnsKey() });
          }}
        >
          <p>
            La tienda la rechazó: «{request.refusalReason}». Si la aceptas, se hace el retiro y el reembolso
            como si la tienda la hubiera aceptado. Queda registrado en la auditoría.
          </p>
        </ReturnReasonDialog>
      ) : null}
    </ReturnDetails>
  );
}
