import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { notify } from '@mandado/web-kit/toast-store.ts';
import {
  currentPushSubscription,
  type PushWorker,
  pushSupported,
  subscribeThisBrowser,
  unsubscribeThisBrowser,
} from '@mandado/web-kit/web-push.ts';
import { useEffect, useState } from 'react';
import { deletePushSubscription, fetchPushKey, savePushSubscription } from './inbox.api.ts';

/**
 * The staff app's service worker (apps/staff/public/assets/staff-sw.js), served beside the app's hashed files
 * (/staff/assets/ in a build, /assets/ in development: the server publishes only that folder of the staff
 * build). Its scope is that folder: a push subscription works whatever pages the worker controls, and a tap on
 * the notification opens /comercio from the worker itself. Browsers fetch a worker's script past the HTTP
 * cache when they check for updates, so the folder's long cache does not pin an old version.
 */
const SERVICE_WORKER_SCOPE = `${import.meta.env.BASE_URL}assets/`;
const WORKER: PushWorker = { url: `${SERVICE_WORKER_SCOPE}staff-sw.js`, scope: SERVICE_WORKER_SCOPE };

type PushState = 'checking' | 'unsupported' | 'off' | 'on' | 'denied';

/**
 * 'Recibir avisos en este teléfono' (issue 17): an opt-in per phone. It registers the service worker, asks the
 * browser for permission, subscribes with the server's VAPID key and hands the subscription to the server,
 * which pushes a notification for every new paid order of the member's stores.
 */
export function PushOptIn() {
  // Known at once where it can be (issue 31): only the subscription check waits, behind a placeholder.
  const [state, setState] = useState<PushState>(() =>
    !pushSupported() ? 'unsupported' : Notification.permission === 'denied' ? 'denied' : 'checking',
  );
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!pushSupported() || Notification.permission === 'denied') return;
    let live = true;
    currentPushSubscription(WORKER)
      .then((subscription) => {
        if (live) setState(subscription ? 'on' : 'off');
      })
      .catch(() => {
        if (live) setState('off');
      });
    return () => {
      live = false;
    };
  }, []);

  async function turnOn() {
    setBusy(true);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        setState(permission === 'denied' ? 'denied' : 'off');
        return;
      }
      const body = await subscribeThisBrowser(WORKER, fetchPushKey);
      await savePushSubscription(body);
      setState('on');
      notify({
        kind: 'success',
        title: 'Avisos activados',
        message: 'Este teléfono avisará de cada pedido nuevo.',
      });
    } catch (error) {
      notify({
        kind: 'error',
        title: 'No pudimos activar los avisos',
        message: error instanceof Error && error.name === 'ApiError' ? error.message : undefined,
      });
    } finally {
      setBusy(false);
    }
  }

  async function turnOff() {
    setBusy(true);
    try {
      await unsubscribeThisBrowser(WORKER, deletePushSubscription);
      setState('off');
    } catch (error) {
      notify({
        kind: 'error',
        title: 'No pudimos desactivar los avisos',
        message: error instanceof Error && error.name === 'ApiError' ? error.message : undefined,
      });
    } finally {
      setBusy(false);
    }
  }

  if (state === 'unsupported') return null;
  if (state === 'checking') {
    // The button's room, kept while the browser answers, so the page below does not move when it appears.
    return (
      <span aria-hidden="true" className="button button--secondary button--small inbox-alerts__placeholder">
        Recibir avisos en este teléfono
      </span>
    );
  }
  if (state === 'denied') {
    return (
      <p className="inbox-alerts__note">
        Los avisos están bloqueados en este navegador. Puedes permitirlos en los ajustes del sitio.
      </p>
    );
  }
  return state === 'on' ? (
    <div className="inbox-alerts__push">
      <p className="inbox-alerts__note">Este teléfono recibe avisos de pedidos nuevos.</p>
      <button type="button" className="button button--ghost" disabled={busy} onClick={() => void turnOff()}>
        Dejar de recibir avisos
      </button>
    </div>
  ) : (
    <button
      type="button"
      className="button button--secondary button--small"
      disabled={busy}
      onClick={() => void turnOn()}
    >
      {busy ? <Spinner size="small" /> : null}
      Recibir avisos en este teléfono
    </button>
  );
}
