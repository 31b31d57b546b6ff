/*
 * The shop's service worker (issue 29, decision 073): only Web Push to the remitter who opted in ('Avisarme
 * en este teléfono' in Mis Compras). It shows the notification and, on a tap, opens the page it links (a
 * substitute to decide, the order delivered). It caches nothing and handles no fetch, so the shop's pages
 * load exactly as without it; it is registered only when the remitter opts in, never on the browse pages.
 */

const ORDERS_PATH = '/user/orders';

function readPayload(event) {
  if (!event.data) return {};
  try {
    const parsed = event.data.json();
    return parsed && typeof parsed === 'object' ? parsed : {};
  } catch {
    return { body: event.data.text() };
  }
}

/** The payload's link when it points into this site (absolute or a path); anything else opens Mis Compras. */
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
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('push', (event) => {
  const payload = readPayload(event);
  const title = typeof payload.title === 'string' && payload.title ? payload.title : 'Novedades de tu pedido';
  const body = typeof payload.body === 'string' ? payload.body : 'Mira tu pedido en Mandado.';
  const url = sameOriginUrl(payload.url) ?? ORDERS_PATH;
  event.waitUntil(
    self.registration.showNotification(title, {
      body,
      // One notification per link: a repeated push about the same thing replaces the first.
      tag: url,
      renotify: true,
      lang: 'es',
      data: { url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || ORDERS_PATH, self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        if ('navigate' in open && open.url !== target.href) await open.navigate(target.href);
        return;
      }
      await self.clients.openWindow(target.href);
    })(),
  );
});
