import type { RemitterStoreOrder } from '@mandado/shared/checkout.schemas';
import { dateText } from '@mandado/shared/date-text';
import { usdText } from '@mandado/shared/money-text';
import type { DisplayCurrency } from '@mandado/web-kit/display-money.ts';
import type { OrderFigures } from '@mandado/web-kit/orders/order-figures.ts';
import { FigureAmount } from '@mandado/web-kit/orders/order-money.tsx';
import { StatusBadge } from '@mandado/web-kit/orders/status-timeline.tsx';
import { attemptText, deliveredText, refundFigure } from './order-fulfilment.ts';

/**
 * A store order's handover as the remitter sees it (issue 17): the failed attempts with their reasons and
 * times, then when it was delivered, who received it and the courier's photo. Nothing until one of them
 * exists.
 */
export function DeliveryBlock({
  storeOrder,
}: {
  storeOrder: Pick<RemitterStoreOrder, 'number' | 'delivery' | 'store'>;
}) {
  const { attempts, proof } = storeOrder.delivery;
  if (attempts.length === 0 && proof === null) return null;
  const titleId = `delivery-${storeOrder.number}`;
  return (
    <section className="store-delivery" aria-labelledby={titleId}>
      <h4 id={titleId} className="store-order__subtitle">
        Entrega
      </h4>
      {attempts.length > 0 ? (
        <ul
          className="store-delivery__attempts"
          aria-label={`Intentos de entrega de ${storeOrder.store.name}`}
        >
          {attempts.map((attempt) => (
            <li key={`${attempt.at}-${attempt.reason}`} className="store-delivery__attempt">
              <time dateTime={attempt.at}>{attemptText(attempt)}</time>
              {attempt.note ? <span className="store-delivery__note">«{attempt.note}»</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {proof ? (
        <div className="store-delivery__proof">
          <p className="store-delivery__done">
            <time dateTime={proof.delivered_at}>{deliveredText(proof)}</time>
          </p>
          {proof.photo_url ? (
            <a href={proof.photo_url} target="_blank" rel="noopener" className="store-delivery__photo-link">
              <img
                src={proof.photo_url}
                alt="Foto de la entrega"
                loading="lazy"
                decoding="async"
                className="store-delivery__photo"
              />
              <span className="visually-hidden"> (se abre en otra pestaña)</span>
            </a>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

/**
 * The money a store order gave back (issue 17): each refund's amount in the page's money (with the exact
 * dollars when converted), why, where it goes, how it stands and when it was decided.
 */
export function RefundsBlock({
  storeOrder,
  figures,
  display,
}: {
  storeOrder: Pick<RemitterStoreOrder, 'number' | 'refunds' | 'store'>;
  figures: Pick<OrderFigures, 'converted'>;
  display: DisplayCurrency;
}) {
  if (storeOrder.refunds.length === 0) return null;
  const titleId = `refunds-${storeOrder.number}`;
  return (
    <section className="store-refunds" aria-labelledby={titleId}>
      <h4 id={titleId} className="store-order__subtitle">
        Reembolsos
      </h4>
      <ul className="store-refunds__list">
        {storeOrder.refunds.map((refund) => {
          const amount = refundFigure(refund, figures, display);
          return (
            <li key={refund.id} className="store-refunds__item">
              <span className="store-refunds__head">
                <FigureAmount
                  className="store-refunds__amount"
                  minor={amount.minor}
                  currency={amount.currency}
                  charge={
                    amount.dollars === null
                      ? undefined
                      : `${usdText(amount.dollars)}${amount.rateText ? ` al cambio del pago, ${amount.rateText}` : ''}`
                  }
                />
                <StatusBadge
                  label={refund.status_label}
                  tone={
                    refund.status === 'succeeded'
                      ? 'success'
                      : refund.status === 'failed'
                        ? 'danger'
                        : 'progress'
                  }
                />
              </span>
              <span className="store-refunds__why">
                {refund.reason_label}
                {refund.line_name ? `: ${refund.line_name}` : ''}
              </span>
              <span className="store-refunds__meta">
                {refund.destination_label} · <time dateTime={refund.created}>{dateText(refund.created)}</time>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
