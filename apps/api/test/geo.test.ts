import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';

// Windows are aligned to the epoch; one of ~3 years never rolls over in the middle of a test.
const LONG_WINDOW = 100_000_000;
const GEO_LIMIT = 12;

/** Each test its own client address, so only the rate-limit test meets the limit. */
let nextClient = 1;
function client() {
  nextClient += 1;
  return { remoteAddress: `10.20.0.${nextClient}` };
}

describe('geocoding with the embedded gazetteer (no GEOCODER_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: { geo: { max: GEO_LIMIT, windowSeconds: LONG_WINDOW } } });
  });
  afterAll(() => t.close());

  const get = (url: string, from = client()) => t.app.inject({ method: 'GET', url, ...from });

  it('suggests the street for a typed address with a house number, with its zone', async () => {
    const response = await get(`/v1/geo/search/?q=${encodeURIComponent('Av. Italia 2500')}`);
    expect(response.statusCode).toBe(200);
    const { results } = response.json();
    expect(results[0]).toEqual({
      label: 'Av. Italia, Montevideo',
      latitude: -34.8915,
      longitude: -56.1495,
      zone: { in_service_area: true, meeting_point: null },
    });
    expect(results.length).toBeLessThanOrEqual(8);
  });

  it('folds accents and case, and finds barrios', async () => {
    const response = await get('/v1/geo/search/?q=%20%20POCITOS%20');
    expect(response.json().results[0]).toMatchObject({ label: 'Pocitos, Montevideo' });
    const accented = await get(`/v1/geo/search/?q=${encodeURIComponent('peñarol')}`);
    expect(accented.json().results[0]).toMatchObject({ label: 'Peñarol, Montevideo' });
  });

  it('says when a suggestion lies in a meeting-point zone', async () => {
    const response = await get('/v1/geo/search/?q=Cerro%20Norte');
    expect(response.json().results[0]).toMatchObject({
      label: 'Cerro Norte, Montevideo',
      zone: { in_service_area: true, meeting_point: { name: 'Cerro Norte' } },
    });
  });

  it('answers an empty list for an address it does not know', async () => {
    const response = await get('/v1/geo/search/?q=Calle%20Inventada%20123');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ results: [] });
  });

  it('refuses a search shorter than 3 or longer than 100 characters, in Spanish', async () => {
    for (const q of ['', '%20ab%20', 'ab']) {
      const response = await get(`/v1/geo/search/?q=${q}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ q: ['La búsqueda debe tener al menos 3 caracteres.'] });
    }
    const missing = await get('/v1/geo/search/');
    expect(missing.statusCode).toBe(400);
    const long = await get(`/v1/geo/search/?q=${'a'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ q: ['La búsqueda no puede tener más de 100 caracteres.'] });
  });

  it('labels a point by its street or barrio, keeping the pin where it was put', async () => {
    const onStreet = await get('/v1/geo/reverse/?latitud=-34.8916&longitud=-56.1496');
    expect(onStreet.statusCode).toBe(200);
    expect(onStreet.json()).toEqual({
      place: {
        label: 'Av. Italia, Parque Batlle, Montevideo',
        latitude: -34.8916,
        longitude: -56.1496,
        zone: { in_service_area: true, meeting_point: null },
      },
    });
    const inBarrio = await get('/v1/geo/reverse/?latitud=-34.853&longitud=-56.1700');
    expect(inBarrio.json().place).toMatchObject({
      label: 'Marconi, Montevideo',
      zone: { in_service_area: true, meeting_point: { name: 'Marconi' } },
    });
  });

  it('labels a point outside Montevideo by its coordinates and says it is outside the served city', async () => {
    const response = await get('/v1/geo/reverse/?latitud=-31.38&longitud=-57.96');
    expect(response.json()).toEqual({
      place: {
        label: '-31.38000, -57.96000',
        latitude: -31.38,
        longitude: -57.96,
        zone: { in_service_area: false, meeting_point: null },
      },
    });
  });

  it('reads coordinates by the decimal rule of /v1/stores/near/', async () => {
    for (const [query, field, message] of [
      ['latitud=&longitud=-56.16', 'latitud', 'Las coordenadas no son válidas.'],
      ['latitud=0x10&longitud=-56.16', 'latitud', 'Las coordenadas no son válidas.'],
      ['latitud=1e1&longitud=-56.16', 'latitud', 'Las coordenadas no son válidas.'],
      ['latitud=-34.9&longitud=%20-56.16', 'longitud', 'Las coordenadas no son válidas.'],
      ['latitud=-34.9', 'longitud', 'Las coordenadas no son válidas.'],
      ['latitud=-91&longitud=-56.16', 'latitud', 'La latitud debe estar entre -90 y 90.'],
      ['latitud=-34.9&longitud=181', 'longitud', 'La longitud debe estar entre -180 y 180.'],
    ] as const) {
      const response = await get(`/v1/geo/reverse/?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual({ [field]: [message] });
    }
  });

  it('limits lookups per client with 429 and a Spanish detail', async () => {
    const from = client();
    for (let i = 0; i < GEO_LIMIT; i += 1) {
      const url = i % 2 ? '/v1/geo/search/?q=Pocitos' : '/v1/geo/reverse/?latitud=-34.9&longitud=-56.16';
      expect((await get(url, from)).statusCode).toBe(200);
    }
    const refused = await get('/v1/geo/search/?q=Pocitos', from);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: 'Demasiadas solicitudes. Intenta de nuevo en unos segundos.' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await get('/v1/geo/search/?q=Pocitos')).statusCode).toBe(200);
  });

  it('serves the default tile server and its attribution, and lets the CSP load its tiles', async () => {
    const response = await get('/v1/whoami/');
    expect(response.json().settings).toMatchObject({
      map_tile_url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      map_attribution: '© OpenStreetMap contributors',
    });
    expect(response.headers['content-security-policy']).toContain(
      "img-src 'self' data: https://tile.openstreetmap.org",
    );
  });
});

interface Received {
  path: string;
  params: URLSearchParams;
  userAgent: string | undefined;
  at: number;
}

/** A stand-in for Nominatim on this machine, answering its jsonv2 shapes. */
function startNominatim(received: Received[]): Promise<Server> {
  const server = createServer((request: IncomingMessage, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    received.push({
      path: url.pathname,
      params: url.searchParams,
      userAgent: request.headers['user-agent'],
      at: Date.now(),
    });
    const q = url.searchParams.get('q') ?? '';
    if (q.includes('falla')) {
      response.writeHead(500).end('Internal error');
      return;
    }
    response.setHeader('content-type', 'application/json');
    if (url.pathname === '/search') {
      response.end(
        JSON.stringify([
          {
            place_id: 1,
            lat: '-34.8907',
            lon: '-56.1502',
            display_name: `2500, Avenida Italia, Parque Batlle, Montevideo, Montevideo, 11600, Uruguay`,
            name: q,
            type: 'house',
          },
          // A bad answer from the service (it was asked for Uruguay only): never passed on.
          { place_id: 2, lat: '-34.6037', lon: '-58.3816', display_name: 'Buenos Aires, Argentina' },
        ]),
      );
      return;
    }
    if (url.pathname === '/reverse') {
      const lat = Number(url.searchParams.get('lat'));
      response.end(
        JSON.stringify(
          lat > -34
            ? { error: 'Unable to geocode' }
            : {
                place_id: 3,
                lat: url.searchParams.get('lat'),
                lon: url.searchParams.get('lon'),
                display_name: 'Avenida Brasil, Pocitos, Montevideo, 11300, Uruguay',
              },
        ),
      );
      return;
    }
    response.writeHead(404).end('[]');
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe('geocoding through a Nominatim-compatible service (GEOCODER_URL)', () => {
  const received: Received[] = [];
  let server: Server;
  let t: TestApp;
  const USER_AGENT = 'Mandado/1.0 (+https://mandado.example)';

  beforeAll(async () => {
    server = await startNominatim(received);
    const { port } = server.address() as AddressInfo;
    t = await createTestApp({
      geocoder: { url: `http://127.0.0.1:${port}/`, userAgent: USER_AGENT },
      mapTiles: { url: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png', attribution: '© Ejemplo' },
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url, ...client() });
  const searchesFor = (q: string) => received.filter((r) => r.path === '/search' && r.params.get('q') === q);

  it('asks for Uruguay in jsonv2 with an identifying User-Agent, and answers short labels with zones', async () => {
    const response = await get('/v1/geo/search/?q=Avenida%20Italia%202500');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      results: [
        {
          label: 'Avenida Italia 2500, Parque Batlle, Montevideo',
          latitude: -34.8907,
          longitude: -56.1502,
          zone: { in_service_area: true, meeting_point: null },
        },
      ],
    });
    const [request] = searchesFor('Avenida Italia 2500');
    expect(request?.userAgent).toBe(USER_AGENT);
    expect(Object.fromEntries(request?.params ?? [])).toEqual({
      format: 'jsonv2',
      countrycodes: 'uy',
      limit: '8',
      q: 'Avenida Italia 2500',
    });
  });

  it('sends at most one request per second, even for lookups that arrive together', async () => {
    const before = received.length;
    const answers = await Promise.all([
      get('/v1/geo/search/?q=Bulevar%20Artigas'),
      get('/v1/geo/search/?q=Avenida%20Rivera'),
      get('/v1/geo/reverse/?latitud=-34.9065&longitud=-56.1525'),
    ]);
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    const times = received.slice(before).map((r) => r.at);
    expect(times).toHaveLength(3);
    // The pacer starts them 1000 ms apart (request-pacer.test.ts checks its schedule exactly); here they are
    // timed as the service receives them, after a busy event loop may have held one back: on a loaded CI
    // machine a gap measured 760 ms. Unpaced, all three arrive within a few ms.
    const gaps = times.slice(1).map((at, i) => at - (times[i] ?? 0));
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(500);
    expect((times.at(-1) ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(1500);
  });

  it('asks the service once for a repeated lookup (the cache, whatever the case or accents)', async () => {
    const first = await get('/v1/geo/search/?q=Camino%20Maldonado');
    const second = await get('/v1/geo/search/?q=camino%20MALDONADO');
    expect(second.json()).toEqual(first.json());
    const asked = received.filter(
      (r) => r.path === '/search' && r.params.get('q')?.toLowerCase() === 'camino maldonado',
    );
    expect(asked).toHaveLength(1);

    const point = '/v1/geo/reverse/?latitud=-34.9065&longitud=-56.1525';
    const reverse = await get(point);
    expect(reverse.json().place.label).toBe('Avenida Brasil, Pocitos, Montevideo');
    expect(received.filter((r) => r.path === '/reverse')).toHaveLength(1);
  });

  it('labels a point the service knows nothing about by its coordinates', async () => {
    const response = await get('/v1/geo/reverse/?latitud=-33.5&longitud=-55.5');
    expect(response.statusCode).toBe(200);
    expect(response.json().place).toMatchObject({
      label: '-33.50000, -55.50000',
      zone: { in_service_area: false, meeting_point: null },
    });
  });

  it('answers 503 in Spanish when the service fails, and asks again next time', async () => {
    const failed = await get('/v1/geo/search/?q=falla%20total');
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toEqual({
      detail:
        'El buscador de direcciones no está disponible en este momento. Intenta de nuevo en unos minutos o marca el punto en el mapa.',
    });
    await get('/v1/geo/search/?q=falla%20total');
    expect(searchesFor('falla total')).toHaveLength(2);
  });

  it('serves the configured tile server and allows its origin in the CSP', async () => {
    const response = await get('/v1/whoami/');
    expect(response.json().settings).toMatchObject({
      map_tile_url: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
      map_attribution: '© Ejemplo',
    });
    expect(response.headers['content-security-policy']).toContain(
      "img-src 'self' data: https://*.tiles.example.org",
    );
  });
});
