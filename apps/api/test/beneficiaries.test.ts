import {
  BENEFICIARIES_MAX,
  BENEFICIARY_MESSAGES,
  type Beneficiary,
  type BeneficiaryInput,
  beneficiaryDataSchema,
  beneficiaryListSchema,
} from '@mandado/shared/beneficiary.schemas';
import { MESSAGES } from '@mandado/shared/messages';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beneficiaryInput, cityId, createBeneficiary, createUser, type TestUser } from './factories.ts';
import { type SessionHeaders, visitorHeaders } from './session-helpers.ts';
import { createTestApp, queryRows, type TestApp } from './test-app.ts';

let t: TestApp;
let montevideo: number;
/** A city of the seed that is not served, then made served for the filter tests. */
let canelones: number;
/** A city of the seed that stays not served. */
let pando: number;

beforeAll(async () => {
  // Every test registers its own remitters; registration counts against the e-mail lookup limit.
  t = await createTestApp({ rateLimits: { emailLookupPerIp: { max: 10_000, windowSeconds: 60 } } });
  [montevideo, canelones, pando] = await Promise.all([
    cityId(t.database, 'Montevideo'),
    cityId(t.database, 'Canelones'),
    cityId(t.database, 'Pando'),
  ]);
});
afterAll(() => t.close());

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface Answer<T> {
  status: number;
  body: T;
  cacheControl: string | undefined;
}

async function call<T = unknown>(
  headers: Partial<SessionHeaders> | undefined,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<Answer<T>> {
  const response = await t.app.inject({
    method,
    url,
    ...(headers ? { headers } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  const cacheControl = response.headers['cache-control'];
  return {
    status: response.statusCode,
    body: response.json<T>(),
    cacheControl: typeof cacheControl === 'string' ? cacheControl : undefined,
  };
}

async function list(user: TestUser, query = ''): Promise<Beneficiary[]> {
  const answer = await call(user.headers, 'GET', `/v1/beneficiaries/${query}`);
  expect(answer.status).toBe(200);
  return beneficiaryListSchema.parse(answer.body).results;
}

function ids(beneficiaries: readonly Beneficiary[]): string[] {
  return beneficiaries.map((beneficiary) => beneficiary.beneficiary_id);
}

describe('who reaches the beneficiaries', () => {
  it('answers 401 to a visitor on every call, before looking at the body', async () => {
    const visitor = await visitorHeaders(t.app);
    const calls: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown]> = [
      ['GET', '/v1/beneficiaries/', undefined],
      ['POST', '/v1/beneficiaries/', {}],
      ['PUT', `/v1/beneficiaries/${UNKNOWN_ID}`, {}],
      ['DELETE', `/v1/beneficiaries/${UNKNOWN_ID}`, undefined],
    ];
    for (const [method, url, payload] of calls) {
      expect(await call(visitor, method, url, payload), `${method} ${url}`).toMatchObject({
        status: 401,
        body: { detail: SERVER_MESSAGES.notAuthenticated },
      });
    }
    expect(await call(undefined, 'GET', '/v1/beneficiaries/')).toMatchObject({
      status: 401,
      cacheControl: 'no-store',
    });
  });

  it('answers 403 to a change without the CSRF token, and changes nothing', async () => {
    const user = await createUser(t.app);
    const saved = await createBeneficiary(t.app, user, beneficiaryInput(montevideo));
    const { 'x-csrftoken': _token, ...withoutToken } = user.headers;
    const changes: Array<['POST' | 'PUT' | 'DELETE', string, unknown]> = [
      ['POST', '/v1/beneficiaries/', beneficiaryInput(montevideo)],
      [
        'PUT',
        `/v1/beneficiaries/${saved.beneficiary_id}`,
        beneficiaryInput(montevideo, { first_name: 'Otra' }),
      ],
      ['DELETE', `/v1/beneficiaries/${saved.beneficiary_id}`, undefined],
    ];
    for (const [method, url, payload] of changes) {
      expect(await call(withoutToken, method, url, payload), `${method} ${url}`).toMatchObject({
        status: 403,
        body: { detail: MESSAGES.csrfFailed },
      });
    }
    expect(await list(user)).toEqual([saved]);
  });

  it('marks every answer no-store, the 404s included', async () => {
    const user = await createUser(t.app);
    const created = await call<{ data: Beneficiary }>(
      user.headers,
      'POST',
      '/v1/beneficiaries/',
      beneficiaryInput(montevideo),
    );
    const id = created.body.data.beneficiary_id;
    const answers = [
      created,
      await call(user.headers, 'GET', '/v1/beneficiaries/'),
      await call(user.headers, 'PUT', `/v1/beneficiaries/${id}`, beneficiaryInput(montevideo)),
      await call(user.headers, 'POST', '/v1/beneficiaries/', {}),
      await call(user.headers, 'DELETE', `/v1/beneficiaries/${UNKNOWN_ID}`),
      await call(user.headers, 'DELETE', `/v1/beneficiaries/${id}`),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([201, 200, 200, 400, 404, 200]);
    for (const answer of answers) expect(answer.cacheControl).toBe('no-store');
  });
});

describe('POST /v1/beneficiaries/', () => {
  it('answers 201 with the saved beneficiary: public uuid, city, country, masked phones and its zone', async () => {
    const user = await createUser(t.app);
    const answer = await call(user.headers, 'POST', '/v1/beneficiaries/', {
      ...beneficiaryInput(montevideo),
      first_name: '  Rosa ',
      mobile_number: '(091)123456',
      phone_number: ' (2622)1234',
      email: ' Rosa@Ejemplo.COM ',
      delivery_notes: 'Portón azul, timbre 2',
    });
    expect(answer.status).toBe(201);
    const { data } = beneficiaryDataSchema.parse(answer.body);
    expect(data.beneficiary_id).toMatch(UUID);
    expect(answer.body).not.toHaveProperty('data.id');
    expect(data).toEqual({
      beneficiary_id: data.beneficiary_id,
      first_name: 'Rosa',
      last_name: 'Fernández',
      address_line1: 'Av. 18 de Julio 1234',
      city: { id: montevideo, name: 'Montevideo', state: 'Montevideo', state_id: expect.any(Number) },
      country: 'Uruguay',
      mobile_number: '(091) 123456',
      phone_number: '(2622) 1234',
      residency: 'house',
      latitude: -34.9058,
      longitude: -56.1913,
      email: 'rosa@ejemplo.com',
      delivery_notes: 'Portón azul, timbre 2',
      // 18 de Julio, in the centre: inside the served city, no meeting point.
      zone: { in_service_area: true, meeting_point: null },
    });
    expect(await list(user)).toEqual([data]);
  });

  it('the landline, the e-mail and the delivery notes are optional and come back as empty text', async () => {
    const user = await createUser(t.app);
    const { phone_number: _p, email: _e, delivery_notes: _d, ...required } = beneficiaryInput(montevideo);
    const answer = await call<{ data: Beneficiary }>(user.headers, 'POST', '/v1/beneficiaries/', required);
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({ phone_number: '', email: '', delivery_notes: '' });
    const empty = await call<{ data: Beneficiary }>(
      user.headers,
      'POST',
      '/v1/beneficiaries/',
      beneficiaryInput(montevideo, { phone_number: '', email: '', delivery_notes: '' }),
    );
    expect(empty.status).toBe(201);
  });

  it('says in the answer when the address is in a meeting-point zone, and when it is outside the served city', async () => {
    const user = await createUser(t.app);
    const casavalle = await createBeneficiary(
      t.app,
      user,
      beneficiaryInput(montevideo, { latitude: -34.838, longitude: -56.179 }),
    );
    expect(casavalle.zone).toEqual({ in_service_area: true, meeting_point: { name: 'Casavalle' } });
    // Punta del Este: in Uruguay, accepted, outside Montevideo's outline (the higher shipping fee).
    const outside = await createBeneficiary(
      t.app,
      user,
      beneficiaryInput(montevideo, { latitude: -34.9667, longitude: -54.95 }),
    );
    expect(outside.zone).toEqual({ in_service_area: false, meeting_point: null });
  });

  it('keeps six decimals of a coordinate (numeric(9,6), about 0.1 m)', async () => {
    const user = await createUser(t.app);
    const saved = await createBeneficiary(
      t.app,
      user,
      beneficiaryInput(montevideo, { latitude: -34.90581234, longitude: -56.1913 }),
    );
    expect(saved.latitude).toBe(-34.905812);
    expect((await list(user))[0]?.latitude).toBe(-34.905812);
  });

  it("answers 400 'Campo requerido' for every required field of an empty body", async () => {
    const user = await createUser(t.app);
    const answer = await call(user.headers, 'POST', '/v1/beneficiaries/', {});
    expect(answer).toMatchObject({
      status: 400,
      body: {
        first_name: [MESSAGES.required],
        last_name: [MESSAGES.required],
        address_line1: [MESSAGES.required],
        city_id: [MESSAGES.required],
        mobile_number: [MESSAGES.required],
        residency: [MESSAGES.required],
        latitude: [MESSAGES.required],
        longitude: [MESSAGES.required],
      },
    });
    // The optional fields have nothing to say.
    expect(Object.keys(answer.body as object).sort()).toEqual(
      [
        'address_line1',
        'city_id',
        'first_name',
        'last_name',
        'latitude',
        'longitude',
        'mobile_number',
        'residency',
      ].sort(),
    );
    const blanks = await call(
      user.headers,
      'POST',
      '/v1/beneficiaries/',
      beneficiaryInput(montevideo, {
        first_name: '   ',
        last_name: '\u200B',
        address_line1: '',
        mobile_number: ' ',
        residency: '' as never,
      }),
    );
    expect(blanks).toMatchObject({
      status: 400,
      body: {
        first_name: [MESSAGES.required],
        last_name: [MESSAGES.required],
        address_line1: [MESSAGES.required],
        mobile_number: [MESSAGES.required],
        residency: [MESSAGES.required],
      },
    });
    expect(await list(user)).toEqual([]);
  });

  it("answers 400 'Ingresa un número válido' for a bad mobile or landline, one in the other's field included", async () => {
    const user = await createUser(t.app);
    const cases: Array<[keyof BeneficiaryInput, string]> = [
      ['mobile_number', '(091) 12345'], // 8 digits
      ['mobile_number', '(091) 1234567'], // 10 digits
      ['mobile_number', '091123456'], // no mask
      ['mobile_number', '+598 91 123 456'], // international, not the mask
      ['mobile_number', '(2622) 1234'], // a landline
      ['phone_number', '(2622) 123'], // 7 digits
      ['phone_number', '(091) 123456'], // a mobile
      ['phone_number', '(3622) 1234'], // not 2 or 4
    ];
    for (const [field, value] of cases) {
      expect(
        await call(
          user.headers,
          'POST',
          '/v1/beneficiaries/',
          beneficiaryInput(montevideo, { [field]: value }),
        ),
        `${field} ${value}`,
      ).toMatchObject({ status: 400, body: { [field]: [MESSAGES.invalidPhone] } });
    }
    expect(await list(user)).toEqual([]);
  });

  it('refuses control characters and direction overrides in the names, the address and the notes', async () => {
    const user = await createUser(t.app);
    for (const field of ['first_name', 'last_name', 'address_line1', 'delivery_notes'] as const) {
      for (const value of ['Ana\nMaría', 'Ana\u001B[31m', 'Ana\u202Eairam', 'Ana\u2028María']) {
        expect(
          await call(
            user.headers,
            'POST',
            '/v1/beneficiaries/',
            beneficiaryInput(montevideo, { [field]: value }),
          ),
          `${field} ${JSON.stringify(value)}`,
        ).toMatchObject({ status: 400, body: { [field]: [MESSAGES.singleLineText] } });
      }
    }
    // NUL is refused for the whole request by the input guard (PostgreSQL text cannot hold it): a 400, never a 500.
    const nul = await call(
      user.headers,
      'POST',
      '/v1/beneficiaries/',
      beneficiaryInput(montevideo, { first_name: 'Ana\u0000' }),
    );
    expect(nul.status).toBe(400);
    expect(await list(user)).toEqual([]);
  });

  it('refuses coordinates of 0 (no position) and outside Uruguay, under the field that is wrong', async () => {
    const user = await createUser(t.app);
    const post = (overrides: Partial<BeneficiaryInput>) =>
      call(user.headers, 'POST', '/v1/beneficiaries/', beneficiaryInput(montevideo, overrides));
    expect(await post({ latitude: 0, longitude: 0 })).toMatchObject({
      status: 400,
      body: { latitude: [MESSAGES.required], longitude: [MESSAGES.required] },
    });
    expect(await post({ latitude: 0 })).toEqual(
      expect.objectContaining({ status: 400, body: { latitude: [MESSAGES.required] } }),
    );
    // Porto Alegre (Brazil): the latitude is Uruguay's, the longitude is not.
    expect(await post({ latitude: -30.0346, longitude: -51.2177 })).toEqual(
      expect.objectContaining({ status: 400, body: { longitude: [BENEFICIARY_MESSAGES.outsideUruguay] } }),
    );
    // The southern Atlantic, and the mirror image of Montevideo in the northern hemisphere.
    expect(await post({ latitude: -36.5 })).toEqual(
      expect.objectContaining({ status: 400, body: { latitude: [BENEFICIARY_MESSAGES.outsideUruguay] } }),
    );
    expect(await post({ latitude: 34.9058, longitude: 56.1913 })).toMatchObject({
      status: 400,
      body: {
        latitude: [BENEFICIARY_MESSAGES.outsideUruguay],
        longitude: [BENEFICIARY_MESSAGES.outsideUruguay],
      },
    });
    // Buenos Aires lies inside Uruguay's bounding box, not inside its outline.
    expect(await post({ latitude: -34.6037, longitude: -58.3816 })).toMatchObject({
      status: 400,
      body: {
        latitude: [BENEFICIARY_MESSAGES.outsideUruguay],
        longitude: [BENEFICIARY_MESSAGES.outsideUruguay],
      },
    });
    // Text is not a coordinate (and never a 500).
    expect(await post({ latitude: '-34.9' as never, longitude: null as never })).toMatchObject({
      status: 400,
      body: { latitude: [BENEFICIARY_MESSAGES.invalidCoordinate], longitude: [MESSAGES.required] },
    });
    expect(await list(user)).toEqual([]);
  });

  it('refuses a residency outside the five kinds, a bad e-mail, too long texts and a bad city id', async () => {
    const user = await createUser(t.app);
    const post = (overrides: Record<string, unknown>) =>
      call(user.headers, 'POST', '/v1/beneficiaries/', { ...beneficiaryInput(montevideo), ...overrides });
    expect(await post({ residency: 'castle' })).toMatchObject({
      status: 400,
      body: { residency: [BENEFICIARY_MESSAGES.invalidResidency] },
    });
    expect(await post({ residency: 'Casa' })).toMatchObject({ status: 400 });
    expect(await post({ email: 'rosa@ejemplo' })).toMatchObject({
      status: 400,
      body: { email: [MESSAGES.invalidEmail] },
    });
    expect(await post({ first_name: 'a'.repeat(41) })).toMatchObject({
      status: 400,
      body: { first_name: [MESSAGES.tooLong(40)] },
    });
    expect(await post({ delivery_notes: 'a'.repeat(201) })).toMatchObject({
      status: 400,
      body: { delivery_notes: [MESSAGES.tooLong(200)] },
    });
    for (const city_id of ['1', 1.5, -1, 2 ** 31]) {
      expect(await post({ city_id }), String(city_id)).toMatchObject({
        status: 400,
        body: { city_id: [MESSAGES.invalidValue] },
      });
    }
    expect(await list(user)).toEqual([]);
  });

  it('refuses a city we do not serve or do not know, by id', async () => {
    const user = await createUser(t.app);
    for (const city_id of [pando, 999_999]) {
      expect(
        await call(user.headers, 'POST', '/v1/beneficiaries/', beneficiaryInput(city_id)),
        String(city_id),
      ).toMatchObject({ status: 400, body: { city_id: [SERVER_MESSAGES.unknownCity] } });
    }
    expect(await list(user)).toEqual([]);
  });

  it(`keeps at most ${BENEFICIARIES_MAX} per remitter`, async () => {
    const user = await createUser(t.app);
    await t.database.db.execute(sql`
      insert into beneficiaries (beneficiary_id, remitter_id, city_id, first_name, last_name, address_line1,
                                 mobile, residency, latitude, longitude)
      select gen_random_uuid(), ${user.id}, ${montevideo}, 'Rosa', 'Fernández', 'Av. 18 de Julio 1234',
             '(091) 123456', 'house', -34.9058, -56.1913
      from generate_series(1, ${BENEFICIARIES_MAX - 1})`);
    expect(
      (await call(user.headers, 'POST', '/v1/beneficiaries/', beneficiaryInput(montevideo))).status,
    ).toBe(201);
    expect(
      await call(user.headers, 'POST', '/v1/beneficiaries/', beneficiaryInput(montevideo)),
    ).toMatchObject({
      status: 400,
      body: { detail: BENEFICIARY_MESSAGES.tooMany },
    });
    expect(await list(user)).toHaveLength(BENEFICIARIES_MAX);
  });
});

describe('GET /v1/beneficiaries/', () => {
  it("lists only the remitter's own, newest first", async () => {
    const [ana, beto] = await Promise.all([createUser(t.app), createUser(t.app)]);
    const first = await createBeneficiary(
      t.app,
      ana,
      beneficiaryInput(montevideo, { first_name: 'Primera' }),
    );
    const others = await createBeneficiary(
      t.app,
      beto,
      beneficiaryInput(montevideo, { first_name: 'De Beto' }),
    );
    const second = await createBeneficiary(
      t.app,
      ana,
      beneficiaryInput(montevideo, { first_name: 'Segunda' }),
    );
    expect(ids(await list(ana))).toEqual([second.beneficiary_id, first.beneficiary_id]);
    expect(ids(await list(beto))).toEqual([others.beneficiary_id]);
    expect(ids(await list(await createUser(t.app)))).toEqual([]);
  });

  it('sends the same number of queries for one beneficiary and for ten', async () => {
    const user = await createUser(t.app);
    await createBeneficiary(t.app, user, beneficiaryInput(montevideo));
    const countQueries = async () => {
      const before = t.queries.length;
      await list(user);
      return t.queries.length - before;
    };
    const withOne = await countQueries();
    for (let i = 0; i < 9; i++) await createBeneficiary(t.app, user, beneficiaryInput(montevideo));
    expect(await list(user)).toHaveLength(10);
    expect(await countQueries()).toBe(withOne);
  });

  it('filters to a city by its id', async () => {
    // Canelones becomes served for this test's private database, as a back office would do it.
    await t.database.db.execute(sql`update cities set served = true where id = ${canelones}`);
    const user = await createUser(t.app);
    const inMontevideo = await createBeneficiary(t.app, user, beneficiaryInput(montevideo));
    const inCanelones = await createBeneficiary(
      t.app,
      user,
      beneficiaryInput(canelones, { latitude: -34.5228, longitude: -56.2778 }),
    );
    expect(inCanelones.city).toMatchObject({ id: canelones, name: 'Canelones' });
    expect(inCanelones.zone).toEqual({ in_service_area: false, meeting_point: null });
    expect(ids(await list(user, `?city_id=${montevideo}`))).toEqual([inMontevideo.beneficiary_id]);
    expect(ids(await list(user, `?city_id=${canelones}`))).toEqual([inCanelones.beneficiary_id]);
    expect(ids(await list(user, `?city_id=${pando}`))).toEqual([]);
    expect(ids(await list(user))).toEqual([inCanelones.beneficiary_id, inMontevideo.beneficiary_id]);
    for (const bad of ['Montevideo', '0', '01', '1.0', '-1', '', '99999999999']) {
      expect(await call(user.headers, 'GET', `/v1/beneficiaries/?city_id=${bad}`), bad).toMatchObject({
        status: 400,
        body: { city_id: [MESSAGES.invalidValue] },
      });
    }
  });
});

describe('PUT /v1/beneficiaries/:beneficiary_id', () => {
  it('replaces the fields and keeps the id, and the list shows the change', async () => {
    const user = await createUser(t.app);
    const saved = await createBeneficiary(t.app, user, beneficiaryInput(montevideo));
    const answer = await call(
      user.headers,
      'PUT',
      `/v1/beneficiaries/${saved.beneficiary_id}`,
      beneficiaryInput(montevideo, {
        first_name: 'Rosario',
        mobile_number: '(099)654321',
        phone_number: '',
        residency: 'unit',
        latitude: -34.838,
        longitude: -56.179,
        email: 'rosario@ejemplo.com',
        delivery_notes: 'Portón azul, timbre 2',
      }),
    );
    expect(answer.status).toBe(200);
    const { data } = beneficiaryDataSchema.parse(answer.body);
    expect(data).toMatchObject({
      beneficiary_id: saved.beneficiary_id,
      first_name: 'Rosario',
      mobile_number: '(099) 654321',
      phone_number: '',
      residency: 'unit',
      email: 'rosario@ejemplo.com',
      delivery_notes: 'Portón azul, timbre 2',
      zone: { in_service_area: true, meeting_point: { name: 'Casavalle' } },
    });
    expect(await list(user)).toEqual([data]);
  });

  it('checks the same fields as the creation (spec §5: the edit check requires the same fields)', async () => {
    const user = await createUser(t.app);
    const saved = await createBeneficiary(t.app, user, beneficiaryInput(montevideo));
    const url = `/v1/beneficiaries/${saved.beneficiary_id}`;
    expect(await call(user.headers, 'PUT', url, {})).toMatchObject({
      status: 400,
      body: {
        first_name: [MESSAGES.required],
        mobile_number: [MESSAGES.required],
        latitude: [MESSAGES.required],
      },
    });
    expect(
      await call(user.headers, 'PUT', url, beneficiaryInput(montevideo, { mobile_number: '(2622) 1234' })),
    ).toMatchObject({
      status: 400,
      body: { mobile_number: [MESSAGES.invalidPhone] },
    });
    expect(
      await call(user.headers, 'PUT', url, beneficiaryInput(montevideo, { last_name: 'A\tB' })),
    ).toMatchObject({
      status: 400,
      body: { last_name: [MESSAGES.singleLineText] },
    });
    expect(await call(user.headers, 'PUT', url, beneficiaryInput(pando))).toMatchObject({
      status: 400,
      body: { city_id: [SERVER_MESSAGES.unknownCity] },
    });
    expect(await list(user)).toEqual([saved]);
  });

  it("answers 404 for another remitter's beneficiary, an unknown id and a malformed one, and changes nothing", async () => {
    const [owner, intruder] = await Promise.all([createUser(t.app), createUser(t.app)]);
    const saved = await createBeneficiary(t.app, owner, beneficiaryInput(montevideo));
    for (const id of [
      saved.beneficiary_id,
      UNKNOWN_ID,
      'abc',
      '1',
      `${saved.beneficiary_id}0`,
      'x'.repeat(101),
    ]) {
      expect(
        await call(
          intruder.headers,
          'PUT',
          `/v1/beneficiaries/${id}`,
          beneficiaryInput(montevideo, { first_name: 'Intruso' }),
        ),
        id,
      ).toMatchObject({ status: 404, body: { detail: SERVER_MESSAGES.notFound } });
    }
    expect(await list(owner)).toEqual([saved]);
    expect(await list(intruder)).toEqual([]);
  });

  it('takes the uuid in capitals too (it is one id, whatever its case)', async () => {
    const user = await createUser(t.app);
    const saved = await createBeneficiary(t.app, user, beneficiaryInput(montevideo));
    const answer = await call<{ data: Beneficiary }>(
      user.headers,
      'PUT',
      `/v1/beneficiaries/${saved.beneficiary_id.toUpperCase()}`,
      beneficiaryInput(montevideo, { first_name: 'Rosita' }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data.beneficiary_id).toBe(saved.beneficiary_id);
  });
});

describe('DELETE /v1/beneficiaries/:beneficiary_id', () => {
  it("deletes the remitter's own and answers 'Dirección eliminada.'; a second delete is a 404", async () => {
    const user = await createUser(t.app);
    const kept = await createBeneficiary(t.app, user, beneficiaryInput(montevideo, { first_name: 'Queda' }));
    const gone = await createBeneficiary(t.app, user, beneficiaryInput(montevideo, { first_name: 'Se va' }));
    expect(await call(user.headers, 'DELETE', `/v1/beneficiaries/${gone.beneficiary_id}`)).toMatchObject({
      status: 200,
      body: { detail: 'Dirección eliminada.' },
    });
    expect(ids(await list(user))).toEqual([kept.beneficiary_id]);
    expect(await call(user.headers, 'DELETE', `/v1/beneficiaries/${gone.beneficiary_id}`)).toMatchObject({
      status: 404,
      body: { detail: SERVER_MESSAGES.notFound },
    });
  });

  it("answers 404 for another remitter's beneficiary, an unknown id and a malformed one, and deletes nothing", async () => {
    const [owner, intruder] = await Promise.all([createUser(t.app), createUser(t.app)]);
    const saved = await createBeneficiary(t.app, owner, beneficiaryInput(montevideo));
    for (const id of [saved.beneficiary_id, UNKNOWN_ID, 'abc', '1', "1'; drop table beneficiaries; --"]) {
      expect(
        await call(intruder.headers, 'DELETE', `/v1/beneficiaries/${encodeURIComponent(id)}`),
        id,
      ).toMatchObject({
        status: 404,
        body: { detail: SERVER_MESSAGES.notFound },
      });
    }
    expect(await list(owner)).toEqual([saved]);
  });

  it('no table can make a deletion change or block another row: every reference to a beneficiary is ON DELETE SET NULL', async () => {
    // Orders will keep their own copy of the address (decision 018). A future reference kept for reports must
    // let go of the beneficiary (set null), never cascade into an order nor refuse the deletion.
    const references = await queryRows<{ name: string; onDelete: string }>(
      t.database,
      sql`select conname as name, confdeltype as "onDelete" from pg_constraint
          where contype = 'f' and confrelid = 'beneficiaries'::regclass`,
    );
    expect(references.filter((reference) => reference.onDelete !== 'n')).toEqual([]);
  });
});
