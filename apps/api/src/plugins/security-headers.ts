import helmet from '@fastify/helmet';
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
 * Helmet's headers, a Permissions-Policy, and HSTS only on answers that travelled over HTTPS: over plain
 * HTTP a browser ignores it, and a development server on http://localhost should not claim it. Behind a
 * proxy `request.protocol` reads X-Forwarded-Proto only from the proxies TRUST_PROXY names. Images may also
 * come from the map's tile server (MAP_TILE_URL), and from nowhere else.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  mapTileUrl: string = DEFAULT_MAP_TILES.url,
): Promise<void> {
  const tiles = tileOrigin(mapTileUrl);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', ...(tiles ? [tiles] : [])],
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
