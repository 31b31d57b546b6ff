import { apiDelete, apiGet, apiPost } from '@mandado/web-kit/api-client.ts';
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
import './shopper-push-opt-in.css';

/**
 * The shop's service worker (apps/web/public/shop-sw.js, served at the site's root, no cache). Its scope is
 * Mis Compras only: it handles no fetch, and a push subscription works whatever pages it controls; a tap on
 * a notification opens any page of the site from the worker itself.
 */
const WORKER: PushWorker = { url: '/shop-sw.js', scope: '/user/' };

type PushState = 'checking' | 'unsupported' | 'off' | 'on' | 'denied';

function apiMessage(error: unknown): string | undefined {
  return error instanceof Error && error.name === 'ApiError' ? error.message : undefined;
}

/**
 * 'Avisarme en este teléfono' (issue 29, decision 073): a quiet opt-in in Mis Compras and after paying,
 * never a permission prompt on its own. Only a tap registers the service worker (so the browse pages never
 * load it), asks the browser's permission, subscribes with the server's VAPID key and hands the subscription
 * to the server, which then pushes a substitute to decide, a delivery and a failed attempt.
 */
export function ShopperPushOptIn() {
  const [state, setState] = useState<PushState>(() =>
    !pushSupported() ? 'unsupported' : Notification.permission === 'denied' ? 'denied' : 'checking',
  );
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!pushSupported() || Notification.permission === 'denied') return;
    let live = true;
    (async () => {
      const subscription = await currentPushSubscription(WORKER);
      // A browser subscription the server dropped (another account signed in here, a 410) reads as off.
      const known = subscription
        ? (
            await apiPost<{ subscribed: boolean }>('/me/push/subscriptions/status/', {
              endpoint: subscription.endpoint,
            })
          ).subscribed
        : false;
      if (live) setState(known ? 'on' : 'off');
    })().catch(() => {
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
      const body = await subscribeThisBrowser(
        WORKER,
        async () => (await apiGet<{ public_key: string }>('/me/push/key/')).public_key,
      );
      await apiPost<unknown>('/me/push/subscriptions/', body);
      setState('on');
      notify({
        kind: 'success',
        title: 'Avisos activados',
        message: 'Este teléfono te avisa si una tienda te pregunta algo y cuando entregamos.',
      });
    } catch (error) {
      notify({ kind: 'error', title: 'No pudimos activar los avisos', message: apiMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  async function turnOff() {
    setBusy(true);
    try {
      await unsubscribeThisBrowser(WORKER, (endpoint) =>
        apiDelete<unknown>('/me/push/subscriptions/', { endpoint }),
      );
      setState('off');
    } catch (error) {
      notify({ kind: 'error', title: 'No pudimos desactivar los avisos', message: apiMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  if (state === 'unsupported' || state === 'checking') return null;
  if (state === 'denied') return null;
  return state === 'on' ? (
    <p className="push-opt-in">
      Este teléfono te avisa de tus pedidos.{' '}
      <button type="button" className="button button--ghost" disabled={busy} onClick={() => void turnOff()}>
        Dejar de avisarme
      </button>
    </p>
  ) : (
    <p className="push-opt-in">
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={busy}
        onClick={() => void turnOn()}
      >
        {busy ? <Spinner size="small" /> : null}
        Avisarme en este teléfono
      </button>{' '}
      <span className="push-opt-in__hint">
        si una tienda te pregunta por un reemplazo y cuando entregamos.
      </span>
    </p>
  );
}
