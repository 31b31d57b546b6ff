import type { ReturnStatus } from '@mandado/shared/return-status';
import type { ReturnRequest } from '@mandado/shared/returns-schemas';
import type { MerchantStore } from '@mandado/shared/staff.schemas';
import { EmptyState } from '@mandado/web-kit/empty-state.tsx';
import { CopyButton } from '@mandado/web-kit/orders/copy-button.tsx';
import { QueryError } from '@mandado/web-kit/query-error.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { notify } from '@mandado/web-kit/toast-store.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ReturnDetails } from './return-details.tsx';
import { ReturnReasonDialog } from './return-reason-dialog.tsx';
import {
  confirmReturnReceived,
  decideReturn,
  storeReturnsKey,
  storeReturnsQueryOptions,
} from './returns.api.ts';
import { courierReturnWhatsAppUrl, isReturnStatus, RETURN_STATUS_OPTIONS } from './returns-wording.ts';
import './returns.css';

/**
 * `/comercio/devoluciones` (issue 32): the store's returns, those waiting for an answer first in the filter.
 * Accept, or refuse with a reason the requester reads; once accepted, the reverse pickup's courier link to send
 * (as the inbox does for deliveries); once the courier picked the goods up, 'Recibí la devolución', which
 * refunds the returned lines.
 */
export function StoreReturnsPage({ store }: { store: MerchantStore }) {
  const ids = useId();
  const [params, setParams] = useSearchParams();
  const raw = params.get('estado');
  const status = isReturnStatus(raw) ? raw : undefined;
  const returns = useQuery(storeReturnsQueryOptions(store.id, status));

  useEffect(() => {
    document.title = 'Devoluciones · Mandado';
  }, []);

  return (
    <section className="returns-page" aria-labelledby={`${ids}-title`}>
      <h1 id={`${ids}-title`} className="staff-title">
        Devoluciones
      </h1>
      <p className="returns-page__intro">
        Quien compra tiene 5 días hábiles desde la entrega para devolver (Ley 17.250). Acepta, o explica por
        qué no; si la aceptas, envía el enlace de retiro a tu repartidor.
      </p>
      <div className="form__field returns-page__filter">
        <label className="field-label" htmlFor={`${ids}-status`}>
          Estado
        </label>
        <select
          id={`${ids}-status`}
          className="select"
          value={status ?? ''}
          onChange={(event) => setParams(event.target.value ? { estado: event.target.value } : {})}
        >
          <option value="">Todas</option>
          {RETURN_STATUS_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {returns.isPending ? (
        <Spinner label="Cargando las devoluciones" />
      ) : returns.isError ? (
        <QueryError message={returns.error.message} onRetry={() => void returns.refetch()} />
      ) : returns.data.length === 0 ? (
        <EmptyState title={status ? 'No hay devoluciones en ese estado' : 'Todavía no hay devoluciones'}>
          <p>Cuando alguien pida devolver un producto, aparece aquí.</p>
        </EmptyState>
      ) : (
        <ul className="returns-page__list">
          {returns.data.map((request) => (
            <StoreReturn key={request.id} store={store} request={request} />
          ))}
        </ul>
      )}
    </section>
  );
}

function StoreReturn({ store, request }: { store: MerchantStore; request: ReturnRequest }) {
  const queryClient = useQueryClient();
  const [refusing, setRefusing] = useState(false);

  function settled(next: ReturnRequest, title: string, message?: string) {
    notify({ kind: 'success', title, ...(message ? { message } : {}) });
    void queryClient.invalidateQueries({ queryKey: storeReturnsKey(store.id) });
    return next;
  }

  const accept = useMutation({
    mutationFn: () => decideReturn(store.id, request.id, { accept: true }),
    onSuccess: (next) =>
      settled(next, 'Aceptaste la devolución', 'Envía el enlace de retiro a tu repartidor.'),
    onError: (error) => notify({ kind: 'error', title: 'No pudimos aceptarla', message: error.message }),
  });
  const received = useMutation({
    mutationFn: () => confirmReturnReceived(store.id, request.id),
    onSuccess: (next) => settled(next, 'Devolución recibida', next.refundText ?? undefined),
    onError: (error) => notify({ kind: 'error', title: 'No pudimos registrarla', message: error.message }),
  });
  const busy = accept.isPending || received.isPending;
  const status: ReturnStatus = request.status;

  return (
    <ReturnDetails
      request={request}
      heading={
        <>
          Pedido <span className="order-number">{request.storeOrderNumber}</span>
        </>
      }
    >
      {status === 'requested' ? (
        <div className="return-item__actions">
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => accept.mutate()}
          >
            {accept.isPending ? <Spinner size="small" /> : null}
            Aceptar<span className="visually-hidden"> la devolución de {request.storeOrderNumber}</span>
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() => setRefusing(true)}
          >
            Rechazar<span className="visually-hidden"> la devolución de {request.storeOrderNumber}</span>
          </button>
        </div>
      ) : null}
      {status === 'accepted' && request.courierLink ? (
        <section className="return-item__courier" aria-label="Enlace de retiro para el repartidor">
          <p>
            Envía este enlace al repartidor: ahí ve la dirección y los productos, y carga el código que le da
            quien los entrega.
          </p>
          <p className="return-item__url">{request.courierLink}</p>
          <div className="return-item__actions">
            <a
              className="button button--primary"
              href={courierReturnWhatsAppUrl(store.name, request.storeOrderNumber, request.courierLink)}
              target="_blank"
              rel="noopener noreferrer"
            >
              Enviar al repartidor por WhatsApp
            </a>
            <CopyButton value={request.courierLink} what="enlace" />
          </div>
        </section>
      ) : null}
      {status === 'picked_up' ? (
        <div className="return-item__actions">
          <p>
            El repartidor ya retiró los productos. Cuando lleguen a la tienda, confírmalo: sale el reembolso.
          </p>
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => received.mutate()}
          >
            {received.isPending ? <Spinner size="small" /> : null}
            Recibí la devolución
          </button>
        </div>
      ) : null}
      {refusing ? (
        <ReturnReasonDialog
          title="Rechazar la devolución"
          label="¿Por qué no la aceptas?"
          confirmLabel="Rechazar la devolución"
          onClose={() => setRefusing(false)}
          onConfirm={async (reason) => {
            const next = await decideReturn(store.id, request.id, { accept: false, reason });
            setRefusing(false);
            settled(next, 'Rechazaste la devolución', 'Quien la pidió ve tu motivo.');
          }}
        >
          <p>
            Quien la pidió lee tu motivo. Si corresponde por ley (dentro del plazo y sin las excepciones del
            art. 16 bis), Mandado puede aceptarla igualmente.
          </p>
        </ReturnReasonDialog>
      ) : null}
    </ReturnDetails>
  );
}
