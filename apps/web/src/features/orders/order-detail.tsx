import {
  type OrderGroup,
  PAYMENT_METHOD_LABELS,
  SUBSTITUTION_LABELS,
} from '@mandado/shared/checkout.schemas';
import { dateTimeWithZoneText, deliveryWindowText } from '@mandado/shared/date-text';
import { usdText } from '@mandado/shared/money-text';
import { DELIVERY_LABELS } from '@mandado/shared/order-pricing';
import { BankInstructionsBlock } from '@mandado/web-kit/orders/bank-instructions.tsx';
import { orderFigures } from '@mandado/web-kit/orders/order-figures.ts';
import { FigureAmount } from '@mandado/web-kit/orders/order-money.tsx';
import { StatusBadge } from '@mandado/web-kit/orders/status-timeline.tsx';
import { OrderNumber } from '../../components/order-number.tsx';
import { useDisplayCurrency } from '../../hooks/use-display-currency.ts';
import { paymentChip, refundedFigure } from './order-fulfilment.ts';
import { trackingMailtoUrl, trackingWhatsAppUrl } from './order-links.ts';
import { OrderSupport } from './order-support.tsx';
import {
  AWAITING_YOUR_PAYMENT,
  awaitsManualPayment,
  deliveryTimingText,
  orderStateBadge,
} from './order-wording.ts';
import { useRepeatOrder } from './use-repeat-order.ts';
import './orders.css';

import { OrderSummary, StoreOrderSection } from './store-order-section.tsx';
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
  const display = useDisplayCurrency();
  const figures = orderFigures(order, display);
  const chip = paymentChip(order);
  const refunded = order.refund_status === 'none' ? null : refundedFigure(order, figures, display);
  const state = orderStateBadge(order);
  const awaitingPayment = awaitsManualPayment(order);
  const pickup = order.delivery === 'pickup';
  return (
    <article className="order-detail" aria-labelledby="order-detail-title">
      <header className="order-detail__head">
        <div>
          <h2 id="order-detail-title" className="order-detail__title">
            Pedido <OrderNumber>{order.number}</OrderNumber>
          </h2>
          <p className="order-detail__date">
            Realizado el <time dateTime={order.created}>{dateTimeWithZoneText(order.created)}</time>
          </p>
        </div>
        <div className="order-detail__badges">
          <StatusBadge label={state.label} tone={state.tone} />
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
          <StatusBadge
            label={awaitingPayment ? AWAITING_YOUR_PAYMENT : chip.label}
            tone={awaitingPayment ? 'warn' : chip.tone}
          />
          <span>
            {method}
            {order.payment_label ? ` · ${order.payment_label}` : ''}
          </span>
        </p>
        {refunded ? (
          <p className="order-panel__row">
            <span>
              Reembolsos:{' '}
              <FigureAmount
                minor={refunded.minor}
                currency={refunded.currency}
                charge={refunded.dollars === null ? undefined : usdText(refunded.dollars)}
              />
            </span>
            <span className="order-panel__note">El detalle está en cada tienda.</span>
          </p>
        ) : null}
        {order.instructions ? <BankInstructionsBlock instructions={order.instructions} /> : null}
      </section>

      <section className="order-panel" aria-labelledby="order-stores-title">
        <h3 id="order-stores-title" className="order-panel__title">
          {order.stores.length === 1 ? 'Tu pedido' : `Tus pedidos en ${order.stores.length} tiendas`}
        </h3>
        <div className="order-detail__stores">
          {order.stores.map((storeOrder, index) => {
            const storeFigures = figures.stores[index];
            return storeFigures ? (
              <StoreOrderSection
                key={storeOrder.number}
                storeOrder={storeOrder}
                figures={storeFigures}
                currency={figures.currency}
                converted={figures.converted}
                display={display}
                order={order}
              />
            ) : null;
          })}
        </div>
      </section>

      <OrderSummary order={order} figures={figures} />

      <div className="order-detail__pair">
        <section className="order-panel" aria-labelledby="order-delivery-title">
          <h3 id="order-delivery-title" className="order-panel__title">
            Entrega
          </h3>
          <p>
            <strong>{DELIVERY_LABELS[order.delivery]}</strong>:{' '}
            {deliveryTimingText({
              delivery: order.delivery,
              awaitingPayment,
              windowText: deliveryWindowText(order.delivery_window),
            })}
          </p>
          {/* Decision 065: each store order's window, when someone must be home for it. */}
          {order.stores.some((store) => store.window_text) ? (
            <ul className="order-panel__note">
              {order.stores.map((store) =>
                store.window_text ? (
                  <li key={store.number}>
                    {store.store.name}: {store.window_text} (hora de Montevideo)
                  </li>
                ) : null,
              )}
            </ul>
          ) : null}
          <p className="order-panel__note">
            Si falta un producto: {SUBSTITUTION_LABELS[order.substitution]}.
          </p>
          {/* A pick-up names who collects it (issue 16): that person and phone, as the store will ask for them. */}
          {pickup && order.pickup_contact ? (
            <>
              <h4 className="order-panel__subtitle">Quién retira</h4>
              <address className="order-beneficiary">
                <span className="order-beneficiary__name">{order.pickup_contact.name}</span>
                <span>Celular: {order.pickup_contact.phone}</span>
              </address>
            </>
          ) : (
            <>
              <h4 className="order-panel__subtitle">Quién recibe</h4>
              <address className="order-beneficiary">
                <span className="order-beneficiary__name">
                  {beneficiary.first_name} {beneficiary.last_name}
                </span>
                {/* Pick-up: the family member goes to each store (its address is in the store's block); their
                    home address and the courier's directions mean nothing here. */}
                {pickup ? null : (
                  <span>
                    {beneficiary.address_line1}, {beneficiary.city.name}
                  </span>
                )}
                {!pickup && beneficiary.meeting_point ? (
                  <span>Punto de encuentro: {beneficiary.meeting_point}</span>
                ) : null}
                {beneficiary.mobile_number ? <span>Celular: {beneficiary.mobile_number}</span> : null}
                {beneficiary.phone_number ? <span>Teléfono: {beneficiary.phone_number}</span> : null}
                {beneficiary.email ? <span>Correo: {beneficiary.email}</span> : null}
                {!pickup && beneficiary.delivery_notes ? (
                  <span>Indicaciones: {beneficiary.delivery_notes}</span>
                ) : null}
              </address>
            </>
          )}
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

      <OrderSupport
        orderNumber={order.number}
        title="¿Consultas sobre este pedido?"
        titleId="order-support-title"
        headingLevel={3}
        withEmail
      />
    </article>
  );
}
