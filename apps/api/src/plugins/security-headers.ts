import helmet from '@fastify/helmet';
import {
  type CspDirective,
  NO_WIDGETS,
  type WidgetSettings,
  widgetCspSources,
} from '@mandado/shared/third-party-widgets';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_MAP_TILES, tileOrigin } from '../modules/settings/map-tiles.ts';

/**
 * Browser features no page of ours uses are off; geolocation stays on for our own origin only, because the
 * nearby-stores map asks for the shopper's position. Only features Chromium knows are named: an unknown one
 * is logged as a console error on every page.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=(self)',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
].join(', ');

/** A year, subdomains included: what helmet sent, now only where it means something. */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * What Stripe.js and its Payment Element need (docs.stripe.com/security/guide#content-security-policy): the
 * script from js.stripe.com, its card fields and 3-D Secure in frames, its calls to api.stripe.com. Only
 * granted when Stripe takes the cards; the sandbox and PayPal (a plain redirect) need nothing from elsewhere.
 */
export const STRIPE_CSP_SOURCES = {
  'script-src': ['https://js.stripe.com', 'https://*.js.stripe.com'],
  'frame-src': ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  'connect-src': ['https://api.stripe.com'],
  'img-src': ['https://*.stripe.com'],
} as const;

/**
 * Helmet's headers, a Permissions-Policy, and HSTS only on answers that travelled over HTTPS: over plain
 * HTTP a browser ignores it, and a development server on http://localhost should not claim it. Behind a
 * proxy `request.protocol` reads X-Forwarded-Proto only from the proxies TRUST_PROXY names. Images may also
 * come from the map's tile server (MAP_TILE_URL), and from nowhere else.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  mapTileUrl: string = DEFAULT_MAP_TILES.url,
  options: { stripe?: boolean; widgets?: WidgetSettings } = {},
): Promise<void> {
  const tiles = tileOrigin(mapTileUrl);
  const stripe = options.stripe === true;
  // Only the configured widgets' origins (decision 027): with none, the policy is exactly what it was.
  const widgets = widgetCspSources(options.widgets ?? NO_WIDGETS);
  const sources = (
    directive: CspDirective,
    base: readonly string[],
    stripeSources: readonly string[] = [],
  ) => [...base, ...(stripe ? stripeSources : []), ...(widgets[directive] ?? [])];
  const extended = (directive: CspDirective, stripeSources: readonly string[] = []) =>
    (stripe && stripeSources.length > 0) || (widgets[directive]?.length ?? 0) > 0
      ? { [directive]: sources(directive, ["'self'"], stripeSources) }
      : {};
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'img-src': sources(
          'img-src',
          ["'self'", 'data:', ...(tiles ? [tiles] : [])],
          STRIPE_CSP_SOURCES['img-src'],
        ),
        ...extended('script-src', STRIPE_CSP_SOURCES['script-src']),
        ...extended('frame-src', STRIPE_CSP_SOURCES['frame-src']),
        ...extended('connect-src', STRIPE_CSP_SOURCES['connect-src']),
        'upgrade-insecure-requests': null,
      },
    },
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS_VALUE);
  });
}
