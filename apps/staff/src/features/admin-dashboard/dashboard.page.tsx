import { DASHBOARD_RANGE_LABELS, DASHBOARD_RANGES } from '@mandado/shared/admin-dashboard';
import type { Dashboard } from '@mandado/shared/admin-dashboard.schemas';
import { dayText } from '@mandado/shared/date-text';
import { parseMoney } from '@mandado/shared/money';
import { usdText } from '@mandado/shared/money-text';
import { STAFF_PATHS } from '@mandado/shared/staff-routes';
import { QueryError } from '@mandado/web-kit/query-error.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, Suspense, useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { lazyNamed } from '../../lib/lazy-named.tsx';
import { dashboardQueryOptions } from './dashboard.api.ts';
import { dashboardRangeFor, shareText, shortDayText } from './dashboard-text.ts';
import './dashboard.css';

// The chart library is loaded by this screen only, after its figures (issue 19's 150 KiB budget).
const DashboardChart = lazyNamed(() => import('./dashboard-chart.tsx'), 'DashboardChart');

function usd(decimal: string): string {
  return usdText(parseMoney(decimal));
}

/**
 * `/admin` (issue 19): the day's, the week's or the month's figures at a glance (sales, orders, paid against
 * pending, the average basket, late store orders, refunds) and a chart per day. The range lives in the query
 * string (`?rango=7d`).
 */
export function AdminDashboard() {
  const [params, setParams] = useSearchParams();
  const range = dashboardRangeFor(params.get('rango'));
  const figures = useQuery(dashboardQueryOptions(range));

  return (
    <section className="dashboard" aria-labelledby="admin-title">
      <h1 id="admin-title" className="staff-title">
        Resumen
      </h1>
      <fieldset className="dashboard__ranges chip-row">
        <legend className="visually-hidden">Período</legend>
        {DASHBOARD_RANGES.map((option) => (
          <button
            key={option}
            type="button"
            className={option === range ? 'chip chip--active' : 'chip'}
            aria-pressed={option === range}
            onClick={() => setParams(option === 'today' ? {} : { rango: option }, { replace: true })}
          >
            {DASHBOARD_RANGE_LABELS[option]}
          </button>
        ))}
      </fieldset>
      {figures.isPending ? (
        <Spinner label="Cargando las cifras" />
      ) : figures.isError ? (
        <QueryError message={figures.error.message} onRetry={() => void figures.refetch()} />
      ) : (
        <Figures figures={figures.data} />
      )}
    </section>
  );
}

function Figures({ figures }: { figures: Dashboard }) {
  const ids = useId();
  const period =
    figures.from === figures.to
      ? `Hoy, ${dayText(figures.to)}`
      : `Del ${dayText(figures.from)} al ${dayText(figures.to)}`;
  return (
    <>
      <p className="dashboard__period">{period} (hora de Montevideo)</p>
      <dl className="dashboard__cards">
        <Card label="Ventas" value={usd(figures.sales)} note="Pedidos pagados en el período" />
        <Card label="Pedidos" value={String(figures.orders)} note="Hechos en el período" />
        <Card
          label="Pagados"
          value={shareText(figures.paid.count, figures.orders)}
          note={`Pendientes de pago: ${figures.pending.count} (${usd(figures.pending.total)})`}
        />
        <Card label="Ticket promedio" value={usd(figures.average_basket)} note="Ventas ÷ pedidos pagados" />
        <Card
          label="Pedidos de tienda atrasados"
          value={String(figures.late_store_orders)}
          note={
            <Link to={`${STAFF_PATHS.adminOrders}?late=true`} className="dashboard__link">
              Ver los atrasados (ahora)
            </Link>
          }
          warn={figures.late_store_orders > 0}
        />
        <Card
          label="Pedidos de tienda sin aceptar"
          value={String(figures.unaccepted_store_orders)}
          note="Pagados y sin aceptar pasado el aviso (ajuste «Aviso de pedido sin aceptar»)"
          warn={figures.unaccepted_store_orders > 0}
        />
        <Card
          label="Comprobantes fiscales con problemas"
          value={String(figures.fiscal_problems)}
          note={
            <Link to={STAFF_PATHS.adminFiscal} className="dashboard__link">
              Rechazados, fallidos o retenidos: ver y reintentar
            </Link>
          }
          warn={figures.fiscal_problems > 0}
        />
        <Card
          label="Devoluciones"
          value={usd(figures.refunds.total)}
          note={`${figures.refunds.count} ${figures.refunds.count === 1 ? 'devolución' : 'devoluciones'}`}
        />
      </dl>
      {figures.series.length > 1 ? (
        <figure className="dashboard-chart" aria-labelledby={`${ids}-chart`}>
          <figcaption id={`${ids}-chart`} className="dashboard-chart__title">
            Ventas y pedidos pagados por día
          </figcaption>
          <Suspense fallback={<div className="dashboard-chart__placeholder" />}>
            <DashboardChart series={figures.series} />
          </Suspense>
          {/* A table ignores a 1 px width: the wrapper clips it, so it never widens a 360 px page. */}
          <div className="visually-hidden">
            <table>
              <caption>Ventas y pedidos pagados por día</caption>
              <thead>
                <tr>
                  <th scope="col">Día</th>
                  <th scope="col">Ventas</th>
                  <th scope="col">Pedidos pagados</th>
                  <th scope="col">Pedidos</th>
                </tr>
              </thead>
              <tbody>
                {figures.series.map((day) => (
                  <tr key={day.day}>
                    <th scope="row">{shortDayText(day.day)}</th>
                    <td>{usd(day.sales)}</td>
                    <td>{day.paid_orders}</td>
                    <td>{day.orders}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </figure>
      ) : (
        <p className="dashboard__hint">El gráfico por día aparece con 7 o 30 días.</p>
      )}
    </>
  );
}

function Card({
  label,
  value,
  note,
  warn = false,
}: {
  label: string;
  value: string;
  note: ReactNode;
  warn?: boolean;
}) {
  return (
    <div className={warn ? 'dashboard-card dashboard-card--warn' : 'dashboard-card'}>
      <dt className="dashboard-card__label">{label}</dt>
      <dd className="dashboard-card__value">{value}</dd>
      <dd className="dashboard-card__note">{note}</dd>
    </div>
  );
}
