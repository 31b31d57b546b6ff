import { parseMoney } from '@mandado/shared/money';
import { moneyText } from '@mandado/shared/money-text';
import type { OrderEarningsView } from '@mandado/shared/order-earnings';
import type { StaffStoreOrder } from '@mandado/shared/staff-order.schemas';
import { apiGet, segment } from '@mandado/web-kit/api-client.ts';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { useQuery } from '@tanstack/react-query';
import './order-earnings.css';

function money(decimal: string, currency: string): string {
  return moneyText(parseMoney(decimal), { code: currency });
}

/**
 * 'Lo que ganas' (issue 31) inside an open order card: the lines at the store's prices, the subtotal, our
 * commission and the net, in the store's currency, as the API works them out by the statements' own rule.
 * Asked for only when the card is open, and again when a line's availability or the status changes.
 */
export function OrderEarnings({
  storeId,
  order,
  open,
}: {
  storeId: number;
  order: StaffStoreOrder;
  open: boolean;
}) {
  const version = [
    order.status,
    ...order.lines.map((line) => `${line.id}:${line.available_quantity ?? '-'}`),
  ].join(',');
  const earnings = useQuery({
    queryKey: ['order-earnings', storeId, order.number, version] as const,
    queryFn: ({ signal }) =>
      apiGet<OrderEarningsView>(
        `/merchant/stores/${segment(storeId)}/orders/${segment(order.number)}/earnings/`,
        signal,
      ),
    enabled: open,
    staleTime: 60_000,
  });
  if (!open) return null;
  return (
    <section className="order-card__section order-earnings" aria-label="Lo que ganas">
      {earnings.isPending ? (
        <Spinner size="small" label="Cargando lo que ganas con este pedido" />
      ) : earnings.isError ? (
        <p className="order-earnings__error">No pudimos cargar lo que ganas con este pedido.</p>
      ) : (
        <EarningsTable earnings={earnings.data} />
      )}
    </section>
  );
}

function EarningsTable({ earnings }: { earnings: OrderEarningsView }) {
  const currency = earnings.currency;
  const notSupplied = parseMoney(earnings.not_supplied);
  return (
    <dl className="order-earnings__list">
      {earnings.lines.map((line, index) => (
        // Two lines may carry the same name (a product ordered twice): their position keeps them apart.
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines never reorder within one answer.
        <div key={index} className="order-earnings__row">
          <dt>
            {line.quantity} × {line.name} ({money(line.unit_price, currency)})
          </dt>
          <dd>{money(line.total, currency)}</dd>
        </div>
      ))}
      {notSupplied > 0 ? (
        <div className="order-earnings__row">
          <dt>Sin entregar</dt>
          <dd>−{money(earnings.not_supplied, currency)}</dd>
        </div>
      ) : null}
      <div className="order-earnings__row order-earnings__row--sum">
        <dt>Subtotal</dt>
        <dd>{money(earnings.subtotal, currency)}</dd>
      </div>
      <div className="order-earnings__row">
        <dt>Comisión de Mandado ({earnings.commission_rate.replace('.', ',').replace(/,00$/, '')} %)</dt>
        <dd>−{money(earnings.commission, currency)}</dd>
      </div>
      <div className="order-earnings__row order-earnings__row--net">
        <dt>Recibes</dt>
        <dd>{money(earnings.net, currency)}</dd>
      </div>
    </dl>
  );
}
