import type { CourierStoreOrder } from '@mandado/shared/courier.schemas';
import { COURIER_ARRIVAL_MESSAGES } from '@mandado/shared/courier-arrival';
import { COURIER_MESSAGES } from '@mandado/shared/courier-messages';
import { dateTimeText, deliveryWindowText, MONTEVIDEO_TIME_NOTE } from '@mandado/shared/date-text';
import { isUruguayMobile, telUrl, whatsAppChatUrl } from '@mandado/shared/phone-links';
import { ApiError } from '@mandado/web-kit/api-client.ts';
import { StoreStatusBadge } from '@mandado/web-kit/orders/status-timeline.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { notify } from '@mandado/web-kit/toast-store.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type RefObject, Suspense, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { lazyNamed } from '../../lib/lazy-named.tsx';
import {
  courierQueryKey,
  courierQueryOptions,
  markArrived,
  markDelivered,
  markPickedUp,
  recordAttempt,
  uploadProofPhoto,
} from './courier.api.ts';
import { addressText, attemptsText, fullName, packagesText } from './courier-wording.ts';
import { PickupChecklist } from './pickup-checklist.tsx';
import { missingItemsText } from './pickup-items.ts';
import '../../components/staff-choice.css';
import './courier.css';

// The forms bring zod and react-hook-form: the page shows without them (the /entrega first load stays under
// its budget, issue 17) and fetches them once the order's steps are on screen.
const CourierDeliverForm = lazyNamed(() => import('./courier-deliver-form.tsx'), 'CourierDeliverForm');
const CourierAttemptForm = lazyNamed(() => import('./courier-attempt-form.tsx'), 'CourierAttemptForm');

/**
 * Puts the focus in the form that just opened. It sits after the form under the same Suspense boundary, so it
 * mounts when the form does, whether its chunk was already in or had to be fetched.
 */
function FocusFirstField({ within }: { within: RefObject<HTMLElement | null> }) {
  useEffect(() => {
    within.current?.querySelector<HTMLElement>('input, textarea')?.focus();
  }, [within]);
  return null;
}

/**
 * `/entrega/:token` (issue 17): the courier's page, no account. What to collect and where to take it, then
 * 'Retiré el pedido', 'Entregado' (name, code, optional photo) or 'No pude entregar' (a reason). Phone-first:
 * the courier holds it in one hand at the counter or at the door.
 */
export function CourierPage() {
  const { token = '' } = useParams();
  const query = useQuery(courierQueryOptions(token));

  useEffect(() => {
    document.title = 'Entrega · Mandado';
  }, []);

  if (query.isPending) {
    return (
      <main className="staff-main courier courier--center">
        <Spinner label="Cargando la entrega" />
      </main>
    );
  }
  if (query.isError) {
    return (
      <main className="staff-main courier">
        <section className="courier-panel courier-panel--problem" aria-labelledby="courier-problem-title">
          <h1 id="courier-problem-title" className="courier__title">
            Entrega
          </h1>
          <p role="alert">
            {query.error instanceof ApiError && query.error.status !== 0
              ? query.error.message
              : 'No pudimos abrir la entrega. Revisa tu conexión y vuelve a intentarlo.'}
          </p>
          <button type="button" className="button button--secondary" onClick={() => void query.refetch()}>
            Volver a intentar
          </button>
        </section>
      </main>
    );
  }
  const order = query.data;
  if (order.recipient === null) return <CourierOutcome order={order} />;
  return <CourierView token={token} order={{ ...order, recipient: order.recipient }} />;
}

/**
 * A delivery that is over (delivered, fulfilled or rejected, issue 27): the outcome and nothing else. The API
 * no longer sends the address, the phones or the attempts' notes, and there is no step left to take.
 */
function CourierOutcome({ order }: { order: CourierStoreOrder }) {
  return (
    <main className="staff-main courier">
      <header className="courier__head">
        <p className="courier__eyebrow">Entrega de Mandado · {order.number}</p>
        <h1 className="courier__title">Entrega terminada</h1>
        <StoreStatusBadge status={order.status} label={order.status_label} />
      </header>
      <section className="courier-panel courier-panel--done" aria-labelledby="courier-done-title">
        <h2 id="courier-done-title" className="courier-panel__title">
          {order.delivered ? 'Entrega registrada' : 'Este pedido ya no está en reparto'}
        </h2>
        {order.delivered ? (
          <p>
            Recibió {order.delivered.received_by} el {dateTimeText(order.delivered.at)} (
            {MONTEVIDEO_TIME_NOTE}
            ). Gracias.
          </p>
        ) : (
          <p>
            Quedó como «{order.status_label}». No hay nada más que hacer con este enlace; si tienes el
            paquete, comunícate con la tienda.
          </p>
        )}
      </section>
    </main>
  );
}

type ActiveOrder = CourierStoreOrder & { recipient: NonNullable<CourierStoreOrder['recipient']> };

type Mode = 'actions' | 'deliver' | 'attempt';

function CourierView({ token, order }: { token: string; order: ActiveOrder }) {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<Mode>('actions');
  const formRef = useRef<HTMLDivElement>(null);
  const key = courierQueryKey(token);

  function settle(next: CourierStoreOrder) {
    queryClient.setQueryData(key, next);
    setMode('actions');
  }

  /** After a refusal the link may have moved (a lock, fewer tries): the page asks again. */
  function refresh() {
    void queryClient.invalidateQueries({ queryKey: key });
  }

  const pickUp = useMutation({
    mutationFn: () => markPickedUp(token),
    onSuccess: (next) => {
      settle(next);
      notify({ kind: 'success', title: 'Pedido retirado', message: 'Ahora figura en camino.' });
    },
    onError: (error) => {
      // A 409 here is a repeated tap or a retry whose first answer was lost: the pickup is already recorded,
      // so the courier hears that it is on its way, not that something failed.
      const alreadyDone = error instanceof ApiError && error.message === COURIER_MESSAGES.alreadyPickedUp;
      notify(
        alreadyDone
          ? { kind: 'success', title: 'Pedido retirado', message: error.message }
          : { kind: 'error', title: 'Algo salió mal', message: error.message },
      );
      refresh();
    },
  });

  // The pick-up checklist (issue 29): every product ticked before 'Retiré el pedido'.
  const [ticked, setTicked] = useState<Set<number>>(() => new Set());
  const [missing, setMissing] = useState<string | null>(null);
  function pickUpChecked() {
    const text = missingItemsText(order.items, ticked);
    setMissing(text);
    if (text === null) pickUp.mutate();
  }

  // 'Llegué' (issue 29): once per trip; a repeated tap's 409 says it was already sent, which is no failure.
  const [arrived, setArrived] = useState(false);
  const arrive = useMutation({
    mutationFn: () => markArrived(token),
    onSuccess: (next) => {
      setArrived(true);
      queryClient.setQueryData(key, next);
      notify({ kind: 'success', title: 'Llegué', message: COURIER_ARRIVAL_MESSAGES.arrived });
    },
    onError: (error) => {
      const alreadyDone =
        error instanceof ApiError && error.message === COURIER_ARRIVAL_MESSAGES.alreadyArrived;
      if (alreadyDone) setArrived(true);
      notify(
        alreadyDone
          ? { kind: 'success', title: 'Llegué', message: error.message }
          : { kind: 'error', title: 'Algo salió mal', message: error.message },
      );
    },
  });

  const canDeliver = order.actions.includes('delivered');
  const canAttempt = order.actions.includes('attempt');
  useEffect(() => {
    if (canDeliver) CourierDeliverForm.preload();
    if (canAttempt) CourierAttemptForm.preload();
  }, [canDeliver, canAttempt]);

  const recipient = order.recipient;
  const name = fullName(recipient);
  const call = recipient.mobile_number ? telUrl(recipient.mobile_number) : null;
  const chat =
    recipient.mobile_number && isUruguayMobile(recipient.mobile_number)
      ? whatsAppChatUrl(recipient.mobile_number)
      : null;
  const landline = recipient.phone_number ? telUrl(recipient.phone_number) : null;
  const can = new Set(order.actions);

  return (
    <main className="staff-main courier">
      <header className="courier__head">
        <p className="courier__eyebrow">Entrega de Mandado · {order.number}</p>
        <h1 className="courier__title">{name ? `Para ${name}` : 'Entrega'}</h1>
        <StoreStatusBadge status={order.status} label={order.status_label} />
      </header>

      <section className="courier-panel" aria-labelledby="courier-to-title">
        <h2 id="courier-to-title" className="courier-panel__title">
          Dónde entregar
        </h2>
        <p className="courier__address">{addressText(recipient)}</p>
        {recipient.maps_link ? (
          <a
            className="button button--secondary button--block"
            href={recipient.maps_link}
            target="_blank"
            rel="noopener noreferrer"
          >
            Abrir en el mapa
          </a>
        ) : null}
        {recipient.meeting_point ? (
          <p className="courier__note">
            <strong>Punto de encuentro:</strong> {recipient.meeting_point}
          </p>
        ) : null}
        {recipient.delivery_notes ? (
          <p className="courier__note">
            <strong>Indicaciones:</strong> {recipient.delivery_notes}
          </p>
        ) : null}
        {order.window_text ? (
          <p className="courier__window">
            <strong>Franja:</strong> {order.window_text}
          </p>
        ) : (
          <p className="courier__muted">{deliveryWindowText(order.delivery_window)}.</p>
        )}
        {call || chat || landline ? (
          <div className="courier__contact">
            {call ? (
              <a className="button button--secondary" href={call}>
                Llamar
                <span className="visually-hidden"> a {name || 'quien recibe'}</span>
              </a>
            ) : null}
            {chat ? (
              <a className="button button--secondary" href={chat} target="_blank" rel="noopener noreferrer">
                WhatsApp
                <span className="visually-hidden"> de {name || 'quien recibe'}</span>
              </a>
            ) : null}
            {landline ? (
              <a className="button button--ghost" href={landline}>
                Teléfono fijo {recipient.phone_number}
              </a>
            ) : null}
          </div>
        ) : null}
      </section>

      <section className="courier-panel" aria-labelledby="courier-from-title">
        <h2 id="courier-from-title" className="courier-panel__title">
          Dónde retirar
        </h2>
        <p>
          <strong>{order.store.name}</strong>
        </p>
        <p className="courier__muted">{order.store.address}</p>
        <p>{packagesText(order.packages)}</p>
        {can.has('picked_up') ? (
          <PickupChecklist
            items={order.items}
            ticked={ticked}
            onChange={(next) => {
              setTicked(next);
              setMissing(null);
            }}
          />
        ) : null}
      </section>

      <section className="courier-panel" aria-labelledby="courier-attempts-title">
        <h2 id="courier-attempts-title" className="courier-panel__title">
          Intentos
        </h2>
        <p>{attemptsText(order.attempts.length)}</p>
        {order.attempts.length > 0 ? (
          <ol className="courier__attempts">
            {order.attempts.map((attempt) => (
              <li key={attempt.at}>
                {attempt.reason_label} · {dateTimeText(attempt.at)}
                {attempt.note ? ` — ${attempt.note}` : ''}
              </li>
            ))}
          </ol>
        ) : null}
      </section>

      {mode === 'actions' && can.size === 0 ? (
        <div className="courier-panel">
          <p className="courier__muted">No hay pasos pendientes para este pedido.</p>
        </div>
      ) : (
        <div
          ref={formRef}
          // The buttons stay under the thumb while the courier scrolls; a form is too tall to float.
          className={mode === 'actions' ? 'courier-panel courier-panel--sticky' : 'courier-panel'}
        >
          {mode === 'deliver' ? (
            <Suspense fallback={<Spinner label="Cargando" />}>
              <CourierDeliverForm
                codeTriesLeft={order.code_tries_left}
                onCancel={() => setMode('actions')}
                onDeliver={async ({ recipient_name, code, photo }) => {
                  try {
                    const photoId = photo ? await uploadProofPhoto(token, photo) : null;
                    settle(await markDelivered(token, { recipient_name, code, photo_id: photoId }));
                    notify({ kind: 'success', title: 'Entrega registrada' });
                  } catch (error) {
                    refresh();
                    throw error;
                  }
                }}
              />
              <FocusFirstField within={formRef} />
            </Suspense>
          ) : mode === 'attempt' ? (
            <Suspense fallback={<Spinner label="Cargando" />}>
              <CourierAttemptForm
                attemptsSoFar={order.attempts.length}
                onCancel={() => setMode('actions')}
                onRecord={async (input) => {
                  try {
                    settle(await recordAttempt(token, input));
                    notify({ kind: 'default', title: 'Intento registrado' });
                  } catch (error) {
                    refresh();
                    throw error;
                  }
                }}
              />
              <FocusFirstField within={formRef} />
            </Suspense>
          ) : can.size > 0 ? (
            <div className="courier__actions">
              {can.has('picked_up') && missing ? (
                <p className="courier-checklist__missing" role="alert">
                  {missing}
                </p>
              ) : null}
              {can.has('picked_up') ? (
                <button
                  type="button"
                  className="button button--primary button--block"
                  disabled={pickUp.isPending}
                  onClick={pickUpChecked}
                >
                  {pickUp.isPending ? <Spinner size="small" /> : null}
                  Retiré el pedido
                </button>
              ) : null}
              {can.has('delivered') && !arrived ? (
                <button
                  type="button"
                  className="button button--secondary button--block"
                  disabled={arrive.isPending}
                  onClick={() => arrive.mutate()}
                >
                  {arrive.isPending ? <Spinner size="small" /> : null}
                  Llegué
                </button>
              ) : null}
              {can.has('delivered') ? (
                <button
                  type="button"
                  className="button button--primary button--block"
                  onClick={() => setMode('deliver')}
                >
                  Entregado
                </button>
              ) : null}
              {can.has('attempt') ? (
                <button
                  type="button"
                  className="button button--secondary button--block"
                  onClick={() => setMode('attempt')}
                >
                  No pude entregar
                </button>
              ) : null}
            </div>
          ) : null}
        </div>
      )}
    </main>
  );
}
