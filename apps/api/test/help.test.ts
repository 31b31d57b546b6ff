import { HELP_MESSAGES } from '@mandado/shared/help.schemas';
import { MESSAGES } from '@mandado/shared/messages';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '../src/db/schema/settings.ts';
import { type MailTransport, smtpMailTransport } from '../src/modules/mail/mail-transport.ts';
import { type MailWorker, startMailWorker } from '../src/modules/mail/mail-worker.ts';
import { createUser, makeOperator } from './factories.ts';
import { type MailSink, startMailSink } from './mail-sink.ts';
import { type SessionHeaders, visitorHeaders } from './session-helpers.ts';
import { createTestApp, queryRows, type TestApp } from './test-app.ts';

// Windows are aligned to the epoch; one of ~3 years never rolls over in the middle of a test.
const LONG_WINDOW = 100_000_000;
const SUPPORT = 'ayuda.equipo@mandado.test';

let t: TestApp;
let sink: MailSink;
let transport: MailTransport;
let worker: MailWorker;

beforeAll(async () => {
  // Every request here comes from one IP; the throttling tests build their own app with a low limit.
  t = await createTestApp({
    rateLimits: {
      contactPerIp: { max: 1000, windowSeconds: LONG_WINDOW },
      suggestionPerIp: { max: 1000, windowSeconds: LONG_WINDOW },
    },
  });
  // The support address is a setting: the e-mails must follow it, not a constant.
  await t.database.db
    .insert(settings)
    .values({ key: 'support_email', value: SUPPORT })
    .onConflictDoUpdate({ target: settings.key, set: { value: SUPPORT } });
  sink = await startMailSink();
  transport = smtpMailTransport(sink.url, 'Mandado <no-reply@mandado.uy>');
  worker = startMailWorker({
    db: t.database.db,
    transport,
    log: Fastify({ logger: false }).log,
    intervalMs: 60_000,
  });
});
afterAll(async () => {
  await worker.stop();
  transport.close();
  await sink.close();
  await t.close();
});

function uniqueTag(): string {
  return Math.random().toString(36).slice(2, 10);
}

function contactInput(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    phone: '+598 91 234 567',
    name: 'Lucía Fernández',
    comments: 'Hola, quería saber si entregan en Punta del Este.\nGracias.',
    email: 'lucia.fernandez@correo.com',
    subject: 'Entregas en Maldonado',
    ...overrides,
  };
}

function suggestionInput(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    category: 'pharmacy',
    nameProduct: 'Protector solar FPS 50',
    description: 'Una marca que se consiga en Uruguay.\nEn envase de 200 ml.',
    mail: 'martin@correo.com',
    ...overrides,
  };
}

async function post(url: string, payload: unknown, headers?: SessionHeaders, app = t.app) {
  return app.inject({
    method: 'POST',
    url,
    headers: headers ?? (await visitorHeaders(app)),
    payload: payload as Record<string, unknown>,
  });
}

/** The e-mails the SMTP server received while `action` ran (the outbox drained after it). */
async function mailsDuring(action: () => Promise<void>) {
  const before = sink.messages.length;
  await action();
  await worker.drain();
  return sink.messages.slice(before);
}

describe('POST /v1/contact-us-email/', () => {
  it.each(['phone', 'name', 'comments', 'email', 'subject'])(
    "answers 400 'Campo requerido' under %s when it is missing or blank",
    async (field) => {
      const missing = contactInput();
      delete missing[field];
      const blank = contactInput({ [field]: '   ' });
      for (const payload of [missing, blank]) {
        const response = await post('/v1/contact-us-email/', payload);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ [field]: [MESSAGES.required] });
      }
    },
  );

  it.each([
    ['an e-mail without a domain', { email: 'lucia@' }, { email: [MESSAGES.invalidEmail] }],
    [
      'an e-mail with a display name',
      { email: 'Lucía <lucia@correo.com>' },
      { email: [MESSAGES.invalidEmail] },
    ],
    ['a phone without digits', { phone: 'llámame' }, { phone: [HELP_MESSAGES.invalidPhone] }],
    ['a phone too short', { phone: '12 34' }, { phone: [HELP_MESSAGES.invalidPhone] }],
    [
      'a name with a line break',
      { name: 'Lucía\r\nBcc: intruso@correo.com' },
      { name: [MESSAGES.singleLineText] },
    ],
    [
      'a subject with a line break',
      { subject: 'Hola\nBcc: intruso@correo.com' },
      { subject: [MESSAGES.singleLineText] },
    ],
    ['a subject with ESC', { subject: 'Hola\u001b[2J' }, { subject: [MESSAGES.singleLineText] }],
    // NUL never reaches the schema: the input guard refuses it in any body (Postgres cannot store it).
    ['a name with NUL', { name: 'Lucía\u0000' }, { detail: MESSAGES.invalidValue }],
    ['a 3000-character comment', { comments: 'x'.repeat(3000) }, { comments: [MESSAGES.tooLong(2000)] }],
    ['a comment with a control character', { comments: 'Hola\u0007' }, { comments: [MESSAGES.invalidText] }],
  ])('answers 400 with the field message for %s', async (_case, overrides, expected) => {
    const response = await post('/v1/contact-us-email/', contactInput(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(expected);
  });

  it.each([
    { phone: 59891234567 },
    { name: null },
    { comments: ['Hola'] },
    { email: { address: 'lucia@correo.com' } },
    { subject: true },
  ])('answers 400 (never 500) to a wrong type: %j', async (overrides) => {
    const response = await post('/v1/contact-us-email/', contactInput(overrides));
    expect(response.statusCode).toBe(400);
    const [field] = Object.keys(overrides);
    expect(response.json()[field ?? '']?.[0]).toMatch(/\p{L}/u);
  });

  it('answers 400 with non_field_errors when the body is not an object', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/contact-us-email/',
      headers: { ...(await visitorHeaders(t.app)), 'content-type': 'application/json' },
      payload: '["hola"]',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().non_field_errors[0]).toMatch(/\p{L}/u);
  });

  it("stores a visitor's message and e-mails it to the support address with the writer's details", async () => {
    const tag = uniqueTag();
    const input = contactInput({
      email: `  Lucia.${tag}@Correo.com `,
      subject: `Entregas en Maldonado ${tag}`,
      // Header-looking lines in the free text stay in the body: they never reach the envelope or the headers.
      comments: `Hola, ¿entregan en Punta del Este?\r\nBcc: intruso.${tag}@correo.com\nGracias.`,
    });
    let status = 0;
    let body: unknown;
    const mails = await mailsDuring(async () => {
      const response = await post('/v1/contact-us-email/', input);
      status = response.statusCode;
      body = response.json();
    });
    expect(status).toBe(201);
    expect(body).toEqual({ detail: '¡Mensaje enviado!' });

    const rows = await queryRows<Record<string, unknown>>(
      t.database,
      sql`select user_id, name, email, phone, subject, comments from contact_messages
          where email = ${`lucia.${tag}@correo.com`}`,
    );
    expect(rows).toEqual([
      {
        user_id: null,
        name: 'Lucía Fernández',
        email: `lucia.${tag}@correo.com`,
        phone: '+598 91 234 567',
        subject: `Entregas en Maldonado ${tag}`,
        comments: `Hola, ¿entregan en Punta del Este?\r\nBcc: intruso.${tag}@correo.com\nGracias.`,
      },
    ]);

    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.to).toEqual([SUPPORT]);
    expect(mail?.subject).toBe(`Contacto: Entregas en Maldonado ${tag} (Lucía Fernández)`);
    expect(mail?.html).toBeNull();
    for (const detail of [
      `Para responder, escribe a: lucia.${tag}@correo.com`,
      'Nombre: Lucía Fernández',
      'Teléfono: +598 91 234 567',
      `Asunto: Entregas en Maldonado ${tag}`,
      'Escrito sin iniciar sesión.',
      'Hola, ¿entregan en Punta del Este?',
      `Bcc: intruso.${tag}@correo.com`,
    ]) {
      expect(mail?.text).toContain(detail);
    }
    expect(sink.messages.some((received) => received.to.includes(`intruso.${tag}@correo.com`))).toBe(false);
  });

  it("stores the writer's account when logged in", async () => {
    const user = await createUser(t.app);
    const tag = uniqueTag();
    const mails = await mailsDuring(async () => {
      const response = await post(
        '/v1/contact-us-email/',
        contactInput({ subject: `Mi pedido ${tag}` }),
        user.headers,
      );
      expect(response.statusCode).toBe(201);
    });
    const rows = await queryRows<{ user_id: number }>(
      t.database,
      sql`select user_id from contact_messages where subject = ${`Mi pedido ${tag}`}`,
    );
    expect(rows).toEqual([{ user_id: user.id }]);
    expect(mails[0]?.text).toContain('Escrito con la sesión iniciada en Mandado.');
  });

  it('refuses a message without the CSRF token with 403, storing and sending nothing', async () => {
    const tag = uniqueTag();
    const headers = await visitorHeaders(t.app);
    const mails = await mailsDuring(async () => {
      const response = await post('/v1/contact-us-email/', contactInput({ subject: `Sin token ${tag}` }), {
        ...headers,
        'x-csrftoken': '',
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().detail).toMatch(/\p{L}/u);
    });
    expect(mails).toEqual([]);
    const rows = await queryRows(
      t.database,
      sql`select id from contact_messages where subject = ${`Sin token ${tag}`}`,
    );
    expect(rows).toEqual([]);
  });
});

describe('POST /v1/suggestions/', () => {
  it.each(['category', 'nameProduct', 'description', 'mail'])(
    "answers 400 'Campo requerido' under %s when it is missing",
    async (field) => {
      const payload = suggestionInput();
      delete payload[field];
      const response = await post('/v1/suggestions/', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ [field]: [MESSAGES.required] });
    },
  );

  it.each([
    ['an unknown category', { category: 'weapons' }, { category: [MESSAGES.required] }],
    ['a category that is a number', { category: 7 }, { category: [MESSAGES.required] }],
    ['an e-mail without a top-level domain', { mail: 'martin@correo' }, { mail: [MESSAGES.invalidEmail] }],
    [
      'a product name with a line break',
      { nameProduct: 'Protector\nBcc: intruso@correo.com' },
      { nameProduct: [MESSAGES.singleLineText] },
    ],
    ['a product name that is a list', { nameProduct: ['Protector'] }, { nameProduct: [MESSAGES.required] }],
    [
      'a 3000-character description',
      { description: 'x'.repeat(3000) },
      { description: [MESSAGES.tooLong(1000)] },
    ],
    ['a description that is a number', { description: 42 }, { description: [MESSAGES.required] }],
  ])('answers 400 with the field message for %s', async (_case, overrides, expected) => {
    const response = await post('/v1/suggestions/', suggestionInput(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(expected);
  });

  it('stores a suggestion with the account and e-mails the team', async () => {
    const user = await createUser(t.app);
    const tag = uniqueTag();
    let status = 0;
    let body: unknown;
    const mails = await mailsDuring(async () => {
      const response = await post(
        '/v1/suggestions/',
        suggestionInput({ nameProduct: `Protector solar ${tag}`, mail: ' Martin@Correo.com ' }),
        user.headers,
      );
      status = response.statusCode;
      body = response.json();
    });
    expect(status).toBe(201);
    expect(body).toEqual({ detail: HELP_MESSAGES.suggestionSent });
    const rows = await queryRows<Record<string, unknown>>(
      t.database,
      sql`select user_id, category, product_name, description, email from product_suggestions
          where product_name = ${`Protector solar ${tag}`}`,
    );
    expect(rows).toEqual([
      {
        user_id: user.id,
        category: 'pharmacy',
        product_name: `Protector solar ${tag}`,
        description: 'Una marca que se consiga en Uruguay.\nEn envase de 200 ml.',
        email: 'martin@correo.com',
      },
    ]);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toEqual([SUPPORT]);
    expect(mails[0]?.subject).toBe(`Sugerencia de producto: Protector solar ${tag} (Farmacias)`);
    expect(mails[0]?.text).toContain('Para responder, escribe a: martin@correo.com');
    expect(mails[0]?.text).toContain('En envase de 200 ml.');
  });

  it("stores a visitor's suggestion without an account", async () => {
    const tag = uniqueTag();
    const response = await post('/v1/suggestions/', suggestionInput({ category: 'other', nameProduct: tag }));
    expect(response.statusCode).toBe(201);
    const rows = await queryRows(
      t.database,
      sql`select user_id, category from product_suggestions where product_name = ${tag}`,
    );
    expect(rows).toEqual([{ user_id: null, category: 'other' }]);
  });

  it('refuses a suggestion without the CSRF token with 403', async () => {
    const headers = await visitorHeaders(t.app);
    const response = await post('/v1/suggestions/', suggestionInput(), { ...headers, 'x-csrftoken': '' });
    expect(response.statusCode).toBe(403);
  });
});

describe('rate limits of the help forms', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({
      rateLimits: {
        contactPerIp: { max: 2, windowSeconds: LONG_WINDOW },
        suggestionPerIp: { max: 2, windowSeconds: LONG_WINDOW },
      },
    });
  });
  afterAll(async () => {
    await limited.close();
  });

  it.each([
    ['/v1/contact-us-email/', contactInput, 'contact_messages'],
    ['/v1/suggestions/', suggestionInput, 'product_suggestions'],
  ] as const)('answers 429 on %s past the limit, storing nothing more', async (url, input, table) => {
    const headers = await visitorHeaders(limited.app);
    // A form sent with mistakes does not spend the allowance.
    expect((await post(url, {}, headers, limited.app)).statusCode).toBe(400);
    expect((await post(url, input(), headers, limited.app)).statusCode).toBe(201);
    expect((await post(url, input(), headers, limited.app)).statusCode).toBe(201);
    const refused = await post(url, input(), headers, limited.app);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: SERVER_MESSAGES.tooManyRequests });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const [count] = await queryRows<{ count: number }>(
      limited.database,
      sql`select count(*)::int as count from ${sql.identifier(table)}`,
    );
    expect(count?.count).toBe(2);
  });
});

describe('GET /v1/help/payment-instructions/', () => {
  it('gives a visitor the manual-payment countries and the USD account, without a country', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/help/payment-instructions/' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      manual_payment_countries: ['CO', 'CL', 'PE'],
      shopper_country: null,
      manual_payment_days: 3,
      receipt_email: SUPPORT,
      bank: {
        bank_name: 'Banco de Prueba N.A. (demo)',
        account_holder: 'Mandado Marketplace LLC',
        account_number: '000123456789',
        routing_number: '021000021',
        swift: 'DEMOUS33',
        currency: 'USD',
      },
    });
  });

  it("gives a remitter their phone's country: Colombia", async () => {
    const user = await createUser(t.app, { phone_number: '+57 310 123 4567' });
    const response = await t.app.inject({
      method: 'GET',
      url: '/v1/help/payment-instructions/',
      headers: { cookie: user.headers.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      shopper_country: 'CO',
      manual_payment_countries: ['CO', 'CL', 'PE'],
    });
    // It names this shopper's country: no browser or proxy may keep it for someone else.
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('is not in the public settings the first load reads', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/whoami/' });
    expect(response.body).not.toContain('account_holder');
  });
});

describe('the support inbox in the back office', () => {
  const lists = ['/v1/admin/contact-messages/', '/v1/admin/suggestions/', '/v1/admin/city-requests/'];

  async function get(url: string, cookie?: string) {
    return t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  }

  it.each(lists)('answers 401 to a visitor and 403 to a remitter on %s', async (url) => {
    expect((await get(url)).statusCode).toBe(401);
    const remitter = await createUser(t.app);
    const refused = await get(url, remitter.headers.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toMatch(/\p{L}/u);
  });

  it('lists contact messages newest first with the writer account, in one query', async () => {
    const writer = await createUser(t.app);
    const operator = await createUser(t.app);
    await makeOperator(t.database, operator.id);
    const tag = uniqueTag();
    expect(
      (await post('/v1/contact-us-email/', contactInput({ subject: `Primero ${tag}` }))).statusCode,
    ).toBe(201);
    expect(
      (await post('/v1/contact-us-email/', contactInput({ subject: `Segundo ${tag}` }), writer.headers))
        .statusCode,
    ).toBe(201);

    const before = t.queries.length;
    const response = await get('/v1/admin/contact-messages/', operator.headers.cookie);
    const listQueries = t.queries.slice(before).filter((query) => query.includes('"contact_messages"'));
    expect(listQueries).toHaveLength(1);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { results } = response.json<{ results: Array<Record<string, unknown>> }>();
    expect(results.slice(0, 2)).toEqual([
      {
        id: expect.any(Number),
        user_account_id: writer.userAccountId,
        name: 'Lucía Fernández',
        email: 'lucia.fernandez@correo.com',
        phone: '+598 91 234 567',
        subject: `Segundo ${tag}`,
        comments: 'Hola, quería saber si entregan en Punta del Este.\nGracias.',
        created: expect.any(String),
        handled: null,
        handled_by: null,
        assigned_to: null,
        replies: [],
      },
      expect.objectContaining({ subject: `Primero ${tag}`, user_account_id: null }),
    ]);
    const created = results.map((row) => Date.parse(String(row.created)));
    expect(created).toEqual([...created].sort((a, b) => b - a));
  });

  it('lists suggestions newest first', async () => {
    const operator = await createUser(t.app);
    await makeOperator(t.database, operator.id);
    const tag = uniqueTag();
    for (const name of [`Uno ${tag}`, `Dos ${tag}`]) {
      expect((await post('/v1/suggestions/', suggestionInput({ nameProduct: name }))).statusCode).toBe(201);
    }
    const before = t.queries.length;
    const response = await get('/v1/admin/suggestions/', operator.headers.cookie);
    expect(t.queries.slice(before).filter((query) => query.includes('"product_suggestions"'))).toHaveLength(
      1,
    );
    expect(response.statusCode).toBe(200);
    const { results } = response.json<{ results: Array<Record<string, unknown>> }>();
    expect(results.slice(0, 2)).toEqual([
      {
        id: expect.any(Number),
        user_account_id: null,
        category: 'pharmacy',
        name_product: `Dos ${tag}`,
        description: 'Una marca que se consiga en Uruguay.\nEn envase de 200 ml.',
        mail: 'martin@correo.com',
        created: expect.any(String),
        handled: null,
        handled_by: null,
        assigned_to: null,
        replies: [],
      },
      expect.objectContaining({ name_product: `Uno ${tag}` }),
    ]);
  });

  it('lists the 100 newest city requests, newest first', async () => {
    const operator = await createUser(t.app);
    await makeOperator(t.database, operator.id);
    await t.database.db.execute(
      sql`insert into city_requests (city, email, created_at)
          select 'Ciudad ' || n, 'vecino' || n || '@correo.com', now() + n * interval '1 second'
          from generate_series(1, 105) as n`,
    );
    const before = t.queries.length;
    const response = await get('/v1/admin/city-requests/', operator.headers.cookie);
    expect(t.queries.slice(before).filter((query) => query.includes('"city_requests"'))).toHaveLength(1);
    expect(response.statusCode).toBe(200);
    const { results } = response.json<{ results: Array<{ city: string; email: string; created: string }> }>();
    expect(results).toHaveLength(100);
    expect(results[0]).toEqual({
      id: expect.any(Number),
      city: 'Ciudad 105',
      email: 'vecino105@correo.com',
      created: expect.any(String),
      handled: null,
      handled_by: null,
      assigned_to: null,
      replies: [],
    });
    expect(results[99]?.city).toBe('Ciudad 6');
  });
});

describe('the OpenAPI document', () => {
  it('describes the help calls with their bodies and answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json<{ paths: Record<string, Record<string, Record<string, unknown>>> }>().paths;
    for (const path of ['/v1/contact-us-email/', '/v1/suggestions/']) {
      expect(paths[path]?.post?.requestBody, path).toBeDefined();
      expect(Object.keys(paths[path]?.post?.responses ?? {}), path).toEqual(
        expect.arrayContaining(['201', '400', '429']),
      );
    }
    for (const path of [
      '/v1/help/payment-instructions/',
      '/v1/admin/contact-messages/',
      '/v1/admin/suggestions/',
      '/v1/admin/city-requests/',
    ]) {
      expect(paths[path]?.get?.responses, path).toHaveProperty('200');
    }
  });
});
