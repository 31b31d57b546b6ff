import type {
  AdminOrderDetail,
  AdminStoreOrder,
  AdminTimelineEntry,
} from '@mandado/shared/admin-orders.schemas';
import { dateTimeText, dayText } from '@mandado/shared/date-text';
import { parseMoney } from '@mandado/shared/money';
import { usdText } from '@mandado/shared/money-text';
import { countOrderLines, orderCountsText } from '@mandado/shared/order-counts';
import { hasPermission } from '@mandado/shared/permissions';
import { STAFF_PATHS } from '@mandado/shared/staff-routes';
import { Dialog } from '@mandado/web-kit/dialog.tsx';
import { DialogActions } from '@mandado/web-kit/dialog-actions.tsx';
import { failureText } from '@mandado/web-kit/form/api-form-errors.ts';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { notify } from '@mandado/web-kit/toast-store.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { DetailFailure } from '../../components/detail-failure.tsx';
import { useOperator } from '../../lib/use-operator.ts';
import {
  addNote,
  cancelOrder,
  changeStatus,
  orderDetailQueryOptions,
  refundStoreOrder,
  reopenCourierLink,
  resendEmail,
} from './admin-orders.api.ts';
import { RefundDialog, type RefundScope } from './refund-dialog.tsx';
import { StatusDialog } from './status-dialog.tsx';
import { TextDialog } from './text-dialog.tsx';
import './admin-orders.css';

type OpenDialog =
  | { kind: 'refund'; scope: RefundScope }
  | { kind: 'status'; store: AdminStoreOrder }
  | { kind: 'note' }
  | { kind: 'cancel' }
  | { kind: 'resend'; entry: AdminTimelineEntry & { email_id: number } };

const money = (decimal: string) => usdText(parseMoney(decimal));

/**
 * `/admin/pedidos/:number` (issue 19): the order's figures, its store orders with their lines, one timeline
 * of everything that happened to it, and the operator's actions — each in a dialog, each shown only to the
 * groups allowed to take it (a support operator sees no 'Devolver').
 */
export function AdminOrderView({ number }: { number: string }) {
  const query = useQuery(orderDetailQueryOptions(number));
  const queryClient = useQueryClient();
  const operator = useOperator();
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const [resending, setResending] = useState<number | null>(null);

  if (query.isPending) return <Spinner label="Cargando el pedido" />;
  if (query.isError) {
    return (
      <section className="admin-order" aria-labelledby="admin-order-title">
        <Link className="admin-order__back" to={STAFF_PATHS.adminOrders}>
          ← Pedidos
        </Link>
        <h1 id="admin-order-title" className="staff-title">
          Pedido {number}
        </h1>
        <DetailFailure
          error={query.error}
          onRetry={() => void query.refetch()}
          notFound={`No hay ningún pedido con el número ${number}.`}
        />
      </section>
    );
  }
  const order = query.data;
  const can = {
    operate: hasPermission(operator, 'order:operate'),
    refund: hasPermission(operator, 'payment:refund') && order.payment_status === 'paid',
    // Any group may reopen a courier link the wrong codes locked (route and service: order:operate).
    reopen: hasPermission(operator, 'order:operate'),
  };

  function show(detail: AdminOrderDetail) {
    queryClient.setQueryData(orderDetailQueryOptions(number).queryKey, detail);
    void queryClient.invalidateQueries({ queryKey: ['admin', 'orders'] });
  }

  async function refresh() {
    await queryClient.invalidateQueries({ queryKey: orderDetailQueryOptions(number).queryKey });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'orders'] });
  }

  async function resend(emailId: number) {
    setDialog(null);
    setResending(emailId);
    try {
      show(await resendEmail(number, emailId));
      notify({ kind: 'success', title: 'Correo en cola para reenviarse' });
    } catch (error) {
      notify({ kind: 'error', title: 'No se pudo reenviar', message: failureText(error) ?? '' });
    } finally {
      setResending(null);
    }
  }

  async function reopen(storeOrderNumber: string) {
    try {
      await reopenCourierLink(storeOrderNumber);
      await refresh();
      notify({ kind: 'success', title: 'Enlace de entrega reabierto' });
    } catch (error) {
      notify({ kind: 'error', title: 'No se pudo reabrir', message: failureText(error) ?? '' });
    }
  }

  return (
    <section className="admin-order" aria-labelledby="admin-order-title">
      <Link className="admin-order__back" to={STAFF_PATHS.adminOrders}>
        ← Pedidos
      </Link>
      <header className="admin-order__head">
        <h1 id="admin-order-title" className="staff-title">
          Pedido {order.number}
        </h1>
        <p className="admin-order__chips">
          <span className="order-chip">{order.status_label}</span>
          <span
            className={
              order.payment_status === 'pending' ? 'order-chip order-chip--warn' : 'order-chip order-chip--ok'
            }
          >
            {order.payment_status_label}
          </span>
          {order.late ? <span className="order-chip order-chip--danger">Atrasado</span> : null}
        </p>
      </header>

      <div className="admin-order__actions">
        {can.refund ? (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setDialog({ kind: 'refund', scope: { kind: 'order' } })}
          >
            Devolver
          </button>
        ) : null}
        {can.operate && order.can_cancel ? (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setDialog({ kind: 'cancel' })}
          >
            Cancelar pedido
          </button>
        ) : null}
        {can.operate ? (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setDialog({ kind: 'note' })}
          >
            Agregar nota
          </button>
        ) : null}
      </div>

      <dl className="admin-order__figures">
        <Figure term="Total">{money(order.total)}</Figure>
        <Figure term="Devuelto">{money(order.refunded)}</Figure>
        <Figure term="Medio de pago">
          {order.payment_method_label}
          {order.payment_label ? ` · ${order.payment_label}` : ''}
        </Figure>
        <Figure term="Pagado">
          {order.paid_at ? dateTimeText(order.paid_at) : 'Todavía no'}
          {order.paid_reference ? ` · Ref. ${order.paid_reference}` : ''}
        </Figure>
        <Figure term="Realizado">{dateTimeText(order.created)}</Figure>
        <Figure term="Entrega">
          {order.delivery === 'pickup' ? 'Retiro en la tienda' : 'A domicilio'} ·{' '}
          {dayText(order.delivery_window.from)} a {dayText(order.delivery_window.to)}
        </Figure>
        <Figure term="Quién compra">
          {order.remitter_name} · {order.remitter_email} · {order.remitter_phone} · {order.country}
        </Figure>
        <Figure term="Quién recibe">
          {order.beneficiary.name} · {order.beneficiary.address}, {order.beneficiary.city} ·{' '}
          {order.beneficiary.mobile}
          {order.beneficiary.notes ? ` · ${order.beneficiary.notes}` : ''}
        </Figure>
        {order.coupon ? <Figure term="Cupón">{order.coupon}</Figure> : null}
        {order.cancel_reason ? <Figure term="Motivo de cancelación">{order.cancel_reason}</Figure> : null}
      </dl>

      <h2 className="admin-order__subtitle">Pedidos de tienda</h2>
      <ul className="admin-order__stores">
        {order.stores.map((store) => (
          <li key={store.number}>
            <StoreOrderCard
              store={store}
              canMove={can.operate && store.next_statuses.length > 0}
              canRefund={can.refund}
              canReopen={can.reopen && store.courier_locked}
              onMove={() => setDialog({ kind: 'status', store })}
              onRefund={() => setDialog({ kind: 'refund', scope: { kind: 'store', number: store.number } })}
              onReopen={() => void reopen(store.number)}
            />
          </li>
        ))}
      </ul>

      <h2 className="admin-order__subtitle">Historia</h2>
      <ol className="order-timeline" aria-label="Todo lo que pasó con el pedido, lo más antiguo primero">
        {order.timeline.map((entry, index) => (
          <TimelineItem
            // The timeline has no ids of its own: its order is stable for one answer.
            // biome-ignore lint/suspicious/noArrayIndexKey: entries from several tables, position is their identity
            key={index}
            entry={entry}
            canResend={can.operate}
            resending={entry.email_id !== null && resending === entry.email_id}
            onResend={(emailId) => setDialog({ kind: 'resend', entry: { ...entry, email_id: emailId } })}
          />
        ))}
      </ol>

      {dialog?.kind === 'refund' ? (
        <RefundDialog
          order={order}
          initialScope={dialog.scope}
          onRefund={async (storeOrderNumber, input) => {
            await refundStoreOrder(storeOrderNumber, input);
          }}
          onDone={(count) => {
            setDialog(null);
            void refresh();
            notify({
              kind: 'success',
              title: count === 1 ? 'Devolución registrada' : `${count} devoluciones registradas`,
            });
          }}
          onChanged={refresh}
          onClose={() => {
            setDialog(null);
            void refresh();
          }}
        />
      ) : null}
      {dialog?.kind === 'status' ? (
        <StatusDialog
          store={dialog.store}
          onMove={async (move) => {
            await changeStatus(dialog.store.number, move);
            setDialog(null);
            await refresh();
            notify({ kind: 'success', title: 'Estado cambiado' });
          }}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'note' ? (
        <TextDialog
          title="Agregar nota interna"
          label="Nota (solo la ve el equipo)"
          confirmLabel="Agregar nota"
          emptyProblem="Escribe la nota."
          maxLength={2000}
          multiline
          onSubmit={async (text) => {
            show(await addNote(number, text, null));
            setDialog(null);
            notify({ kind: 'success', title: 'Nota agregada' });
          }}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'cancel' ? (
        <TextDialog
          title={`¿Cancelar el pedido ${order.number}?`}
          label="Motivo"
          confirmLabel="Cancelar pedido"
          emptyProblem="Escribe el motivo de la cancelación."
          maxLength={300}
          onSubmit={async (text) => {
            show(await cancelOrder(number, text));
            setDialog(null);
            notify({ kind: 'success', title: 'Pedido cancelado' });
          }}
          onClose={() => setDialog(null)}
        >
          <p className="dialog__text">
            Los productos vuelven al stock, el cupón y el crédito vuelven a quien compró, y le avisamos por
            correo con este motivo.
          </p>
        </TextDialog>
      ) : null}
      {dialog?.kind === 'resend' ? (
        // Each tap is an e-mail in someone's inbox: it asks first, naming the e-mail and who gets it.
        <Dialog title="¿Reenviar este correo?" onClose={() => setDialog(null)}>
          <p className="dialog__text">
            {dialog.entry.title.replace(/^Correo: /, '')}
            {dialog.entry.detail ? ` · ${dialog.entry.detail.replace(/ · .*$/, '')}` : ''}
          </p>
          <DialogActions
            confirmLabel="Reenviar"
            onCancel={() => setDialog(null)}
            onConfirm={() => void resend(dialog.entry.email_id)}
          />
        </Dialog>
      ) : null}
    </section>
  );
}

function Figure({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="admin-order__figure">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function StoreOrderCard({
  store,
  canMove,
  canRefund,
  canReopen,
  onMove,
  onRefund,
  onReopen,
}: {
  store: AdminStoreOrder;
  canMove: boolean;
  canRefund: boolean;
  canReopen: boolean;
  onMove: () => void;
  onRefund: () => void;
  onReopen: () => void;
}) {
  return (
    <article className="store-order" aria-label={`Pedido de tienda ${store.number}`}>
      <div className="store-order__head">
        <h3 className="store-order__title">
          {store.number} · {store.store_name}
        </h3>
        <p className="admin-order__chips">
          <span className="order-chip">{store.status_label}</span>
          {store.late ? <span className="order-chip order-chip--danger">Atrasado</span> : null}
          {store.unaccepted ? <span className="order-chip order-chip--warn">Sin aceptar</span> : null}
          {store.courier_locked ? (
            <span className="order-chip order-chip--warn">Enlace bloqueado</span>
          ) : null}
        </p>
      </div>
      <p className="store-order__counts">{orderCountsText(countOrderLines(store.lines))}</p>
      <ul className="store-order__lines">
        {store.lines.map((line) => (
          <li key={line.id} className="store-order__line">
            <span>
              {line.quantity} × {line.name}
              {line.available_quantity !== null ? ` (disponibles: ${line.available_quantity})` : ''}
              {line.substitute_name ? ` → ${line.substitute_name}` : ''}
              {parseMoney(line.refunded) > 0
                ? ` · Devuelto ${money(line.refunded)}${line.refunded_units > 0 ? ` (${line.refunded_units} de ${line.quantity})` : ''}`
                : ''}
            </span>
            <span className="store-order__money">{money(line.total)}</span>
          </li>
        ))}
      </ul>
      <p className="store-order__sums">
        Productos {money(store.subtotal)} · Envío {money(store.shipping)}
        {parseMoney(store.discount) > 0 ? ` · Cupón −${money(store.discount)}` : ''}
        {parseMoney(store.credit) > 0 ? ` · Crédito −${money(store.credit)}` : ''} ·{' '}
        <strong>Total {money(store.total)}</strong>
        {parseMoney(store.refunded) > 0 ? ` · Devuelto ${money(store.refunded)}` : ''}
        {store.window_text
          ? ` · Franja de entrega: ${store.window_text}`
          : store.due_by
            ? ` · Entregar a más tardar el ${dayText(store.due_by)}`
            : ''}
      </p>
      {canMove || canRefund || canReopen ? (
        <div className="store-order__actions">
          {canMove ? (
            <button type="button" className="button button--secondary button--small" onClick={onMove}>
              Cambiar estado
            </button>
          ) : null}
          {canRefund ? (
            <button type="button" className="button button--secondary button--small" onClick={onRefund}>
              Devolver
            </button>
          ) : null}
          {canReopen ? (
            <button type="button" className="button button--secondary button--small" onClick={onReopen}>
              Reabrir enlace
            </button>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}

const KIND_LABELS: Record<AdminTimelineEntry['kind'], string> = {
  placed: 'Pedido',
  payment: 'Pago',
  status: 'Estado',
  refund: 'Devolución',
  email: 'Correo',
  attempt: 'Entrega',
  note: 'Nota',
  cancel: 'Cancelación',
  message: 'Mensaje',
};

function TimelineItem({
  entry,
  canResend,
  resending,
  onResend,
}: {
  entry: AdminTimelineEntry;
  canResend: boolean;
  resending: boolean;
  onResend: (emailId: number) => void;
}) {
  const emailId = entry.email_id;
  return (
    <li className={`order-timeline__item order-timeline__item--${entry.kind}`}>
      <p className="order-timeline__meta">
        <span className="order-timeline__kind">{KIND_LABELS[entry.kind]}</span>
        <time dateTime={entry.at}>{dateTimeText(entry.at)}</time>
        {entry.store_order_number ? <span>{entry.store_order_number}</span> : null}
        {entry.actor ? <span className="order-timeline__actor">{entry.actor}</span> : null}
      </p>
      <p className="order-timeline__title">{entry.title}</p>
      {entry.detail ? <p className="order-timeline__detail">{entry.detail}</p> : null}
      {canResend && emailId !== null ? (
        <button
          type="button"
          className="button button--ghost button--small order-timeline__resend"
          disabled={resending}
          // Several e-mails, several buttons: each names its own (the visible word starts the name).
          aria-label={`Reenviar ${entry.title.replace(/^Correo: /, 'el correo: ')}`}
          onClick={() => onResend(emailId)}
        >
          {resending ? <Spinner size="small" /> : null}
          Reenviar
        </button>
      ) : null}
    </li>
  );
}
