import type { AdminStoreStatement } from '@mandado/shared/admin-payments.schemas';
import { dateTimeText } from '@mandado/shared/date-text';
import { parseMoney, type Rates } from '@mandado/shared/money';
import { moneyText } from '@mandado/shared/money-text';
import { hasPermission } from '@mandado/shared/permissions';
import { EmptyState } from '@mandado/web-kit/empty-state.tsx';
import { QueryError } from '@mandado/web-kit/query-error.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { earnedPesosText, pesosText, usePesoRates } from '../../lib/pesos.ts';
import { useOperator } from '../../lib/use-operator.ts';
import {
  adminStatementsCsvUrl,
  adminStatementWeekQueryOptions,
  markShippingStatementPaid,
  markStoreStatementPaid,
  statementStoresQueryOptions,
} from './admin-statements.api.ts';
import { StatementPaidDialog } from './statement-paid-dialog.tsx';
import { shiftWeek, weekText } from './statement-week.ts';
import './admin-statements.css';

function money(decimal: string, currency: string): string {
  return moneyText(parseMoney(decimal), { code: currency });
}

/**
 * 'US$ 120,00' and, beside it, the pesos at the rate of each payment ('$U 4.818,00', issue 31: stores think in
 * pesos), or '≈ $U 4.818' at today's rate when the API has no pesos for it.
 */
function Amount({
  decimal,
  currency,
  pesos,
  rates,
}: {
  decimal: string;
  currency: string;
  pesos: string | null;
  rates: Rates | undefined;
}) {
  const today = pesos === null ? pesosText(decimal, currency, rates) : null;
  return (
    <>
      {money(decimal, currency)}
      {pesos !== null ? <span className="admin-statement__pesos"> · {earnedPesosText(pesos)}</span> : null}
      {today ? <span className="admin-statement__pesos"> ≈ {today}</span> : null}
    </>
  );
}

type Paying =
  | { kind: 'store'; statement: AdminStoreStatement }
  | { kind: 'shipping'; amount: string; currency: string }
  | null;

/**
 * `/admin/liquidaciones` (issue 19): a week's statements, one per store (what Mandado owes it: goods less
 * refunds and commission) and the couriers' shipping; each is marked paid with the transfer's reference
 * (payment:mark-paid, hidden from soporte), and the week downloads as CSV.
 */
export function AdminStatementsScreen() {
  const ids = useId();
  const operator = useOperator();
  const canPay = hasPermission(operator, 'payment:mark-paid');
  const [week, setWeek] = useState('');
  const [storeId, setStoreId] = useState<number | null>(null);
  const [paying, setPaying] = useState<Paying>(null);
  const statements = useQuery(adminStatementWeekQueryOptions(week, storeId));
  const stores = useQuery(statementStoresQueryOptions());
  const rates = usePesoRates();
  const data = statements.data;
  const shown = data?.week_start ?? week;

  return (
    <div className="admin-statements">
      <h1 className="staff-title">Liquidaciones</h1>
      <nav className="admin-statements__week" aria-labelledby={`${ids}-week`}>
        <button
          type="button"
          className="button button--secondary"
          disabled={!shown}
          onClick={() => setWeek(shiftWeek(shown, -1))}
        >
          <span aria-hidden="true">‹</span> Anterior
        </button>
        <p id={`${ids}-week`} className="admin-statements__range">
          {data ? `Semana del ${weekText(data.week_start, data.week_end)}` : 'Semana'}
        </p>
        <button
          type="button"
          className="button button--secondary"
          disabled={!shown || data?.closed === false}
          onClick={() => setWeek(shiftWeek(shown, 1))}
        >
          Siguiente <span aria-hidden="true">›</span>
        </button>
      </nav>
      <p className="admin-statements__filter">
        <label className="field-label" htmlFor={`${ids}-store`}>
          Tienda
        </label>
        <select
          id={`${ids}-store`}
          className="select"
          value={storeId === null ? '' : String(storeId)}
          onChange={(event) => setStoreId(event.target.value ? Number(event.target.value) : null)}
        >
          <option value="">Todas las tiendas</option>
          {stores.data?.map((store) => (
            <option key={store.id} value={store.id}>
              {store.name}
            </option>
          ))}
        </select>
      </p>
      {statements.isPending ? (
        <Spinner label="Cargando las liquidaciones" />
      ) : statements.isError ? (
        <QueryError message={statements.error.message} onRetry={() => void statements.refetch()} />
      ) : (
        <>
          {!statements.data.closed ? (
            <p className="admin-statements__note">
              Esta semana todavía no terminó: se paga desde el lunes siguiente.
            </p>
          ) : null}
          <section className="admin-statements__section" aria-labelledby={`${ids}-stores`}>
            <h2 id={`${ids}-stores`} className="admin-statements__title">
              Tiendas
            </h2>
            {statements.data.stores.length === 0 ? (
              <EmptyState
                title={
                  storeId === null
                    ? 'Ninguna tienda entregó pedidos esa semana.'
                    : 'Esta tienda no entregó pedidos esa semana.'
                }
              />
            ) : (
              <ul className="admin-statements__list">
                {statements.data.stores.map((statement) => (
                  <li key={statement.store_id} className="admin-statement">
                    <div className="admin-statement__head">
                      <h3 className="admin-statement__store">{statement.store_name}</h3>
                      <span className={`admin-statement__chip admin-statement__chip--${statement.status}`}>
                        {statement.status === 'paid' ? 'Pagada' : 'Pendiente'}
                      </span>
                    </div>
                    <p className="admin-statement__account">
                      {statement.payout_account
                        ? `Cuenta de cobro: ${statement.payout_account}`
                        : 'Sin cuenta de cobro: la tienda todavía no la cargó.'}
                    </p>
                    <dl className="admin-statement__sums">
                      <div>
                        <dt>Pedidos</dt>
                        <dd>{statement.orders}</dd>
                      </div>
                      <div>
                        <dt>Productos</dt>
                        <dd>
                          <Amount
                            decimal={statement.goods}
                            currency={statement.currency}
                            pesos={statement.pesos?.goods ?? null}
                            rates={rates}
                          />
                        </dd>
                      </div>
                      <div>
                        <dt>Reembolsos</dt>
                        <dd>
                          −
                          <Amount
                            decimal={statement.refunds}
                            currency={statement.currency}
                            pesos={statement.pesos?.refunds ?? null}
                            rates={rates}
                          />
                        </dd>
                      </div>
                      <div>
                        <dt>Comisión</dt>
                        <dd>
                          −
                          <Amount
                            decimal={statement.commission}
                            currency={statement.currency}
                            pesos={statement.pesos?.commission ?? null}
                            rates={rates}
                          />
                        </dd>
                      </div>
                      <div className="admin-statement__net">
                        <dt>Neto a transferir</dt>
                        <dd>
                          <Amount
                            decimal={statement.net}
                            currency={statement.currency}
                            pesos={statement.pesos?.net ?? null}
                            rates={rates}
                          />
                        </dd>
                      </div>
                    </dl>
                    <p className="admin-statement__rate">
                      {statement.pesos
                        ? statement.pesos.basis_text
                        : 'En pesos: una indicación al cambio de hoy, no lo que se cobró.'}
                    </p>
                    <a
                      className="admin-statement__csv"
                      href={adminStatementsCsvUrl(statements.data.week_start, statement.store_id)}
                      download={`liquidaciones-${statements.data.week_start}-tienda-${statement.store_id}.csv`}
                    >
                      Descargar el detalle en CSV
                      <span className="visually-hidden"> de {statement.store_name}</span>
                    </a>
                    {statement.status === 'paid' ? (
                      <p className="admin-statement__paid">
                        Referencia {statement.reference}
                        {statement.paid_at ? `, ${dateTimeText(statement.paid_at)}` : ''}
                      </p>
                    ) : canPay && statements.data.closed && parseMoney(statement.net) > 0 ? (
                      <button
                        type="button"
                        className="button button--primary admin-statement__action"
                        onClick={() => setPaying({ kind: 'store', statement })}
                      >
                        Marcar pagada<span className="visually-hidden"> {statement.store_name}</span>
                      </button>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section className="admin-statements__section" aria-labelledby={`${ids}-shipping`}>
            <h2 id={`${ids}-shipping`} className="admin-statements__title">
              Envíos (repartidores)
            </h2>
            <div className="admin-statement">
              <div className="admin-statement__head">
                <p className="admin-statement__store">
                  {statements.data.shipping.orders === 1
                    ? '1 pedido con envío'
                    : `${statements.data.shipping.orders} pedidos con envío`}
                </p>
                {statements.data.shipping.status === 'paid' ||
                parseMoney(statements.data.shipping.shipping) > 0 ? (
                  <span
                    className={`admin-statement__chip admin-statement__chip--${statements.data.shipping.status}`}
                  >
                    {statements.data.shipping.status === 'paid' ? 'Pagada' : 'Pendiente'}
                  </span>
                ) : null}
              </div>
              <p className="admin-statement__net-line">
                Total de envíos{' '}
                <strong>{money(statements.data.shipping.shipping, statements.data.shipping.currency)}</strong>
              </p>
              {statements.data.shipping.status === 'paid' ? (
                <p className="admin-statement__paid">Referencia {statements.data.shipping.reference}</p>
              ) : canPay && statements.data.closed && parseMoney(statements.data.shipping.shipping) > 0 ? (
                <button
                  type="button"
                  className="button button--primary admin-statement__action"
                  onClick={() =>
                    setPaying({
                      kind: 'shipping',
                      amount: statements.data.shipping.shipping,
                      currency: statements.data.shipping.currency,
                    })
                  }
                >
                  Marcar pagados los envíos
                </button>
              ) : null}
            </div>
          </section>
          <a
            className="button button--secondary admin-statements__csv"
            href={adminStatementsCsvUrl(statements.data.week_start, storeId)}
            download={`liquidaciones-${statements.data.week_start}.csv`}
          >
            Descargar CSV de la semana
          </a>
        </>
      )}
      {paying && data ? (
        <StatementPaidDialog
          title={
            paying.kind === 'store'
              ? `Pagar a ${paying.statement.store_name}`
              : 'Pagar los envíos de la semana'
          }
          text={
            paying.kind === 'store'
              ? `Transferiste ${money(paying.statement.net, paying.statement.currency)} a ${paying.statement.store_name} por la semana del ${weekText(data.week_start, data.week_end)}.`
              : `Pagaste ${money(paying.amount, paying.currency)} de envíos de la semana del ${weekText(data.week_start, data.week_end)}.`
          }
          onPay={(reference) =>
            paying.kind === 'store'
              ? markStoreStatementPaid(paying.statement.store_id, data.week_start, reference)
              : markShippingStatementPaid(data.week_start, reference)
          }
          onClose={() => setPaying(null)}
        />
      ) : null}
    </div>
  );
}
