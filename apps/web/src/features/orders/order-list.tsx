import type { OrderSummary } from '@mandado/shared/checkout.schemas';
import { dateText } from '@mandado/shared/date-text';
import { parseMoney } from '@mandado/shared/money';
import { usdText } from '@mandado/shared/money-text';
import { STORE_ORDER_STATUS_LABELS } from '@mandado/shared/order-status';
import { StatusBadge, StoreStatusBadge } from '@mandado/web-kit/orders/status-timeline.tsx';
import { Link } from 'react-router';
import { OrderNumber } from '../../components/order-number.tsx';
import { paymentChip } from './order-fulfilment.ts';
import { awaitsManualPayment, orderStateBadge, totalLabel } from './order-wording.ts';
import './orders.css';

/** 'Mis Compras': one card per checkout, newest first (the API's order). */
export function OrderList({
  orders,
  detailPath,
}: {
  orders: readonly OrderSummary[];
  detailPath: (number: string) => string;
}) {
  return (
    <ul className="order-list">
      {orders.map((order) => {
        const titleId = `order-${order.number}`;
        const state = orderStateBadge(order);
        // The payment chip would repeat "Esperando tu pago" (or a cancelled order's payment that never comes).
        const showPaymentChip =
          !awaitsManualPayment(order) &&
          !(order.status === 'cancelled' && order.payment_status === 'pending');
        return (
          <li key={order.number}>
            <article className="order-card" aria-labelledby={titleId}>
              <header className="order-card__head">
                <h3 id={titleId} className="order-card__title">
                  <Link to={detailPath(order.number)} className="order-card__link">
                    Pedido <OrderNumber>{order.number}</OrderNumber>
                  </Link>
                </h3>
                <time className="order-card__date" dateTime={order.created}>
                  {dateText(order.created)}
                </time>
              </header>
              {order.beneficiary_name ? (
                <p className="order-card__for">Para {order.beneficiary_name}</p>
              ) : null}
              <ul className="order-card__stores" aria-label="Tiendas">
                {order.stores.map((store, index) => (
                  // A store may appear twice only in theory; its position keeps the key unique.
                  // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed for the order.
                  <li key={`${index}-${store.name}`} className="order-card__store">
                    <span className="order-card__store-name">{store.name}</span>
                    <StoreStatusBadge status={store.status} label={STORE_ORDER_STATUS_LABELS[store.status]} />
                  </li>
                ))}
              </ul>
              <dl className="order-card__facts">
                <div>
                  <dt>{totalLabel(order)}</dt>
                  <dd>
                    {/* The dollar record: the list has no lines to build a peso total from, and one converted
                        back from dollars would differ by cents from the one the order page adds up. */}
                    <span className="order-card__total">{usdText(parseMoney(order.total))}</span>
                  </dd>
                </div>
                <div>
                  <dt>Estado</dt>
                  <dd className="order-card__badges">
                    <StatusBadge label={state.label} tone={state.tone} />
                    {showPaymentChip ? <StatusBadge {...paymentChip(order)} /> : null}
                  </dd>
                </div>
              </dl>
            </article>
          </li>
        );
      })}
    </ul>
  );
}
