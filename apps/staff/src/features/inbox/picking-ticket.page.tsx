import { countOrderLines, orderCountsText } from '@mandado/shared/order-counts';
import type { MerchantStore } from '@mandado/shared/staff.schemas';
import type { StaffStoreOrder } from '@mandado/shared/staff-order.schemas';
import { STAFF_PATHS } from '@mandado/shared/staff-routes';
import { QueryError } from '@mandado/web-kit/query-error.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { CourierQr } from './courier-qr.tsx';
import { SUBSTITUTION_STORE_TEXT } from './inbox-wording.ts';
import { pickingOrderQueryOptions } from './picking.api.ts';
import './picking-ticket.css';

/** The gift message the remitter wrote (an occasion, decision 065), when the order carries one. */
function giftMessageOf(order: StaffStoreOrder): string | null {
  return order.gift_message?.trim() ? order.gift_message.trim() : null;
}

/**
 * `/comercio/pedidos/:number/ticket` (issue 31): a store order's picking ticket, to print (print CSS: the
 * app's header and navigation stay off the paper) or read on the phone: the order number, the delivery
 * window, the gift message when there is one, each line with a box to tick as it is picked, and the courier
 * link as a QR code once the order is ready (the link exists from 'Listo para entregar' on).
 */
export function PickingTicketPage({ store, number }: { store: MerchantStore; number: string }) {
  const order = useQuery(pickingOrderQueryOptions(store.id, number));

  useEffect(() => {
    const before = document.title;
    document.title = `Ticket ${number} · Mandado`;
    return () => {
      document.title = before;
    };
  }, [number]);

  if (order.isPending) return <Spinner label="Cargando el pedido" />;
  if (order.isError) {
    return <QueryError message={order.error.message} onRetry={() => void order.refetch()} />;
  }
  return <PickingTicket store={store} order={order.data} />;
}

function PickingTicket({ store, order }: { store: MerchantStore; order: StaffStoreOrder }) {
  const pickup = order.delivery === 'pickup';
  const name = `${order.beneficiary.first_name} ${order.beneficiary.last_name}`.trim();
  const gift = giftMessageOf(order);
  return (
    <article className="picking-ticket" aria-labelledby="picking-title">
      <p className="picking-ticket__tools">
        <Link to={STAFF_PATHS.merchant} className="button button--ghost">
          <span aria-hidden="true">←</span> Volver a los pedidos
        </Link>
        <button type="button" className="button button--primary" onClick={() => window.print()}>
          Imprimir
        </button>
      </p>
      <header className="picking-ticket__head">
        <p className="picking-ticket__store">{store.name}</p>
        <h1 id="picking-title" className="picking-ticket__number">
          Pedido {order.number}
        </h1>
        <p className="picking-ticket__kind">{pickup ? 'Retiro en la tienda' : 'Envío a domicilio'}</p>
        {/* The window the remitter chose (decision 065); an older order has only its days. */}
        <p className="picking-ticket__window">{order.window?.text ?? order.delivery_window.text}</p>
        <p className="picking-ticket__who">
          Para <strong>{name}</strong>
          {pickup ? null : ` · ${order.beneficiary.address_line1}, ${order.beneficiary.city.name}`}
        </p>
      </header>
      {gift ? (
        <section className="picking-ticket__gift" aria-label="Mensaje de regalo">
          <p className="picking-ticket__gift-title">Mensaje de regalo</p>
          <p className="picking-ticket__gift-text">{gift}</p>
        </section>
      ) : null}
      <section aria-labelledby="picking-lines">
        <h2 id="picking-lines" className="picking-ticket__subtitle">
          Productos · {orderCountsText(countOrderLines(order.lines))}
        </h2>
        <ul className="picking-lines">
          {order.lines.map((line) => (
            <li key={line.id} className="picking-line">
              <label className="picking-line__label">
                <input type="checkbox" className="picking-line__box" />
                <span className="picking-line__text">
                  <strong>{line.quantity} ×</strong> {line.name}
                  <span className="picking-line__hint"> · {SUBSTITUTION_STORE_TEXT[line.substitution]}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      </section>
      {pickup ? null : order.courier_url ? (
        <CourierQr url={order.courier_url} />
      ) : (
        <p className="picking-ticket__note">
          El código QR para el repartidor aparece aquí cuando marcas el pedido como listo para entregar.
        </p>
      )}
    </article>
  );
}
