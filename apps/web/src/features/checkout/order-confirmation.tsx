import './checkout.css';
import './order-confirmation.css';
import {
  type OrderGroup,
  PAYMENT_METHOD_LABELS,
  SUBSTITUTION_LABELS,
} from '@mandado/shared/checkout.schemas';
import { deliveryWindowText } from '@mandado/shared/date-text';
import { parseMoney } from '@mandado/shared/money';
import { moneyText, usdText } from '@mandado/shared/money-text';
import { DELIVERY_LABELS } from '@mandado/shared/order-pricing';
import type { DisplayCurrency } from '@mandado/web-kit/display-money.ts';
import { BankInstructionsBlock } from '@mandado/web-kit/orders/bank-instructions.tsx';
import { OrderNumber } from '../../components/order-number.tsx';
import { displayOrder } from './checkout-display.ts';
import { TrackingShare } from './tracking-share.tsx';

/** Spec §1: couriers deliver in 24 to 48 working hours; an unpaid transfer or deposit starts when paid. */
const AFTER_PAYMENT = 'Entregamos 24–48 h hábiles después de recibir tu pago';

/** The confirmation page's content: number, summary, store orders, instructions, tracking link. */
export function OrderConfirmation({ order, display }: { order: OrderGroup; display: DisplayCurrency }) {
  const pending = order.payment_status === 'pending';
  const pickup = order.delivery === 'pickup';
  const shown = displayOrder(order, display);
  const money = (minor: number) => moneyText(minor, shown.currency);
  const chargeText = usdText(parseMoney(order.total));
  let deliveryText: string = DELIVERY_LABELS[order.delivery];
  if (pickup) deliveryText = `${deliveryText} · se retira en cada tienda`;
  else if (pending) deliveryText = `${deliveryText} · ${AFTER_PAYMENT}`;
  else deliveryText = `${deliveryText} · ${deliveryWindowText(order.delivery_window)}`;
  return (
    <div className="order-confirmation">
      <div className="page-heading">
        <h1 className="page-heading__title">{pending ? 'Pedido recibido' : '¡Gracias por tu compra!'}</h1>
      </div>
      <p className="order-confirmation__number">
        Número de pedido: <strong className="order-number">{order.number}</strong>
      </p>
      <p>
        {pending
          ? 'Tu pedido queda reservado hasta que recibamos el pago.'
          : `Pago recibido${order.payment_label ? ` (${order.payment_label})` : ''}. Te enviamos la confirmación por correo.`}
      </p>
      {order.instructions ? (
        <BankInstructionsBlock instructions={order.instructions} headingLevel={2} />
      ) : null}
      <dl className="checkout-summary-list">
        {pickup && order.pickup_contact ? (
          <div>
            <dt>Retira</dt>
            <dd>
              {order.pickup_contact.name}, {order.pickup_contact.phone}
            </dd>
          </div>
        ) : (
          <div>
            <dt>Recibe</dt>
            <dd>
              {order.beneficiary.first_name} {order.beneficiary.last_name}
              {pickup ? '' : `, ${order.beneficiary.address_line1}`}
            </dd>
          </div>
        )}
        <div>
          <dt>Entrega</dt>
          <dd>{deliveryText}</dd>
        </div>
        <div>
          <dt>Si falta un producto</dt>
          <dd>{SUBSTITUTION_LABELS[order.substitution]}</dd>
        </div>
        <div>
          <dt>Pago</dt>
          <dd>{PAYMENT_METHOD_LABELS[order.payment_method]}</dd>
        </div>
      </dl>
      {/* The group's breakdown comes first: the coupon and the credit below are the ones each store shows. */}
      <section className="checkout-group-summary" aria-labelledby="order-summary-title">
        <h2 id="order-summary-title" className="checkout-store__name">
          Resumen
        </h2>
        <dl className="checkout-amounts checkout-amounts--grand">
          <div className="checkout-amounts__row">
            <dt>Productos</dt>
            <dd>{money(shown.subtotal)}</dd>
          </div>
          <div className="checkout-amounts__row">
            <dt>Envío</dt>
            <dd>{shown.shipping === 0 ? 'Gratis' : money(shown.shipping)}</dd>
          </div>
          {shown.discount > 0 ? (
            <div className="checkout-amounts__row">
              <dt>Descuento del cupón{order.coupon ? ` ${order.coupon}` : ''}</dt>
              <dd>−{money(shown.discount)}</dd>
            </div>
          ) : null}
          {shown.credit > 0 ? (
            <div className="checkout-amounts__row">
              <dt>Crédito</dt>
              <dd>−{money(shown.credit)}</dd>
            </div>
          ) : null}
          <div className="checkout-amounts__row checkout-amounts__row--total">
            <dt>{pending ? 'Total a pagar' : 'Total cobrado'}</dt>
            <dd>{money(shown.total)}</dd>
          </div>
        </dl>
        <p className="checkout-charge">
          {pending ? 'A pagar en dólares: ' : 'Se cobró '}
          <strong>{chargeText}</strong>.
        </p>
      </section>
      {order.stores.map((store, storeIndex) => {
        const shownStore = shown.stores[storeIndex];
        if (!shownStore) return null;
        return (
          <section
            key={store.number}
            className="checkout-store"
            aria-labelledby={`store-order-${store.number}`}
          >
            <h2 id={`store-order-${store.number}`} className="checkout-store__name">
              {store.store.name} · <OrderNumber>{store.number}</OrderNumber>
            </h2>
            <p className="checkout-store__status">{store.status_label}</p>
            {pickup ? (
              <p className="checkout-store__pickup">
                Retira en <strong>{store.store.address}</strong>
              </p>
            ) : null}
            <ul className="checkout-lines">
              {store.lines.map((line, lineIndex) => (
                <li key={`${line.product_id}-${line.name}`} className="checkout-line">
                  <span className="checkout-line__name">
                    {line.name} × {line.quantity}
                    {line.substitution !== order.substitution ? (
                      <span className="checkout-line__unit">
                        {' '}
                        · Si falta: {SUBSTITUTION_LABELS[line.substitution]}
                      </span>
                    ) : null}
                  </span>
                  <span className="checkout-line__amount">{money(shownStore.lines[lineIndex] ?? 0)}</span>
                </li>
              ))}
            </ul>
            <dl className="checkout-amounts">
              <div className="checkout-amounts__row">
                <dt>Subtotal</dt>
                <dd>{money(shownStore.subtotal)}</dd>
              </div>
              {shownStore.discount > 0 ? (
                <div className="checkout-amounts__row">
                  <dt>Descuento del cupón</dt>
                  <dd>−{money(shownStore.discount)}</dd>
                </div>
              ) : null}
              <div className="checkout-amounts__row">
                <dt>Envío</dt>
                <dd>{shownStore.shipping === 0 ? 'Gratis' : money(shownStore.shipping)}</dd>
              </div>
              {shownStore.credit > 0 ? (
                <div className="checkout-amounts__row">
                  <dt>Crédito</dt>
                  <dd>−{money(shownStore.credit)}</dd>
                </div>
              ) : null}
              <div className="checkout-amounts__row checkout-amounts__row--total">
                <dt>Total de la tienda</dt>
                <dd>{money(shownStore.total)}</dd>
              </div>
            </dl>
          </section>
        );
      })}
      <TrackingShare url={order.tracking_url} orderNumber={order.number} />
    </div>
  );
}
