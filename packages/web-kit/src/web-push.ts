import { subscriptionBody, vapidKeyBytes } from './push-key.ts';

/**
 * The browser side of Web Push for both apps' opt-ins (the store's 'Recibir avisos en este teléfono', the
 * remitter's 'Avisarme en este teléfono'): one way to register the worker, subscribe and unsubscribe.
 */

/** A push-only service worker: its script and the folder it is scoped to. */
export interface PushWorker {
  url: string;
  scope: string;
}

export type PushSubscriptionBody = NonNullable<ReturnType<typeof subscriptionBody>>;

export function pushSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  );
}

export async function currentPushSubscription(worker: PushWorker): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration(worker.scope);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * Resolves once the registration's own worker is active (PushManager.subscribe needs one). Not
 * `navigator.serviceWorker.ready`: that waits for a worker controlling this page, and both apps' workers are
 * scoped to a folder the page that opts in is outside of (/staff/assets/ from /comercio, /user/ from the
 * order confirmation), so it never resolved there and the button stayed busy.
 */
async function activated(registration: ServiceWorkerRegistration): Promise<void> {
  const worker = registration.installing ?? registration.waiting;
  if (registration.active || !worker) return;
  await new Promise<void>((resolve, reject) => {
    const settle = () => {
      if (worker.state === 'activated') resolve();
      else if (worker.state === 'redundant') reject(new Error('the service worker did not install'));
    };
    worker.addEventListener('statechange', settle);
    // It may have moved on between the register() answer and the listener.
    settle();
  });
}

/** Registers the worker, subscribes with the server's VAPID key and answers what the server stores. */
export async function subscribeThisBrowser(
  worker: PushWorker,
  publicKey: () => Promise<string>,
): Promise<PushSubscriptionBody> {
  const registration = await navigator.serviceWorker.register(worker.url, { scope: worker.scope });
  await activated(registration);
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: vapidKeyBytes(await publicKey()),
    }));
  const body = subscriptionBody(subscription.toJSON());
  if (!body) throw new Error('subscription without keys');
  return body;
}

/** Tells the server first (`forget`), then drops the browser's subscription; nothing when there is none. */
export async function unsubscribeThisBrowser(
  worker: PushWorker,
  forget: (endpoint: string) => Promise<unknown>,
): Promise<void> {
  const subscription = await currentPushSubscription(worker);
  if (!subscription) return;
  await forget(subscription.endpoint);
  await subscription.unsubscribe();
}
