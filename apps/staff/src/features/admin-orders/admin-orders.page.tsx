import type { AdminOrderSummary } from '@mandado/shared/admin-orders.schemas';
import { dateTimeText } from '@mandado/shared/date-text';
import { parseMoney } from '@mandado/shared/money';
import { usdText } from '@mandado/shared/money-text';
import { STAFF_PATHS } from '@mandado/shared/staff-routes';
import { EmptyState } from '@mandado/web-kit/empty-state.tsx';
import { QueryError } from '@mandado/web-kit/query-error.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { useInfiniteQuery } from '@tanstack/react-query';
import { type FormEvent, useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { orderCsvUrl, orderListQueryOptions } from './admin-orders.api.ts';
import {
  METHOD_FILTER_OPTIONS,
  type OrderFilters,
  orderFiltersFrom,
  orderFiltersQuery,
  orderPath,
  PAYMENT_FILTER_OPTIONS,
  STATUS_FILTER_OPTIONS,
} from './admin-orders-text.ts';
import './admin-orders.css';

/**
 * `/admin/pedidos` (issue 19): every order, newest first. The filter form writes the query string and the
 * list reads it, so a filtered list can be reloaded or sent to a colleague; the CSV link carries the same
 * filters. A table on a desk, stacked cards on a phone (the same rows, laid out by CSS).
 */
export function AdminOrderList() {
  const [params, setParams] = useSearchParams();
  const filters = orderFiltersFrom(params);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next: OrderFilters = {};
    for (const [key, value] of data.entries()) {
      const text = String(value).trim();
      if (text) next[key as keyof OrderFilters] = text;
    }
    setParams(orderFiltersQuery(next));
  }

  return (
    <section className="admin-orders" aria-labelledby="admin-orders-title">
      <div className="admin-orders__head">
        <h1 id="admin-orders-title" className="staff-title">
          Pedidos
        </h1>
        <a className="button button--secondary" href={orderCsvUrl(filters)} download>
          Exportar CSV
        </a>
      </div>
      <OrderFilterForm
        key={params.toString()}
        filters={filters}
        onSubmit={submit}
        onClear={() => setParams({})}
      />
      <OrderResults filters={filters} />
    </section>
  );
}

function SelectField({
  id,
  name,
  label,
  value,
  options,
}: {
  id: string;
  name: keyof OrderFilters;
  label: string;
  value: string | undefined;
  options: ReadonlyArray<{ value: string; label: string }>;
}) {
  return (
    <div className="form__field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <select id={id} name={name} className="select" defaultValue={value ?? ''}>
        <option value="">Todos</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function TextField({
  id,
  name,
  label,
  value,
  type = 'text',
  hint,
}: {
  id: string;
  name: keyof OrderFilters;
  label: string;
  value: string | undefined;
  type?: 'text' | 'date' | 'search';
  hint?: string;
}) {
  return (
    <div className="form__field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        className="input"
        type={type}
        defaultValue={value ?? ''}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      {hint ? (
        <p id={`${id}-hint`} className="form__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The filters under 'Más filtros': open when one of them is set, so a shared link shows what it filters. */
function hasMoreFilters(filters: OrderFilters): boolean {
  return Boolean(filters.late || filters.from || filters.to || filters.country || filters.store_id);
}

function OrderFilterForm({
  filters,
  onSubmit,
  onClear,
}: {
  filters: OrderFilters;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onClear: () => void;
}) {
  const ids = useId();
  return (
    <form className="admin-orders__filters" onSubmit={onSubmit} aria-label="Filtrar los pedidos">
      <div className="admin-orders__search">
        <TextField
          id={`${ids}-q`}
          name="q"
          type="search"
          label="Buscar"
          value={filters.q}
          hint="Número de pedido, correo de quien compra o nombre de quien recibe"
        />
      </div>
      <SelectField
        id={`${ids}-payment`}
        name="payment_status"
        label="Pago"
        value={filters.payment_status}
        options={PAYMENT_FILTER_OPTIONS}
      />
      <SelectField
        id={`${ids}-method`}
        name="method"
        label="Medio de pago"
        value={filters.method}
        options={METHOD_FILTER_OPTIONS}
      />
      <SelectField
        id={`${ids}-status`}
        name="status"
        label="Estado en la tienda"
        value={filters.status}
        options={STATUS_FILTER_OPTIONS}
      />
      <details className="admin-orders__more-filters" open={hasMoreFilters(filters)}>
        <summary>Más filtros</summary>
        <div className="admin-orders__more-grid">
          <SelectField
            id={`${ids}-late`}
            name="late"
            label="Atrasados"
            value={filters.late}
            options={[
              { value: 'true', label: 'Solo atrasados' },
              { value: 'false', label: 'Sin atraso' },
            ]}
          />
          <TextField id={`${ids}-from`} name="from" type="date" label="Desde" value={filters.from} />
          <TextField id={`${ids}-to`} name="to" type="date" label="Hasta" value={filters.to} />
          <TextField id={`${ids}-country`} name="country" label="País (UY, AR…)" value={filters.country} />
          <TextField
            id={`${ids}-store`}
            name="store_id"
            label="Tienda (número)"
            value={filters.store_id}
            hint="O toca el nombre de una tienda en la lista"
          />
        </div>
      </details>
      <div className="admin-orders__filter-actions">
        <button type="submit" className="button button--primary">
          Filtrar
        </button>
        <button type="button" className="button button--secondary" onClick={onClear}>
          Limpiar
        </button>
      </div>
    </form>
  );
}

function OrderResults({ filters }: { filters: OrderFilters }) {
  const list = useInfiniteQuery(orderListQueryOptions(filters));
  if (list.isPending) return <Spinner label="Cargando los pedidos" />;
  if (list.isError) return <QueryError message={list.error.message} onRetry={() => void list.refetch()} />;
  const orders = list.data.pages.flatMap((page) => page.results);
  if (orders.length === 0) return <EmptyState title="No hay pedidos con estos filtros" />;
  return (
    <>
      <table className="order-table">
        <caption className="visually-hidden">Pedidos, el más reciente primero</caption>
        <thead>
          <tr>
            <th scope="col">Pedido</th>
            <th scope="col">Fecha</th>
            <th scope="col">Pago</th>
            <th scope="col">Quién compra</th>
            <th scope="col">Quién recibe</th>
            <th scope="col">Tiendas</th>
            <th scope="col" className="order-table__money">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <OrderRow key={order.number} order={order} />
          ))}
        </tbody>
      </table>
      {list.hasNextPage ? (
        <button
          type="button"
          className="button button--secondary admin-orders__more"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {list.isFetchingNextPage ? <Spinner size="small" /> : null}
          Cargar más
        </button>
      ) : null}
    </>
  );
}

function paymentChipClass(order: AdminOrderSummary): string {
  if (order.status === 'cancelled') return 'order-chip order-chip--muted';
  if (order.payment_status === 'pending') return 'order-chip order-chip--warn';
  return 'order-chip order-chip--ok';
}

function OrderRow({ order }: { order: AdminOrderSummary }) {
  return (
    <tr className="order-table__row">
      <td data-label="Pedido">
        <Link className="order-table__number" to={orderPath(order.number)}>
          {order.number}
        </Link>
        {order.late ? <span className="order-chip order-chip--danger">Atrasado</span> : null}
        {order.stores.some((store) => store.unaccepted) ? (
          <span className="order-chip order-chip--warn">Sin aceptar</span>
        ) : null}
      </td>
      <td data-label="Fecha">{dateTimeText(order.created)}</td>
      <td data-label="Pago">
        <span className={paymentChipClass(order)}>
          {order.status === 'cancelled' ? order.status_label : order.payment_status_label}
        </span>
        <span className="order-table__muted">{order.payment_method_label}</span>
      </td>
      <td data-label="Quién compra">
        <span className="order-table__wrap">{order.remitter_name}</span>
        <span className="order-table__muted order-table__wrap">
          {order.remitter_email} · {order.country}
        </span>
      </td>
      <td data-label="Quién recibe">
        <span className="order-table__wrap">{order.beneficiary_name}</span>
      </td>
      <td data-label="Tiendas">
        <ul className="order-table__stores">
          {order.stores.map((store) => (
            <li key={store.number}>
              <Link
                to={`${STAFF_PATHS.adminOrders}?store_id=${store.store_id}`}
                aria-label={`Pedidos de ${store.store_name}`}
              >
                {store.store_name}
              </Link>
              : {store.status_label}
              {store.window_text ? ` · ${store.window_text}` : ''}
              {store.late ? ' (atrasado)' : ''}
              {store.unaccepted ? ' (sin aceptar)' : ''}
            </li>
          ))}
        </ul>
      </td>
      <td data-label="Total" className="order-table__money">
        {usdText(parseMoney(order.total))}
      </td>
    </tr>
  );
}
