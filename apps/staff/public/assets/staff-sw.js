/*
 * The staff app's service worker (issue 17): only Web Push. It shows the notification a store member opted
 * into ('Recibir avisos en este teléfono') and, on a tap, brings the inbox forward or opens it. It caches
 * nothing: the inbox must always show the server's state.
 */

const INBOX_PATH = '/comercio';

function readPayload(event) {
  if (!event.data) return {};
  try {
    const parsed = event.data.json();
    return parsed && typeof parsed === 'object' ? parsed : {};
  } catch {
    return { body: event.data.text() };
  }
}

/** The payload's link when it points into this site (absolute or a path); anything else opens the inbox. */
function sameOriginUrl(value) {
  if (typeof value !== 'string' || value === '') return null;
  try {
    const url = new URL(value, self.location.origin);
    return url.origin === self.location.origin ? url.pathname + url.search : null;
  } catch {
    return null;
  }
}

self.addEventListener('install', () => {
  // A new version replaces the old one at once: there is no cached page that could disagree with it.
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('push', (event) => {
  const payload = readPayload(event);
  const title = typeof payload.title === 'string' && payload.title ? payload.title : 'Nuevo pedido';
  const body = typeof payload.body === 'string' ? payload.body : 'Tienes un pedido nuevo en Mandado.';
  const url = sameOriginUrl(payload.url) ?? INBOX_PATH;
  event.waitUntil(
    self.registration.showNotification(title, {
      body,
      // One notification per order: a repeated push for it replaces the first instead of stacking.
      tag: typeof payload.tag === 'string' ? payload.tag : 'mandado-order',
      renotify: true,
      requireInteraction: true,
      lang: 'es',
      data: { url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || INBOX_PATH, self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).pathname.startsWith(INBOX_PATH));
      if (open) {
        await open.focus();
        if ('navigate' in open && open.url !== target.href) await open.navigate(target.href);
        return;
      }
      await self.clients.openWindow(target.href);
    })(),
  );
});
