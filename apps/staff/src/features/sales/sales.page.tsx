import { parseMoney } from '@mandado/shared/money';
import { moneyText } from '@mandado/shared/money-text';
import type { MerchantStore } from '@mandado/shared/staff.schemas';
import type { StoreSales } from '@mandado/shared/store-sales.schemas';
import { EmptyState } from '@mandado/web-kit/empty-state.tsx';
import { QueryError } from '@mandado/web-kit/query-error.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { OwnersOnlyNotice } from '../../components/owners-only-notice.tsx';
import { salesQueryOptions } from './sales.api.ts';
import { SalesChart } from './sales-chart.tsx';
import './sales.css';

const TITLE = 'Ventas';
const PESOS = { code: 'UYU' };

function pesos(decimal: string): string {
  return moneyText(parseMoney(decimal), PESOS);
}

function rateText(value: number): string {
  return `${String(value).replace('.', ',')} %`;
}

/** '23/11' from a YYYY-MM-DD. */
function dayText(start: string): string {
  return `${Number(start.slice(8, 10))}/${Number(start.slice(5, 7))}`;
}

/**
 * `/comercio/ventas` (issue 31), for the store's owners: the last eight weeks' sales in $U by day or by week
 * (a chart, and the same figures as a table for whoever does not see it), orders, average ticket, the best
 * sellers, and how often lines were short or orders rejected.
 */
export function SalesPage({ store }: { store: MerchantStore }) {
  if (store.member_role !== 'owner') {
    return <OwnersOnlyNotice title={TITLE} message="Solo los dueños de la tienda pueden ver sus ventas." />;
  }
  return <Sales store={store} />;
}

function Sales({ store }: { store: MerchantStore }) {
  const sales = useQuery(salesQueryOptions(store.id));
  return (
    <div className="sales">
      <header className="sales__head">
        <h1 className="sales__title">{TITLE}</h1>
        <p className="sales__store">{store.name}</p>
      </header>
      {sales.isPending ? (
        <Spinner label="Cargando tus ventas" />
      ) : sales.isError ? (
        <QueryError message={sales.error.message} onRetry={() => void sales.refetch()} />
      ) : sales.data.orders === 0 && sales.data.rejected_rate === 0 ? (
        <EmptyState title="Todavía no tienes ventas en las últimas ocho semanas.">
          <p>Cada pedido pagado que entregues aparece aquí, por día y por semana.</p>
        </EmptyState>
      ) : (
        <SalesFigures sales={sales.data} />
      )}
    </div>
  );
}

function SalesFigures({ sales }: { sales: StoreSales }) {
  const ids = useId();
  const [by, setBy] = useState<'days' | 'weeks'>('days');
  const buckets = by === 'days' ? sales.days : sales.weeks;
  return (
    <>
      <p className="sales__lead">
        Últimas ocho semanas, en pesos, sin los pedidos rechazados ni lo que no entregaste.
      </p>
      <dl className="sales__figures">
        <div>
          <dt>Vendido</dt>
          <dd>{pesos(sales.sales)}</dd>
        </div>
        <div>
          <dt>Pedidos</dt>
          <dd>{sales.orders}</dd>
        </div>
        <div>
          <dt>Ticket promedio</dt>
          <dd>{pesos(sales.average_ticket)}</dd>
        </div>
        <div>
          <dt>Productos que faltaron</dt>
          <dd>{rateText(sales.unavailable_rate)}</dd>
        </div>
        <div>
          <dt>Pedidos rechazados</dt>
          <dd>{rateText(sales.rejected_rate)}</dd>
        </div>
      </dl>

      <section className="sales__section" aria-labelledby={`${ids}-chart`}>
        <h2 id={`${ids}-chart`} className="sales__subtitle">
          {by === 'days' ? 'Por día (últimos 28 días)' : 'Por semana'}
        </h2>
        <fieldset className="sales__switch">
          <legend className="visually-hidden">Agrupar las ventas</legend>
          <button
            type="button"
            className="button button--secondary"
            aria-pressed={by === 'days'}
            onClick={() => setBy('days')}
          >
            Por día
          </button>
          <button
            type="button"
            className="button button--secondary"
            aria-pressed={by === 'weeks'}
            onClick={() => setBy('weeks')}
          >
            Por semana
          </button>
        </fieldset>
        <SalesChart buckets={buckets} />
        <details className="sales__table">
          <summary>Ver las cifras</summary>
          <table>
            <thead>
              <tr>
                <th scope="col">{by === 'days' ? 'Día' : 'Semana del'}</th>
                <th scope="col">Pedidos</th>
                <th scope="col">Vendido</th>
              </tr>
            </thead>
            <tbody>
              {buckets.map((bucket) => (
                <tr key={bucket.start}>
                  <th scope="row">{dayText(bucket.start)}</th>
                  <td>{bucket.orders}</td>
                  <td>{pesos(bucket.sales)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </section>

      <section className="sales__section" aria-labelledby={`${ids}-top`}>
        <h2 id={`${ids}-top`} className="sales__subtitle">
          Lo más vendido
        </h2>
        <ol className="sales__top">
          {sales.top_products.map((product) => (
            <li key={product.name}>
              <span className="sales__top-name">{product.name}</span>
              <span className="sales__top-figures">
                {product.units} u. · {pesos(product.sales)}
              </span>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
