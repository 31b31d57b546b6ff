import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, uniqueEmail, visitorHeaders } from './session-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

const CONTROL = 'No puede contener saltos de línea, caracteres de control ni marcas de dirección del texto.';
const REQUIRED = 'Campo requerido';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const bad = [
  ['a header injection', 'x\r\nSubject: hi', CONTROL],
  ['a line feed', 'Ana\nMaría', CONTROL],
  ['a tab', 'Ana\tMaría', CONTROL],
  ['a C1 control', 'Ana\u0085', CONTROL],
  ['a right-to-left override', 'Ana\u202Eanaj', CONTROL],
  ['a bidi isolate', '\u2067Ana', CONTROL],
  ['a lone zero-width space', '\u200B', REQUIRED],
  ['only invisible characters', ' \u200C\u2060\uFEFF ', REQUIRED],
] as const;

describe('single-line text fields (decision 014)', () => {
  it.each(bad)('registration refuses %s in a name with 400 in Spanish', async (_label, value, message) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/users/create/',
      headers: await visitorHeaders(t.app),
      payload: {
        email: uniqueEmail(),
        password: 'paseo-por-la-rambla',
        first_name: value,
        last_name: 'Pereira',
        phone_number: '+598 91 234 567',
        terms_accepted: true,
        privacy_accepted: true,
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ first_name: [message] });
  });

  it.each(bad)(
    'the remitter update refuses %s in a name with 400 in Spanish',
    async (_label, value, message) => {
      const user = await registerUser(t.app);
      const response = await t.app.inject({
        method: 'PUT',
        url: '/v1/users/update/remitter/',
        headers: user.headers,
        payload: { first_name: 'Ana', last_name: value, phone_number: '+598 91 234 567' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ last_name: [message] });
    },
  );

  it('the city request refuses a line break in the city', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/city/request/',
      headers: await visitorHeaders(t.app),
      payload: { city: 'Salto\r\nBcc: x@y.com', email: 'ana@ejemplo.com' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ city: [CONTROL] });
  });

  it('still accepts accents, apostrophes and inner spaces', async () => {
    const user = await registerUser(t.app, { first_name: 'José María', last_name: "O'Neill-Núñez" });
    const response = await t.app.inject({
      method: 'PUT',
      url: '/v1/users/update/remitter/',
      headers: user.headers,
      payload: { first_name: 'Zoë', last_name: 'Güemes', phone_number: '+598 91 234 567' },
    });
    expect(response.statusCode).toBe(200);
  });
});
