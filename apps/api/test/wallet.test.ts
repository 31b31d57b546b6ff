import { walletSchema } from '@mandado/shared/wallet.schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordWalletEntry } from '../src/modules/wallet/wallet.service.ts';
import { createProduct, createStore, createUser } from './factories.ts';
import { insertPlacedOrder } from './order-rows.ts';
import { createTestApp, queryRows, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: { emailLookupPerIp: { max: 1000, windowSeconds: 300 } } });
});
afterAll(() => t.close());

describe('GET /v1/wallet/', () => {
  it("answers the remitter's balance, equal to the ledger's sum, and the movements newest first", async () => {
    const user = await createUser(t.app);
    const stranger = await createUser(t.app);
    const store = await createStore(t.database);
    const product = await createProduct(t.database, store.id);
    const order = await insertPlacedOrder(t.database, {
      remitterId: user.id,
      stores: [{ storeId: store.id, lines: [{ productId: product.id }] }],
    });
    const entries = [
      { kind: 'adjustment', amount: '20.00', groupId: null, note: 'Regalo de bienvenida' },
      { kind: 'spent', amount: '-7.50', groupId: order.groupId, note: '' },
      { kind: 'refunded', amount: '2.25', groupId: order.groupId, note: '' },
    ] as const;
    for (const entry of entries) {
      expect(await recordWalletEntry(t.database.db, { userId: user.id, ...entry })).toBe(true);
    }
    // An overdraft is refused by the ledger's conditional update and leaves no movement.
    expect(
      await recordWalletEntry(t.database.db, {
        userId: user.id,
        kind: 'spent',
        amount: '-100.00',
        groupId: null,
        note: '',
      }),
    ).toBe(false);
    await recordWalletEntry(t.database.db, {
      userId: stranger.id,
      kind: 'earned',
      amount: '5.00',
      groupId: null,
      note: '',
    });

    const response = await t.app.inject({
      method: 'GET',
      url: '/v1/wallet/',
      headers: { cookie: user.headers.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = walletSchema.parse(response.json());
    const [ledger] = await queryRows<{ sum: string }>(
      t.database,
      sql`select sum(amount)::numeric(12,2)::text as sum from wallet_entries where user_id = ${user.id}`,
    );
    expect(body.balance).toBe('14.75');
    expect(body.balance).toBe(ledger?.sum);
    expect(body.entries.map((entry) => [entry.kind, entry.amount, entry.order])).toEqual([
      ['refunded', '2.25', order.number],
      ['spent', '-7.50', order.number],
      ['adjustment', '20.00', null],
    ]);
    expect(body.entries[2]?.note).toBe('Regalo de bienvenida');
  });

  it('answers a new remitter a zero balance, and 401 to a visitor', async () => {
    const user = await createUser(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: '/v1/wallet/',
      headers: { cookie: user.headers.cookie },
    });
    expect(response.json()).toEqual({ balance: '0.00', entries: [] });
    expect((await t.app.inject({ method: 'GET', url: '/v1/wallet/' })).statusCode).toBe(401);
  });
});
