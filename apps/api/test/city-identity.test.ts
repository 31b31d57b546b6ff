import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createStore, createUser } from './factories.ts';
import { createTestApp, queryRows, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A second city named Montevideo, in another department (cities are unique per department only). */
async function namesakeOfMontevideo(): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    t.database,
    sql`insert into cities (name, department_id)
        select 'Montevideo', id from departments where name = 'Canelones'
        returning id`,
  );
  if (!row) throw new Error('namesake city not stored');
  return row.id;
}

describe('cities are compared by id, never by name (decision 014)', () => {
  it('charges the outside fee to a store in another city that shares the delivery city name', async () => {
    const homeStore = await createStore(t.database);
    const namesakeStore = await createStore(t.database, { deliversTo: ['Montevideo'] });
    const namesakeId = await namesakeOfMontevideo();
    await t.database.db.execute(
      sql`update stores set city_id = ${namesakeId} where id = ${namesakeStore.id}`,
    );
    const here = await createProduct(t.database, homeStore.id, { price: '10.00', currency: 'USD' });
    const there = await createProduct(t.database, namesakeStore.id, { price: '10.00', currency: 'USD' });

    const user = await createUser(t.app);
    const setCity = await t.app.inject({
      method: 'PUT',
      url: '/v1/cart/city/Montevideo',
      headers: user.headers,
    });
    expect(setCity.statusCode).toBe(200);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/v1/cart/',
      headers: user.headers,
      payload: [
        { product_id: here.id, quantity: 1 },
        { product_id: there.id, quantity: 1 },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().stores).toEqual([
      expect.objectContaining({ store_id: homeStore.id, shipping: '2.99' }),
      expect.objectContaining({ store_id: namesakeStore.id, shipping: '4.99' }),
    ]);
  });

  it('gives each store its city id, so the web app compares by id too', async () => {
    const store = await createStore(t.database);
    const response = await t.app.inject({ method: 'GET', url: '/v1/stores/city/Montevideo' });
    const listed = response.json<Array<{ id: number; city_id: number }>>().find((row) => row.id === store.id);
    expect(listed?.city_id).toBe(store.cityId);
  });
});
