import { dateTimeText } from '@mandado/shared/date-text';
import type { MerchantStore } from '@mandado/shared/staff.schemas';
import { STAFF_PATHS } from '@mandado/shared/staff-routes';
import type { StatementSummary } from '@mandado/shared/statement.schemas';
import { EmptyState } from '@mandado/web-kit/empty-state.tsx';
import { QueryError } from '@mandado/web-kit/query-error.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { OwnersOnlyNotice } from '../../components/owners-only-notice.tsx';
import { earnedPesosText, pesosText, usePesoRates } from '../../lib/pesos.ts';
import {
  deductionMoney,
  ordersText,
  paymentText,
  percentText,
  statementMoney,
  weekRangeText,
} from './statement-text.ts';
import { statementCsvUrl, statementListQueryOptions, statementQueryOptions } from './statements.api.ts';
import './statements.css';

const TITLE = 'Liquidaciones';

/**
 * `/comercio/liquidaciones` (issue 18), for the store's owners: each week (Monday to Sunday, Montevideo) with
 * delivered orders, newest first, with what Mandado owes the store and whether it was paid; a week opens its
 * orders and its CSV. A staff member (the API refuses them) hears why instead.
 */
export function StatementsPage({ store }: { store: MerchantStore }) {
  if (store.member_role !== 'owner') {
    return (
      <OwnersOnlyNotice title={TITLE} message="Solo los dueños de la tienda pueden ver sus liquidaciones." />
    );
  }
  return <StatementList store={store} />;
}

function StatementList({ store }: { store: MerchantStore }) {
  const list = useQuery(statementListQueryOptions(store.id));
  return (
    <div className="statements">
      <header className="statements__head">
        <h1 className="statements__title">{TITLE}</h1>
        <p className="statements__store">{store.name}</p>
      </header>
      <p className="statements__lead">
        Cada semana va de lunes a domingo (hora de Montevideo) y suma los pedidos entregados. Te transferimos
        el neto: lo vendido, menos los reembolsos y la comisión. El envío es del repartidor.
      </p>
      {list.data ? (
        <p className="statements__payout">
          {list.data.payout_account ? (
            <>
              Te transferimos a <strong>{list.data.payout_account}</strong>.
            </>
          ) : (
            <>
              Todavía no tenemos tu cuenta de cobro: agrégala en{' '}
              <Link to={STAFF_PATHS.merchantStore}>Tienda</Link>.
            </>
          )}
        </p>
      ) : null}
      {list.isPending ? (
        <Spinner label="Cargando las liquidaciones" />
      ) : list.isError ? (
        <QueryError message={list.error.message} onRetry={() => void list.refetch()} />
      ) : list.data.results.length === 0 ? (
        <EmptyState title="Todavía no tienes liquidaciones.">
          <p>Cada semana en la que entregues pedidos aparece aquí, con lo que te corresponde cobrar.</p>
        </EmptyState>
      ) : (
        <ul className="statements__list">
          {list.data.results.map((week) => (
            <li key={week.week_start}>
              <WeekCard storeId={store.id} week={week} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** One week: its orders, the net due and its payment; 'Ver los pedidos' loads its lines. */
function WeekCard({ storeId, week }: { storeId: number; week: StatementSummary }) {
  const ids = useId();
  const [open, setOpen] = useState(false);
  const payment = paymentText(week);
  const today = pesosText(week.net, week.currency, usePesoRates());
  return (
    <article className="statement" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="statement__title">
        Semana del {weekRangeText(week.week_start, week.week_end)}
      </h2>
      <div className="statement__summary">
        <p className="statement__net">
          <span className="statement__net-label">Neto a cobrar</span>{' '}
          <strong className="statement__net-amount">{statementMoney(week.net, week.currency)}</strong>
          {/* Issue 31: the store thinks in pesos, at the rate of each payment (today's only for older ones). */}
          {week.pesos ? (
            <span className="statement__pesos"> · {earnedPesosText(week.pesos.net)}</span>
          ) : today ? (
            <span className="statement__pesos"> ≈ {today} al cambio de hoy</span>
          ) : null}
        </p>
        {week.pesos ? <p className="statement__rate">{week.pesos.basis_text}</p> : null}
        <p className="statement__orders">{ordersText(week.orders)}</p>
      </div>
      <p className="statement__payment">
        <span className={`statement-chip statement-chip--${week.status}`}>{payment.label}</span>
        {payment.detail ? <span className="statement__reference">{payment.detail}</span> : null}
      </p>
      <button
        type="button"
        className="button button--secondary statement__toggle"
        aria-expanded={open}
        aria-controls={`${ids}-detail`}
        onClick={() => setOpen((current) => !current)}
      >
        {open ? 'Ocultar los pedidos' : 'Ver los pedidos'}
      </button>
      <div id={`${ids}-detail`} hidden={!open}>
        {open ? <WeekDetail storeId={storeId} weekStart={week.week_start} /> : null}
      </div>
    </article>
  );
}

function WeekDetail({ storeId, weekStart }: { storeId: number; weekStart: string }) {
  const statement = useQuery(statementQueryOptions(storeId, weekStart));
  const rates = usePesoRates();
  if (statement.isPending) return <Spinner label="Cargando los pedidos de la semana" />;
  if (statement.isError) {
    return <QueryError message={statement.error.message} onRetry={() => void statement.refetch()} />;
  }
  const week = statement.data;
  // Issue 31: each sum with its pesos at the rate of each payment beside it (today's, marked ≈, without them).
  const money = (decimal: string, pesos: string | null = null) => {
    if (pesos !== null) return `${statementMoney(decimal, week.currency)} (${earnedPesosText(pesos)})`;
    const today = pesosText(decimal, week.currency, rates);
    return today
      ? `${statementMoney(decimal, week.currency)} (≈ ${today})`
      : statementMoney(decimal, week.currency);
  };
  const minus = (decimal: string) => deductionMoney(decimal, week.currency);
  return (
    <div className="statement__detail">
      <dl className="statement-sums">
        <div>
          <dt>Productos vendidos</dt>
          <dd>{money(week.goods, week.pesos?.goods ?? null)}</dd>
        </div>
        <div>
          <dt>Reembolsos</dt>
          <dd>{minus(week.refunds)}</dd>
        </div>
        <div>
          <dt>Comisión</dt>
          <dd>{minus(week.commission)}</dd>
        </div>
        <div className="statement-sums__net">
          <dt>Neto</dt>
          <dd>{money(week.net, week.pesos?.net ?? null)}</dd>
        </div>
        <div className="statement-sums__aside">
          <dt>Envío (lo cobra el repartidor)</dt>
          <dd>{money(week.shipping)}</dd>
        </div>
      </dl>
      {week.pesos ? <p className="statement__rate">{week.pesos.basis_text}</p> : null}
      <h3 className="statement__subtitle">Pedidos entregados</h3>
      <ul className="statement-lines">
        {week.lines.map((line) => (
          <li key={line.number} className="statement-line">
            <p className="statement-line__head">
              <span className="order-number">{line.number}</span>
              <span className="statement-line__when">Entregado el {dateTimeText(line.delivered_at)}</span>
            </p>
            <dl className="statement-line__amounts">
              <div>
                <dt>Productos</dt>
                <dd>{money(line.goods, line.pesos?.goods ?? null)}</dd>
              </div>
              <div>
                <dt>Reembolsos</dt>
                <dd>{minus(line.refunds)}</dd>
              </div>
              <div>
                <dt>Comisión ({percentText(line.commission_rate)})</dt>
                <dd>{minus(line.commission)}</dd>
              </div>
              <div className="statement-line__net">
                <dt>Neto</dt>
                <dd>{money(line.net, line.pesos?.net ?? null)}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
      <a
        className="button button--secondary statement__csv"
        href={statementCsvUrl(storeId, weekStart)}
        download={`liquidacion-${weekStart}.csv`}
      >
        Descargar CSV
      </a>
    </div>
  );
}
