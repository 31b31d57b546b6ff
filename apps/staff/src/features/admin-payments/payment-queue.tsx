import type { PaymentQueueItem } from '@mandado/shared/admin-payments.schemas';
import { PAYMENT_METHOD_LABELS } from '@mandado/shared/checkout.schemas';
import { dateTimeText } from '@mandado/shared/date-text';
import { parseMoney } from '@mandado/shared/money';
import { moneyText } from '@mandado/shared/money-text';
import { STAFF_PATHS } from '@mandado/shared/staff-routes';
import { EmptyState } from '@mandado/web-kit/empty-state.tsx';
import { QueryError } from '@mandado/web-kit/query-error.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { paymentQueueQueryOptions } from './admin-payments.api.ts';
import { MarkPaidDialog } from './mark-paid-dialog.tsx';
import { ageText, deadlineUrgency } from './payments-text.ts';

const COUNTRY_NAMES: Readonly<Record<string, string>> = {
  CO: 'Colombia',
  CL: 'Chile',
  PE: 'Perú',
  UY: 'Uruguay',
  AR: 'Argentina',
  US: 'Estados Unidos',
  ES: 'España',
};

/** The order's page in the back office, where its whole history is. */
function orderPath(number: string): string {
  return STAFF_PATHS.adminOrder.replace(':number', encodeURIComponent(number));
}

function countryName(code: string): string {
  return COUNTRY_NAMES[code] ?? code;
}

/**
 * The transfers and cash deposits waiting for their money (issue 19), oldest first: a table on a desk, one
 * card per order on a phone (the same rows, restyled under 812 px). 'Marcar pagado' only for the groups
 * that may record a payment.
 */
export function PaymentQueue({ canMarkPaid, now }: { canMarkPaid: boolean; now: Date }) {
  const ids = useId();
  const [country, setCountry] = useState('');
  const [marking, setMarking] = useState<PaymentQueueItem | null>(null);
  const queue = useQuery(paymentQueueQueryOptions(country));
  const countries = queue.data?.countries ?? [];

  return (
    <section className="payments-section" aria-labelledby={`${ids}-title`}>
      <div className="payments-section__head">
        <h2 id={`${ids}-title`} className="payments-section__title">
          Transferencias y depósitos pendientes
        </h2>
        <div className="payments-filter">
          <label className="field-label" htmlFor={`${ids}-country`}>
            País
          </label>
          <select
            id={`${ids}-country`}
            className="select payments-filter__select"
            value={country}
            onChange={(event) => setCountry(event.target.value)}
          >
            <option value="">Todos</option>
            {[...new Set([...countries, ...(country ? [country] : [])])].map((code) => (
              <option key={code} value={code}>
                {countryName(code)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {queue.isPending ? (
        <Spinner label="Cargando los pagos pendientes" />
      ) : queue.isError ? (
        <QueryError message={queue.error.message} onRetry={() => void queue.refetch()} />
      ) : queue.data.results.length === 0 ? (
        <EmptyState title="No hay pagos pendientes.">
          <p>
            Cuando alguien elija transferencia o depósito, su pedido aparece aquí hasta que llegue el dinero.
          </p>
        </EmptyState>
      ) : (
        <table className="payments-table payment-queue">
          <caption className="visually-hidden">Pedidos esperando su transferencia o depósito</caption>
          <thead>
            <tr>
              <th scope="col">Pedido</th>
              <th scope="col">País</th>
              <th scope="col">Monto</th>
              <th scope="col">Espera</th>
              <th scope="col">Vence</th>
              {canMarkPaid ? (
                <th scope="col">
                  <span className="visually-hidden">Acciones</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {queue.data.results.map((item) => {
              const urgency = deadlineUrgency(item.expires_at, now);
              return (
                <tr key={item.number} data-order={item.number}>
                  <th scope="row" className="payments-table__lead">
                    <Link className="order-number payments-table__order" to={orderPath(item.number)}>
                      {item.number}
                    </Link>
                    <span className="payments-table__sub">
                      {PAYMENT_METHOD_LABELS[item.method]} · {item.remitter_name}
                    </span>
                  </th>
                  <td data-label="País">{countryName(item.country)}</td>
                  <td data-label="Monto" className="payments-table__money">
                    {moneyText(parseMoney(item.total), { code: item.currency })}
                  </td>
                  <td data-label="Espera">{ageText(item.created_at, now)}</td>
                  <td data-label="Vence" className={`payments-deadline payments-deadline--${urgency}`}>
                    {item.expires_at ? dateTimeText(item.expires_at) : '—'}
                    {urgency === 'past' ? ' (vencido)' : urgency === 'soon' ? ' (hoy)' : ''}
                  </td>
                  {canMarkPaid ? (
                    <td className="payments-table__action">
                      <button
                        type="button"
                        className="button button--primary"
                        onClick={() => setMarking(item)}
                      >
                        Marcar pagado<span className="visually-hidden"> {item.number}</span>
                      </button>
                    </td>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {queue.data?.next_cursor ? (
        <p className="payments-note">
          Se muestran los 50 más antiguos: págalos o filtra por país para ver el resto.
        </p>
      ) : null}
      {marking ? <MarkPaidDialog item={marking} onClose={() => setMarking(null)} /> : null}
    </section>
  );
}
