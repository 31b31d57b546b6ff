import type { Tracking } from '@mandado/shared/checkout.schemas';
import {
  dateTimeText,
  dayMonthAndTimeText,
  deliveryWindowText,
  MONTEVIDEO_TIME_NOTE,
} from '@mandado/shared/date-text';
import { orderCountsText } from '@mandado/shared/order-counts';
import { timelineSteps } from '@mandado/web-kit/orders/order-timeline.ts';
import { StatusTimeline, StoreStatusBadge } from '@mandado/web-kit/orders/status-timeline.tsx';
import { FallbackImage } from '../../components/fallback-image.tsx';
import { OrderNumber } from '../../components/order-number.tsx';
import { attemptText, deliveryCodeHint, lineChangeText } from './order-fulfilment.ts';
import { OrderSupport } from './order-support.tsx';
import { nextStepText } from './order-wording.ts';
import { ReceiptPanel } from './receipt-panel.tsx';
import './orders.css';

/**
 * The family member's page (issues 10, 16, 17): their first name, who sent it (first name only), when it
 * arrives, and each store's products and timeline; the delivery code to read out at the door while a handover
 * is ahead, failed delivery attempts, and products the store did not have or replaced (by name). No prices
 * and nothing about the remitter's payment: the link travels by WhatsApp and may be forwarded.
 */
export function TrackingView({ tracking, token }: { tracking: Tracking; token: string }) {
  const name = tracking.beneficiary_first_name.trim();
  // Issue 16: who sent it, by first name only (the link may be forwarded).
  const sender = tracking.sender_first_name.trim();
  const cancelled = tracking.status === 'cancelled';
  const pickup = tracking.delivery === 'pickup';
  // Every store still pending: the payment has not arrived yet (a transfer may take days), so the days
  // counted from the order's date would be a promise the couriers cannot keep.
  const notYetApproved = tracking.stores.every((store) => store.status === 'pending');
  return (
    <article className="tracking" aria-labelledby="tracking-title">
      <header className="tracking__head">
        <h1 id="tracking-title" className="tracking__title">
          {name ? `Hola, ${name}` : 'Hola'}
        </h1>
        <p className="tracking__lead">
          {sender ? `${sender} te envió una compra por Mandado.` : 'Te enviaron una compra por Mandado.'} Aquí
          ves qué te llega y cómo avanza cada tienda (pedido <OrderNumber>{tracking.number}</OrderNumber>).
        </p>
        {tracking.gift_message ? (
          <blockquote className="tracking__gift">
            <p>{tracking.gift_message}</p>
            {sender ? <footer>— {sender}</footer> : null}
          </blockquote>
        ) : null}
      </header>
      {cancelled ? (
        <p className="order-detail__notice order-detail__notice--danger">Este pedido fue cancelado.</p>
      ) : tracking.status === 'awaiting_payment' ? (
        <p className="order-detail__notice order-detail__notice--warn">
          El pedido todavía se está confirmando.
        </p>
      ) : null}
      {cancelled ? null : (
        <section className="order-panel" aria-labelledby="tracking-window-title">
          <h2 id="tracking-window-title" className="order-panel__title">
            {pickup ? 'Retiro en la tienda' : 'Entrega a domicilio'}
          </h2>
          {pickup ? (
            <p className="tracking__window">
              Lo retiras en cada tienda cuando aquí figure «Listo para entregar».
            </p>
          ) : notYetApproved ? (
            <p className="tracking__window">
              Llega entre 24 y 48 horas hábiles después de que las tiendas aprueben el pedido.
            </p>
          ) : (
            <p className="tracking__window">{deliveryWindowText(tracking.delivery_window)}.</p>
          )}
          {pickup ? null : <p className="order-panel__note">Los repartidores entregan de lunes a viernes.</p>}
        </section>
      )}
      <div className="tracking__stores">
        {tracking.stores.map((store) => {
          const titleId = `tracking-store-${store.number}`;
          const steps = timelineSteps(
            store.history.map((change) => ({ to: change.to, label: change.label, at: change.at })),
            { status: store.status, label: store.status_label },
          );
          const last = steps.at(-1);
          const next = cancelled ? null : nextStepText(store.status, tracking.delivery);
          return (
            <section key={store.number} className="store-order" aria-labelledby={titleId}>
              <header className="store-order__head">
                <h2 id={titleId} className="store-order__title">
                  {store.store_name}
                </h2>
                <StoreStatusBadge status={store.status} label={store.status_label} />
              </header>
              {pickup ? <p className="order-panel__note">Retira en {store.store_address}</p> : null}
              {store.arrived_at ? (
                <p className="order-detail__notice order-detail__notice--warn" role="status">
                  El repartidor llegó ({dayMonthAndTimeText(store.arrived_at)}): sal a recibirlo
                  {store.delivery_code ? ' con tu código' : ''}.
                </p>
              ) : null}
              {!pickup && store.window_text && !cancelled ? (
                <p className="tracking__window">
                  Llega el {store.window_text} (hora de Montevideo): que alguien esté en casa.
                </p>
              ) : null}
              {store.delivery_code ? (
                <p className="tracking-code">
                  <span className="tracking-code__label">Código de entrega:</span>{' '}
                  <strong className="tracking-code__digits">{store.delivery_code}</strong>{' '}
                  <span className="tracking-code__hint">— {deliveryCodeHint(tracking.delivery)}</span>
                </p>
              ) : null}
              <p className="order-panel__note">
                {orderCountsText({ products: store.products, units: store.items })}
                {last?.dateTime
                  ? ` · actualizado el ${dateTimeText(last.dateTime)} (${MONTEVIDEO_TIME_NOTE})`
                  : ''}
              </p>
              {store.lines.length > 0 ? (
                <ul className="tracking-lines" aria-label={`Productos de ${store.store_name}`}>
                  {store.lines.map((line, index) => {
                    const change = lineChangeText(line);
                    return (
                      // Lines carry no id on this public page; their order is fixed by the server.
                      // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders.
                      <li key={index} className="tracking-lines__item">
                        <FallbackImage
                          src={line.image ?? undefined}
                          alt=""
                          width={48}
                          height={48}
                          className="tracking-lines__image"
                        />
                        <span className="tracking-lines__name">
                          {line.name}
                          {change ? <span className="tracking-lines__change">{change}</span> : null}
                        </span>
                        <span className="tracking-lines__quantity">
                          {line.quantity === 1 ? '1 unidad' : `${line.quantity} unidades`}
                        </span>
                      </li>
                    );
                  })}
                </ul>
              ) : null}
              {store.attempts.length > 0 ? (
                <ul
                  className="store-delivery__attempts"
                  aria-label={`Intentos de entrega de ${store.store_name}`}
                >
                  {store.attempts.map((attempt) => (
                    <li key={`${attempt.at}-${attempt.reason}`} className="store-delivery__attempt">
                      <time dateTime={attempt.at}>{attemptText(attempt)}</time>
                    </li>
                  ))}
                </ul>
              ) : null}
              {next ? (
                <p className="store-order__next">
                  <strong>Próximo paso:</strong> {next}
                </p>
              ) : null}
              <ReceiptPanel token={token} store={store} />
              <StatusTimeline label={`Estados de ${store.store_name}`} steps={steps} />
            </section>
          );
        })}
      </div>
      <OrderSupport
        orderNumber={tracking.number}
        title="¿Consultas sobre la entrega?"
        titleId="tracking-support-title"
        headingLevel={2}
        withEmail={false}
      />
    </article>
  );
}
