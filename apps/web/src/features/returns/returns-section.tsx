import { dateTimeText } from '@mandado/shared/date-text';
import type { ReturnRequest, ReturnsOverview } from '@mandado/shared/returns-schemas';
import { lazyWithReload } from '@mandado/web-kit/lazy-with-reload.ts';
import { StatusBadge } from '@mandado/web-kit/orders/status-timeline.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { notify } from '@mandado/web-kit/toast-store.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import type { ReturnFormOutput } from './return-form.tsx';
import {
  cancelReturn,
  type ReturnsScope,
  returnsQueryKey,
  returnsQueryOptions,
  sendReturn,
  uploadReturnPhoto,
} from './returns.api.ts';
import { lineBlockedReason, returnDeadlineText, returnStatusTone } from './returns-wording.ts';
import './returns.css';

// The form brings zod and react-hook-form: the order page shows without them and fetches them on
// 'Devolver productos'.
const ReturnForm = lazy(
  lazyWithReload(async () => ({ default: (await import('./return-form.tsx')).ReturnForm })),
);

type StoreOrderChoice = ReturnsOverview['storeOrders'][number];

function openButtonId(storeOrderNumber: string): string {
  return `return-open-${storeOrderNumber}`;
}

/**
 * Returns of one order (issue 32, Ley 17.250 art. 16), under the order in 'Mis Compras' and on the family's
 * tracking page: the returns asked for (status, the pickup code to give the courier, the refund once done),
 * and per delivered store order still in its period, 'Devolver productos' with the deadline. Nothing shows
 * for an order that has no return and no store order open (not delivered yet, or the period is over).
 */
export function ReturnsSection({ scope }: { scope: ReturnsScope }) {
  const overview = useQuery(returnsQueryOptions(scope));
  const [open, setOpen] = useState<string | null>(null);
  const queryClient = useQueryClient();
  if (!overview.data) return null;
  const { storeOrders, requests } = overview.data;
  // In its window and with something left to return: a store order whose every unit is already asked for,
  // or has only lines that cannot go back, offers no form.
  const openOrders = storeOrders.filter(
    (storeOrder) => storeOrder.open && storeOrder.lines.some((line) => lineBlockedReason(line) === null),
  );
  if (requests.length === 0 && openOrders.length === 0) return null;

  async function send(storeOrder: StoreOrderChoice, output: ReturnFormOutput) {
    const photoId = output.photo ? await uploadReturnPhoto(scope, output.photo) : undefined;
    await sendReturn(scope, { ...output.input, ...(photoId ? { photoId } : {}) });
    setOpen(null);
    notify({
      kind: 'success',
      title: 'Pediste la devolución',
      message: `${storeOrder.storeName} te responde aquí. Si la acepta, verás el código para el repartidor.`,
    });
    await queryClient.invalidateQueries({ queryKey: returnsQueryKey(scope) });
    // The form is gone: the focus goes to the block's title, above the new request.
    document.getElementById('returns-title')?.focus();
  }

  function closeForm(storeOrderNumber: string) {
    setOpen(null);
    // Back on the button that opened it, once it is rendered again.
    requestAnimationFrame(() => document.getElementById(openButtonId(storeOrderNumber))?.focus());
  }

  return (
    <section className="order-panel returns" aria-labelledby="returns-title">
      <h2 id="returns-title" className="order-panel__title" tabIndex={-1}>
        Devoluciones
      </h2>
      {requests.length > 0 ? (
        <ul className="returns__list" aria-label="Devoluciones pedidas">
          {requests.map((request) => (
            <ReturnRequestCard key={request.id} request={request} scope={scope} />
          ))}
        </ul>
      ) : null}
      {openOrders.map((storeOrder) => (
        <div key={storeOrder.storeOrderNumber} className="returns__store">
          {open === storeOrder.storeOrderNumber ? (
            <Suspense fallback={<Spinner label="Cargando el formulario" />}>
              <ReturnForm
                storeOrder={storeOrder}
                requester={scope.kind}
                send={(output) => send(storeOrder, output)}
                onCancel={() => closeForm(storeOrder.storeOrderNumber)}
              />
            </Suspense>
          ) : (
            <>
              <p>
                <strong>{storeOrder.storeName}</strong>{' '}
                <span className="order-number">{storeOrder.storeOrderNumber}</span>
              </p>
              {storeOrder.deadline ? (
                <p className="returns__deadline">{returnDeadlineText(storeOrder.deadline)}</p>
              ) : null}
              <button
                id={openButtonId(storeOrder.storeOrderNumber)}
                type="button"
                className="button button--secondary button--small"
                onClick={() => setOpen(storeOrder.storeOrderNumber)}
              >
                Devolver productos
                <span className="visually-hidden"> de {storeOrder.storeName}</span>
              </button>
            </>
          )}
        </div>
      ))}
      <p className="order-panel__note">
        Tienes 5 días hábiles desde la entrega para devolver lo que compraste (Ley 17.250). No se devuelven
        alimentos frescos, productos de higiene o de farmacia abiertos ni los marcados «No admite devolución».
      </p>
    </section>
  );
}

function ReturnRequestCard({ request, scope }: { request: ReturnRequest; scope: ReturnsScope }) {
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => {
      if (scope.kind !== 'remitter') throw new Error('Only the remitter cancels.');
      return cancelReturn(scope.orderNumber, request.id);
    },
    onSuccess: () => {
      notify({ kind: 'success', title: 'Cancelaste la devolución' });
      void queryClient.invalidateQueries({ queryKey: returnsQueryKey(scope) });
    },
    onError: (error) => notify({ kind: 'error', title: 'No pudimos cancelarla', message: error.message }),
  });
  const titleId = `return-${request.id}`;
  return (
    <li className="return-card" aria-labelledby={titleId}>
      <div className="return-card__head">
        <h3 id={titleId} className="return-card__title">
          Devolución en {request.storeName} <span className="order-number">{request.storeOrderNumber}</span>
        </h3>
        <StatusBadge label={request.statusText} tone={returnStatusTone(request.status)} />
      </div>
      <p className="order-panel__note">
        Pedida el <time dateTime={request.createdAt}>{dateTimeText(request.createdAt)}</time>
        {request.requestedBy === 'family' ? ' por quien recibió la compra' : ''}.
      </p>
      <ul className="return-card__lines">
        {request.lines.map((line) => (
          <li key={line.lineId}>
            {line.quantity} × {line.name}
          </li>
        ))}
      </ul>
      <p>
        <strong>Motivo:</strong> {request.reason}
      </p>
      {request.refusalReason && request.status === 'refused' ? (
        <p className="order-detail__notice order-detail__notice--danger">
          La tienda no la aceptó: {request.refusalReason} Si no estás de acuerdo, escríbenos.
        </p>
      ) : null}
      {request.overruleReason ? (
        <p className="order-panel__note">Mandado la aceptó: {request.overruleReason}</p>
      ) : null}
      {request.status === 'accepted' && request.pickupCode ? (
        <div className="return-card__code">
          <p>
            Un repartidor pasa a retirar los productos. Dale este código cuando se los entregues, no antes:
          </p>
          <p className="return-card__code-value">
            <span className="visually-hidden">Código de retiro: </span>
            {request.pickupCode}
          </p>
        </div>
      ) : null}
      {request.status === 'picked_up' ? (
        <p className="order-panel__note">La tienda recibe los productos y entonces sale el reembolso.</p>
      ) : null}
      {request.refundText ? (
        <p className="return-card__refund">
          <strong>Reembolso:</strong> {request.refundText}
        </p>
      ) : null}
      {scope.kind === 'remitter' && request.status === 'requested' ? (
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={cancel.isPending}
          onClick={() => cancel.mutate()}
        >
          Cancelar la devolución
        </button>
      ) : null}
    </li>
  );
}
