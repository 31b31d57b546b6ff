import {
  DELIVERY_LABELS,
  type OrderGroup,
  PAYMENT_METHOD_LABELS,
  type StoreOrder,
  SUBSTITUTION_LABELS,
} from '@mandado/shared/checkout.schemas';
import { formatDeliveryWindow } from '@mandado/shared/delivery-window';
import {
  ORDER_GROUP_STATUS_LABELS,
  PAYMENT_STATUS_LABELS,
  STORE_ORDER_STATUS_LABELS,
} from '@mandado/shared/order-status';
import { SUPPORT_HOURS } from '@mandado/shared/support-contact';
import { useDisplayCurrency } from '../../hooks/use-display-currency.ts';
import { SUPPORT_EMAIL } from '../../lib/contact.ts';
import { formatPrice } from '../../lib/display-money.ts';
import { BankInstructionsBlock } from './bank-instructions.tsx';
import { supportWhatsAppUrl, trackingMailtoUrl, trackingWhatsAppUrl } from './order-links.ts';
import { OrderAmount, usdText } from './order-money.tsx';
import { formatOrderDateTime, groupStatusTone, paymentStatusTone, timelineSteps } from './order-timeline.ts';
import { StatusBadge, StatusTimeline, StoreStatusBadge } from './status-timeline.tsx';
import { useRepeatOrder } from './use-repeat-order.ts';
import './orders.css';

function isZero(decimal: string): boolean {
  return /^-?0+\.0+$/.test(decimal);
}

function StoreOrderSection({ storeOrder }: { storeOrder: StoreOrder }) {
  const display = useDisplayCurrency();
  const titleId = `store-order-${storeOrder.number}`;
  const statusLabel = storeOrder.status_label || STORE_ORDER_STATUS_LABELS[storeOrder.status];
  return (
    <section className="store-order" aria-labelledby={titleId}>
      <header className="store-order__head">
        <h3 id={titleId} className="store-order__title">
          {storeOrder.store.name} <span className="store-order__number">{storeOrder.number}</span>
        </h3>
        <StoreStatusBadge status={storeOrder.status} label={statusLabel} />
      </header>
      <ul className="store-order__lines" aria-label={`Productos de ${storeOrder.store.name}`}>
        {storeOrder.lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a snapshot's lines never move; a deleted product has no id.
          <li key={`${index}-${line.product_id ?? line.name}`} className="store-order__line">
            <span className="store-order__line-name">
              <span className="store-order__qty">{line.quantity} ×</span> {line.name}
            </span>
            <span className="store-order__line-price">
              {formatPrice(line.unit_price, line.currency, display)} c/u
            </span>
            {/* The unit price in the display currency, and what the line was charged in dollars: dollar lines
                add up exactly to the store's dollar total (each converted back would not). */}
            <span className="store-order__line-total">{usdText(line.total)}</span>
          </li>
        ))}
      </ul>
      <dl className="order-sums order-sums--store">
        <div>
          <dt>Envío</dt>
          <dd>{isZero(storeOrder.shipping) ? 'Gratis' : <OrderAmount usd={storeOrder.shipping} />}</dd>
        </div>
        <div className="order-sums__total">
          <dt>Total de la tienda</dt>
          <dd>
            <OrderAmount usd={storeOrder.total} />
          </dd>
        </div>
      </dl>
      <h4 className="store-order__timeline-title">Seguimiento</h4>
      <StatusTimeline
        label={`Estados de ${storeOrder.store.name}`}
        steps={timelineSteps(storeOrder.history, { status: storeOrder.status, label: statusLabel })}
      />
    </section>
  );
}

function paymentTone(order: OrderGroup) {
  return paymentStatusTone(order.payment_status, order.status);
}

/**
 * One checkout as the remitter sees it (issue 10, 'Mis Compras'): status, payment, how to pay while a
 * transfer is pending, the family member's tracking link, support, and the store orders with their timelines.
 */
export function OrderDetail({ order }: { order: OrderGroup }) {
  const { repeat, isPending, unavailable } = useRepeatOrder();
  const beneficiary = order.beneficiary;
  const mailto = trackingMailtoUrl(
    beneficiary.email,
    beneficiary.first_name,
    order.number,
    order.tracking_url,
  );
  const method = PAYMENT_METHOD_LABELS[order.payment_method];
  return (
    <article className="order-detail" aria-labelledby="order-detail-title">
      <header className="order-detail__head">
        <div>
          <h2 id="order-detail-title" className="order-detail__title">
            Pedido {order.number}
          </h2>
          <p className="order-detail__date">
            Realizado el <time dateTime={order.created}>{formatOrderDateTime(order.created)}</time>
          </p>
        </div>
        <div className="order-detail__badges">
          <StatusBadge label={ORDER_GROUP_STATUS_LABELS[order.status]} tone={groupStatusTone(order.status)} />
          <button
            type="button"
            className="button button--primary button--small"
            onClick={() => repeat(order.number)}
            disabled={isPending}
            aria-describedby="order-repeat-hint"
          >
            {isPending ? 'Agregando…' : 'Repetir pedido'}
          </button>
          <span id="order-repeat-hint" className="visually-hidden">
            Agrega a tu carrito los productos de este pedido que sigan a la venta.
          </span>
        </div>
      </header>

      {unavailable.length > 0 ? (
        <div className="order-detail__notice order-detail__notice--warn" role="status">
          <p>No pudimos agregar estos productos al carrito:</p>
          <ul className="order-unavailable">
            {unavailable.map((product, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the answer's list is shown as given.
              <li key={`${index}-${product.name}`}>
                {product.name}
                {product.reason ? ` — ${product.reason}` : ''}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {order.status === 'cancelled' && order.cancel_reason ? (
        <p className="order-detail__notice order-detail__notice--danger">{order.cancel_reason}</p>
      ) : null}

      <section className="order-panel" aria-labelledby="order-payment-title">
        <h3 id="order-payment-title" className="order-panel__title">
          Pago
        </h3>
        <p className="order-panel__row">
          <StatusBadge label={PAYMENT_STATUS_LABELS[order.payment_status]} tone={paymentTone(order)} />
          <span>
            {method}
            {order.payment_label ? ` · ${order.payment_label}` : ''}
          </span>
        </p>
        {order.instructions ? <BankInstructionsBlock instructions={order.instructions} /> : null}
        <dl className="order-sums">
          <div>
            <dt>Productos</dt>
            <dd>
              <OrderAmount usd={order.subtotal} />
            </dd>
          </div>
          {isZero(order.discount) ? null : (
            <div>
              <dt>Descuento{order.coupon ? ` (cupón ${order.coupon})` : ''}</dt>
              <dd>
                − <OrderAmount usd={order.discount} />
              </dd>
            </div>
          )}
          <div>
            <dt>Envío</dt>
            <dd>{isZero(order.shipping) ? 'Gratis' : <OrderAmount usd={order.shipping} />}</dd>
          </div>
          {isZero(order.credit) ? null : (
            <div>
              <dt>Crédito usado</dt>
              <dd>
                − <OrderAmount usd={order.credit} />
              </dd>
            </div>
          )}
          <div className="order-sums__total">
            <dt>Total</dt>
            <dd>
              <OrderAmount usd={order.total} />
            </dd>
          </div>
        </dl>
        <p className="order-panel__note">Se cobra en dólares: {usdText(order.total)}.</p>
      </section>

      <section className="order-panel" aria-labelledby="order-stores-title">
        <h3 id="order-stores-title" className="order-panel__title">
          {order.stores.length === 1 ? 'Tu pedido' : `Tus pedidos en ${order.stores.length} tiendas`}
        </h3>
        <div className="order-detail__stores">
          {order.stores.map((storeOrder) => (
            <StoreOrderSection key={storeOrder.number} storeOrder={storeOrder} />
          ))}
        </div>
      </section>

      <div className="order-detail__pair">
        <section className="order-panel" aria-labelledby="order-delivery-title">
          <h3 id="order-delivery-title" className="order-panel__title">
            Entrega
          </h3>
          <p>
            <strong>{DELIVERY_LABELS[order.delivery]}</strong>: {formatDeliveryWindow(order.delivery_window)}.
          </p>
          <p className="order-panel__note">
            Si falta un producto: {SUBSTITUTION_LABELS[order.substitution]}.
          </p>
          <h4 className="order-panel__subtitle">Quién recibe</h4>
          <address className="order-beneficiary">
            <span className="order-beneficiary__name">
              {beneficiary.first_name} {beneficiary.last_name}
            </span>
            <span>
              {beneficiary.address_line1}, {beneficiary.city.name}
            </span>
            {beneficiary.meeting_point ? <span>Punto de encuentro: {beneficiary.meeting_point}</span> : null}
            {beneficiary.mobile_number ? <span>Celular: {beneficiary.mobile_number}</span> : null}
            {beneficiary.phone_number ? <span>Teléfono: {beneficiary.phone_number}</span> : null}
            {beneficiary.email ? <span>Correo: {beneficiary.email}</span> : null}
            {beneficiary.delivery_notes ? <span>Indicaciones: {beneficiary.delivery_notes}</span> : null}
          </address>
        </section>

        <section className="order-panel" aria-labelledby="order-tracking-title">
          <h3 id="order-tracking-title" className="order-panel__title">
            Seguimiento para {beneficiary.first_name}
          </h3>
          <p>
            Comparte este enlace con quien recibe: ve el estado de cada tienda y la fecha de entrega, sin
            precios y sin cuenta.
          </p>
          <p className="order-tracking__link">
            <a href={order.tracking_url}>{order.tracking_url}</a>
          </p>
          <div className="order-actions">
            <a
              className="button button--secondary button--small"
              href={trackingWhatsAppUrl(beneficiary.first_name, order.number, order.tracking_url)}
              target="_blank"
              rel="noopener noreferrer"
            >
              Compartir por WhatsApp
            </a>
            {mailto ? (
              <a className="button button--secondary button--small" href={mailto}>
                Enviar por correo
              </a>
            ) : null}
          </div>
        </section>
      </div>

      <section className="order-panel order-support" aria-labelledby="order-support-title">
        <h3 id="order-support-title" className="order-panel__title">
          ¿Consultas sobre este pedido?
        </h3>
        <p>
          Escríbenos con el número {order.number}. {SUPPORT_HOURS}.
        </p>
        <div className="order-actions">
          <a
            className="button button--secondary button--small"
            href={supportWhatsAppUrl(order.number)}
            target="_blank"
            rel="noopener noreferrer"
          >
            Consultar por WhatsApp
          </a>
          <a
            className="button button--secondary button--small"
            href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(`Consulta por mi pedido ${order.number}`)}`}
          >
            Consultar por correo
          </a>
        </div>
      </section>
    </article>
  );
}
