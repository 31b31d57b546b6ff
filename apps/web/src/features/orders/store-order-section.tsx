import {
  type OrderGroup,
  type RemitterStoreOrder,
  SUBSTITUTION_LABELS,
} from '@mandado/shared/checkout.schemas';
import { MONTEVIDEO_TIME_NOTE } from '@mandado/shared/date-text';
import { currencySymbol, moneyText, type TextCurrency } from '@mandado/shared/money-text';
import { STORE_ORDER_STATUS_LABELS } from '@mandado/shared/order-status';
import type { DisplayCurrency } from '@mandado/web-kit/display-money.ts';
import type { OrderFigures, StoreFigures } from '@mandado/web-kit/orders/order-figures.ts';
import { FigureAmount } from '@mandado/web-kit/orders/order-money.tsx';
import { OrderSums } from '@mandado/web-kit/orders/order-sums.tsx';
import { timelineSteps } from '@mandado/web-kit/orders/order-timeline.ts';
import { StatusTimeline, StoreStatusBadge } from '@mandado/web-kit/orders/status-timeline.tsx';
import { lineChangeText, usdFigure } from './order-fulfilment.ts';
import { receiptPdfUrl } from './order-links.ts';
import { nextStepText, totalLabel } from './order-wording.ts';
import { DeliveryBlock, RefundsBlock } from './store-order-fulfilment.tsx';
import { StoreOrderReceipt } from './store-order-receipt.tsx';

/** "Reemplazado por Yerba Canarias · 5 × $U 320,00": a line's change, with the substitute's price when one. */
function lineChangeWithPrice(
  line: RemitterStoreOrder['lines'][number],
  converted: boolean,
  display: DisplayCurrency,
): string | null {
  const change = lineChangeText(line);
  if (change === null || line.substitute === null) return change;
  const unit = usdFigure(line.substitute.unit_price, { converted }, display);
  return `${change} · ${line.substitute.quantity} × ${moneyText(unit.minor, unit.currency)}`;
}

/**
 * One store's order: its lines, then subtotal, its share of the coupon, shipping, its share of the credit and
 * its total, so the block adds up on its own (the store totals already include the discount; the summary
 * below only adds the stores up). Issue 17: what changed on each line, the refunds and the delivery.
 */
export function StoreOrderSection({
  storeOrder,
  figures,
  currency,
  converted,
  display,
  order,
}: {
  storeOrder: RemitterStoreOrder;
  figures: StoreFigures;
  currency: TextCurrency;
  converted: boolean;
  display: DisplayCurrency;
  order: OrderGroup;
}) {
  const titleId = `store-order-${storeOrder.number}`;
  const statusLabel = storeOrder.status_label || STORE_ORDER_STATUS_LABELS[storeOrder.status];
  const next = order.status === 'cancelled' ? null : nextStepText(storeOrder.status, order.delivery);
  return (
    <section className="store-order" aria-labelledby={titleId}>
      <header className="store-order__head">
        <h3 id={titleId} className="store-order__title">
          {storeOrder.store.name}{' '}
          <span className="store-order__number order-number">{storeOrder.number}</span>
        </h3>
        <StoreStatusBadge status={storeOrder.status} label={statusLabel} />
      </header>
      {order.delivery === 'pickup' && storeOrder.store.address ? (
        <p className="store-order__pickup">Retira en {storeOrder.store.address}</p>
      ) : null}
      <ul className="store-order__lines" aria-label={`Productos de ${storeOrder.store.name}`}>
        {storeOrder.lines.map((line, index) => {
          const shown = figures.lines[index];
          const change = lineChangeWithPrice(line, converted, display);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a snapshot's lines never move; a deleted product has no id.
            <li key={`${index}-${line.product_id ?? line.name}`} className="store-order__line">
              <span className="store-order__line-name">
                {line.name}
                {line.substitution !== order.substitution ? (
                  <span className="store-order__line-substitution">
                    Si falta: {SUBSTITUTION_LABELS[line.substitution]}
                  </span>
                ) : null}
                {change ? <span className="store-order__line-change">{change}</span> : null}
              </span>
              {/* The unit price in the product's own currency (as the catalog sold it), the line in the
                  order's display currency, both at the same weight. */}
              <span className="store-order__line-price">
                {line.quantity} × {shown?.unitText}
              </span>
              {shown ? (
                <FigureAmount className="store-order__line-total" minor={shown.total} currency={currency} />
              ) : null}
            </li>
          );
        })}
      </ul>
      <OrderSums
        className="order-sums order-sums--store"
        figures={figures}
        currency={currency}
        subtotalLabel="Subtotal"
        totalLabel="Total de la tienda"
        coupon={order.coupon}
        pickup={order.delivery === 'pickup'}
      />
      <RefundsBlock storeOrder={storeOrder} figures={{ converted }} display={display} />
      {order.payment_status !== 'pending' ? (
        <p className="store-order__receipt">
          <a href={receiptPdfUrl(order.number, storeOrder.number)} download>
            Descargar comprobante
          </a>
        </p>
      ) : null}
      {next ? (
        <p className="store-order__next">
          <strong>Próximo paso:</strong> {next}
        </p>
      ) : null}
      <DeliveryBlock storeOrder={storeOrder} />
      <StoreOrderReceipt storeOrder={storeOrder} />
      <h4 className="store-order__timeline-title">
        Seguimiento <span className="store-order__zone">({MONTEVIDEO_TIME_NOTE})</span>
      </h4>
      <StatusTimeline
        label={`Estados de ${storeOrder.store.name}`}
        steps={timelineSteps(storeOrder.history, { status: storeOrder.status, label: statusLabel })}
      />
    </section>
  );
}

/** The stores added up: no line here is taken off again, each one is the sum of the same line above. */
export function OrderSummary({ order, figures }: { order: OrderGroup; figures: OrderFigures }) {
  const { currency } = figures;
  const paid = order.payment_status === 'paid';
  return (
    <section className="order-panel" aria-labelledby="order-summary-title">
      <h3 id="order-summary-title" className="order-panel__title">
        Resumen
      </h3>
      <OrderSums
        className="order-sums"
        figures={figures}
        currency={currency}
        subtotalLabel="Productos"
        totalLabel={totalLabel(order)}
        totalCharge={figures.converted ? figures.chargeText : undefined}
        coupon={order.coupon}
        pickup={order.delivery === 'pickup'}
      />
      <p className="order-panel__note">
        {order.stores.length > 1 ? `La suma de las ${order.stores.length} tiendas. ` : ''}
        {figures.converted
          ? `${paid ? 'Se cobró' : 'Se paga'} en dólares: ${figures.chargeText}; el monto en ${currencySymbol(currency)} es ${figures.paymentRateText ? `al cambio del pago (${figures.paymentRateText})` : 'al cambio de hoy'}.`
          : `${paid ? 'Se cobró' : 'Se paga'} en dólares.`}
      </p>
    </section>
  );
}
