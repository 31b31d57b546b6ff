import { cardListSchema, cardSchema } from '@mandado/shared/card.schemas';
import { tokenizeSandboxCard } from '@mandado/shared/sandbox-cards';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from './factories.ts';
import { createTestApp, queryRows, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: { emailLookupPerIp: { max: 1000, windowSeconds: 300 } } });
});
afterAll(() => t.close());

function sandboxToken(number = '4242 4242 4242 4242'): string {
  const result = tokenizeSandboxCard({ number, expiry: '12/34', cvc: '123' }, new Date(), () =>
    Math.random().toString(36).slice(2, 12).padEnd(10, 'x'),
  );
  if (!('token' in result)) throw new Error('test card refused');
  return result.token.token;
}

async function saveCard(user: TestUser, token: string) {
  return t.app.inject({
    method: 'POST',
    url: '/v1/tokens/create/',
    headers: user.headers,
    payload: { token },
  });
}

async function cardsOf(user: TestUser) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/v1/cards/',
    headers: { cookie: user.headers.cookie },
  });
  expect(response.statusCode).toBe(200);
  return cardListSchema.parse(response.json()).results;
}

describe('saved cards', () => {
  it('keeps only the token, brand, last 4 and expiry, and lists a user only their own cards', async () => {
    const user = await createUser(t.app);
    const other = await createUser(t.app);
    const token = sandboxToken();
    const created = await saveCard(user, token);
    expect(created.statusCode).toBe(201);
    const card = cardSchema.parse(created.json());
    expect(card).toMatchObject({
      brand: 'visa',
      last4: '4242',
      exp_month: 12,
      exp_year: 2034,
      processor: 'sandbox',
    });
    expect(created.body).not.toContain(token);

    // The same token twice is one card.
    expect(cardSchema.parse((await saveCard(user, token)).json()).id).toBe(card.id);
    expect(await saveCard(other, sandboxToken('5555 5555 5555 4444'))).toHaveProperty('statusCode', 201);

    expect((await cardsOf(user)).map((saved) => saved.id)).toEqual([card.id]);
    expect((await cardsOf(other)).map((saved) => saved.last4)).toEqual(['4444']);
    const stored = await queryRows<Record<string, unknown>>(
      t.database,
      sql`select * from saved_cards where card_id = ${card.id}`,
    );
    expect(Object.keys(stored[0] ?? {}).sort()).toEqual(
      [
        'brand',
        'card_id',
        'created_at',
        'exp_month',
        'exp_year',
        'id',
        'last4',
        'processor',
        'processor_token',
        'user_id',
      ].sort(),
    );
    expect(JSON.stringify(stored)).not.toContain('4242424242424242');
  });

  it('refuses a token the processor does not know with a Spanish 400', async () => {
    const user = await createUser(t.app);
    for (const token of ['tok_visa', 'pm_sandbox_succeeds_visa_4242_122034', '4242424242424242']) {
      const response = await saveCard(user, token);
      expect(response.statusCode, token).toBe(400);
      expect(response.json()).toEqual({
        token: ['No pudimos guardar esa tarjeta. Vuelve a ingresar sus datos.'],
      });
    }
    expect((await saveCard(user, '')).statusCode).toBe(400);
    expect(await cardsOf(user)).toEqual([]);
  });

  it("deletes one's own card; another user's card or a malformed id is a 404 that deletes nothing", async () => {
    const owner = await createUser(t.app);
    const thief = await createUser(t.app);
    const card = cardSchema.parse((await saveCard(owner, sandboxToken())).json());

    const stolen = await t.app.inject({
      method: 'DELETE',
      url: `/v1/tokens/delete/${card.id}`,
      headers: thief.headers,
    });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual({ detail: 'No encontrado.' });
    for (const id of ['1', 'abc', `${card.id}x`, "' or 1=1", '00000000-0000-0000-0000-000000000000']) {
      const response = await t.app.inject({
        method: 'DELETE',
        url: `/v1/tokens/delete/${encodeURIComponent(id)}`,
        headers: owner.headers,
      });
      expect(response.statusCode, id).toBe(404);
    }
    expect(await cardsOf(owner)).toHaveLength(1);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/v1/tokens/delete/${card.id}`,
      headers: owner.headers,
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ detail: 'Tarjeta eliminada.' });
    expect(await cardsOf(owner)).toEqual([]);
  });

  it('answers 401 to a visitor', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v1/cards/' })).statusCode).toBe(401);
  });
});
