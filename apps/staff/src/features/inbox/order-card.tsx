import { dateTimeText } from '@mandado/shared/date-text';
import { countOrderLines, orderCountsText } from '@mandado/shared/order-counts';
import { DELIVERY_LABELS } from '@mandado/shared/order-pricing';
import { isUruguayMobile, telUrl, whatsAppChatUrl } from '@mandado/shared/phone-links';
import type { StaffOrderLine } from '@mandado/shared/staff-order.schemas';
import { pickingTicketPath } from '@mandado/shared/staff-routes';
import type { StoreSubstitutionQuestion } from '@mandado/shared/substitution.schemas';
import { SUBSTITUTION_ANSWER_STORE_TEXT } from '@mandado/shared/substitution-texts';
import { CopyButton } from '@mandado/web-kit/orders/copy-button.tsx';
import { StoreStatusBadge } from '@mandado/web-kit/orders/status-timeline.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { notify } from '@mandado/web-kit/toast-store.ts';
import { Suspense, useState } from 'react';
import { Link } from 'react-router';
import { lazyNamed } from '../../lib/lazy-named.tsx';
import { changeOrderStatus, markOrderSeen, type StaffStoreOrder } from './inbox.api.ts';
import { courierWhatsAppUrl, type StoreMove, SUBSTITUTION_STORE_TEXT, storeMoves } from './inbox-wording.ts';
import { OrderEarnings } from './order-earnings.tsx';
import { ReceiptNotice } from './receipt-notice.tsx';
import { useInboxActions } from './use-inbox-actions.ts';

// The dialogs bring the form libraries (zod, react-hook-form): they load when a card opens, never with the
// list (the /comercio first load stays under its budget, issue 17).
const RejectDialog = lazyNamed(() => import('./reject-dialog.tsx'), 'RejectDialog');
const CounterDeliverDialog = lazyNamed(() => import('./counter-deliver-dialog.tsx'), 'CounterDeliverDialog');
const LineUnavailableDialog = lazyNamed(
  () => import('./line-unavailable-dialog.tsx'),
  'LineUnavailableDialog',
);

function DialogLoading() {
  return (
    <div className="overlay-loading">
      <Spinner label="Cargando" />
    </div>
  );
}

/** Lines a store may still mark unavailable: before the order leaves its hands. */
const LINES_CHANGEABLE = new Set(['approved', 'preparing_to_delivery']);

function personName(person: { first_name: string; last_name: string }): string {
  return `${person.first_name} ${person.last_name}`.trim();
}

function PhoneLinks({ phone, who }: { phone: string; who: string }) {
  const call = telUrl(phone);
  if (!call) return null;
  const chat = isUruguayMobile(phone) ? whatsAppChatUrl(phone) : null;
  return (
    <span className="order-card__phone">
      <a href={call} className="order-card__link">
        {phone}
        <span className="visually-hidden"> (llamar a {who})</span>
      </a>
      {chat ? (
        <a href={chat} className="order-card__link" target="_blank" rel="noopener noreferrer">
          WhatsApp<span className="visually-hidden"> de {who}</span>
        </a>
      ) : null}
    </span>
  );
}

/** The remitter's answer to the store's proposal, on the line (live through the inbox's polling). */
function QuestionState({ question }: { question: StoreSubstitutionQuestion }) {
  const text =
    question.status === 'pending'
      ? `Esperando respuesta de quien compró: ${question.substitute_quantity} × ${question.substitute_name}`
      : question.status === 'lapsed'
        ? 'Sin respuesta: el pedido ya avanzó'
        : `${question.answer ? SUBSTITUTION_ANSWER_STORE_TEXT[question.answer] : ''}${
            question.answered_by === 'wait_time' ? ' (por su preferencia, sin respuesta a tiempo)' : ''
          }`;
  return (
    <p className="order-lines__changed" data-question={question.status}>
      {text}
    </p>
  );
}

function LineItem({
  line,
  question,
  canMark,
  onUnavailable,
}: {
  line: StaffOrderLine;
  question: StoreSubstitutionQuestion | undefined;
  canMark: boolean;
  onUnavailable: () => void;
}) {
  return (
    <li className="order-lines__item">
      {line.image ? (
        <img className="order-lines__image" src={line.image} alt="" width={56} height={56} loading="lazy" />
      ) : (
        <span className="order-lines__image order-lines__image--none" aria-hidden="true" />
      )}
      <div className="order-lines__text">
        <p className="order-lines__name">
          <strong>{line.quantity} ×</strong> {line.name}
        </p>
        <p className="order-lines__pref">{SUBSTITUTION_STORE_TEXT[line.substitution]}</p>
        {line.available_quantity !== null ? (
          <p className="order-lines__changed">
            {line.available_quantity === 0
              ? 'No disponible'
              : `Disponibles: ${line.available_quantity} de ${line.quantity}`}
            {line.substitute
              ? ` · Reemplazo: ${line.substitute.quantity} × ${line.substitute.name}`
              : ' · Se reembolsa lo que falta'}
          </p>
        ) : null}
        {question ? <QuestionState question={question} /> : null}
      </div>
      {canMark && line.available_quantity === null && question?.status !== 'pending' ? (
        <button type="button" className="button button--ghost order-lines__mark" onClick={onUnavailable}>
          No disponible<span className="visually-hidden">: {line.name}</span>
        </button>
      ) : null}
    </li>
  );
}

type OpenDialog = { kind: 'reject' } | { kind: 'counter' } | { kind: 'line'; line: StaffOrderLine } | null;

/**
 * One store order in the inbox (issue 17), phone-first: a summary that opens into everything the shop needs
 * to prepare and hand it over, and only the moves the transition table allows this member. Opening it tells
 * the server it was seen, which stops the ring.
 */
export function OrderCard({ storeId, order }: { storeId: number; order: StaffStoreOrder }) {
  const [open, setOpen] = useState(false);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [pending, setPending] = useState<StoreMove['kind'] | null>(null);
  const { refresh, fail } = useInboxActions(storeId);
  const pickup = order.delivery === 'pickup';
  const name = personName(order.beneficiary);
  const detailsId = `order-${order.number}-details`;
  const titleId = `order-${order.number}-title`;
  const moves = storeMoves(order, pickup);
  const canMarkLines = LINES_CHANGEABLE.has(order.status) && order.next_statuses.length > 0;

  function toggle() {
    const opening = !open;
    setOpen(opening);
    if (opening) {
      // The card's buttons are on screen now: fetch the dialogs they open, so a press shows one at once.
      if (moves.some((target) => target.kind === 'reject')) RejectDialog.preload();
      if (moves.some((target) => target.kind === 'counter')) CounterDeliverDialog.preload();
      if (canMarkLines) LineUnavailableDialog.preload();
    }
    if (opening && !order.seen) {
      markOrderSeen(storeId, order.number).then(
        () => void refresh(),
        () => undefined,
      );
    }
  }

  async function move(target: StoreMove) {
    if (target.kind === 'reject') return setDialog({ kind: 'reject' });
    if (target.kind === 'counter') return setDialog({ kind: 'counter' });
    setPending(target.kind);
    try {
      await changeOrderStatus(storeId, order.number, { from: order.status, to: target.to, reason: '' });
      notify({
        kind: 'success',
        title: target.kind === 'accept' ? 'Pedido aceptado' : 'Pedido listo',
        message: target.kind === 'accept' ? 'Ahora está en preparación.' : undefined,
      });
      await refresh();
    } catch (error) {
      fail(error);
    } finally {
      setPending(null);
    }
  }

  return (
    <article
      className={order.seen ? 'order-card' : 'order-card order-card--unseen'}
      aria-labelledby={titleId}
    >
      <h3 id={titleId} className="order-card__heading">
        <button
          type="button"
          className="order-card__toggle"
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={toggle}
        >
          <span className="order-card__summary">
            <span className="order-card__number">{order.number}</span>
            <span className="order-card__who">
              {name} · {orderCountsText(countOrderLines(order.lines))}
            </span>
            <span className="order-card__when">
              {DELIVERY_LABELS[order.delivery]} · {dateTimeText(order.created)}
            </span>
            {order.window ? <span className="order-card__window">Entrega {order.window.text}</span> : null}
          </span>
          {/* 'Sin abrir' (nobody opened it); 'Nuevo' is the status badge of a paid order not yet accepted. */}
          {order.seen ? null : <span className="order-card__new">Sin abrir</span>}
        </button>
      </h3>
      <div className="order-card__status">
        <StoreStatusBadge status={order.status} label={order.status_label} />
        <ReceiptNotice storeId={storeId} order={order} />
      </div>
      <div id={detailsId} className="order-card__details" hidden={!open}>
        <section className="order-card__section" aria-label="Quién recibe">
          <p>
            <strong>{name}</strong>
          </p>
          <p className="order-card__phones">
            {order.beneficiary.mobile_number ? (
              <PhoneLinks phone={order.beneficiary.mobile_number} who={name} />
            ) : null}
            {order.beneficiary.phone_number ? (
              <PhoneLinks phone={order.beneficiary.phone_number} who={name} />
            ) : null}
          </p>
        </section>
        <section className="order-card__section" aria-label={DELIVERY_LABELS[order.delivery]}>
          <p className="order-card__kind">{DELIVERY_LABELS[order.delivery]}</p>
          {pickup ? (
            order.pickup_contact ? (
              <p>
                Retira {order.pickup_contact.name}{' '}
                <PhoneLinks phone={order.pickup_contact.phone} who={order.pickup_contact.name} />
              </p>
            ) : (
              // No contact named at checkout: the beneficiary collects it (their phones are above).
              <p>Retira {name}, quien recibe</p>
            )
          ) : null}
          {pickup ? null : (
            <>
              <p>
                {order.beneficiary.address_line1}, {order.beneficiary.city.name}
              </p>
              {order.beneficiary.maps_link ? (
                <p>
                  <a
                    href={order.beneficiary.maps_link}
                    className="order-card__link"
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    Ver la ubicación en el mapa
                  </a>
                </p>
              ) : null}
              {order.beneficiary.meeting_point ? (
                <p>
                  <strong>Punto de encuentro:</strong> {order.beneficiary.meeting_point}
                </p>
              ) : null}
            </>
          )}
          <p>{order.window ? `Franja de entrega: ${order.window.text}` : order.delivery_window.text}</p>
          {order.gift_message ? (
            <p className="order-card__notes">
              <strong>Mensaje de regalo:</strong> {order.gift_message}
            </p>
          ) : null}
          {order.beneficiary.delivery_notes ? (
            <p className="order-card__notes">
              <strong>Notas:</strong> {order.beneficiary.delivery_notes}
            </p>
          ) : null}
        </section>
        <section className="order-card__section" aria-label="Productos">
          <ul className="order-lines">
            {order.lines.map((line) => (
              <LineItem
                key={line.id}
                line={line}
                question={order.substitution_questions?.findLast((row) => row.line_id === line.id)}
                canMark={canMarkLines}
                onUnavailable={() => setDialog({ kind: 'line', line })}
              />
            ))}
          </ul>
          {/* Issue 31: the printable picking ticket, a lazy page of its own (its QR library stays out of here). */}
          <p>
            <Link to={pickingTicketPath(order.number)} className="order-card__link">
              Ticket para preparar<span className="visually-hidden"> el pedido {order.number}</span>
            </Link>
          </p>
        </section>
        <OrderEarnings storeId={storeId} order={order} open={open} />
        {order.courier_url && !pickup && order.status === 'ready_to_delivery' ? (
          <section className="order-card__section order-card__courier" aria-label="Enlace del repartidor">
            <p>Envía este enlace al repartidor: ahí ve la dirección y registra la entrega.</p>
            <p className="order-card__url">{order.courier_url}</p>
            <div className="order-card__actions">
              <a
                className="button button--primary"
                href={courierWhatsAppUrl(
                  order.store.name,
                  order.number,
                  order.courier_url,
                  order.window?.text ?? null,
                )}
                target="_blank"
                rel="noopener noreferrer"
              >
                Enviar al repartidor por WhatsApp
              </a>
              <CopyButton value={order.courier_url} what="enlace" />
            </div>
          </section>
        ) : null}
        {moves.length > 0 ? (
          <div className="order-card__actions">
            {moves.map((target) => (
              <button
                key={target.kind}
                type="button"
                className={target.kind === 'reject' ? 'button button--secondary' : 'button button--primary'}
                disabled={pending !== null}
                onClick={() => void move(target)}
              >
                {pending === target.kind ? <Spinner size="small" /> : null}
                {target.label}
              </button>
            ))}
          </div>
        ) : null}
      </div>
      {dialog ? (
        <Suspense fallback={<DialogLoading />}>
          {dialog.kind === 'reject' ? (
            <RejectDialog storeId={storeId} order={order} onClose={() => setDialog(null)} />
          ) : dialog.kind === 'counter' ? (
            <CounterDeliverDialog storeId={storeId} order={order} onClose={() => setDialog(null)} />
          ) : (
            <LineUnavailableDialog
              storeId={storeId}
              order={order}
              line={dialog.line}
              onClose={() => setDialog(null)}
            />
          )}
        </Suspense>
      ) : null}
    </article>
  );
}
