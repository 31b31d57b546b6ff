import { weeklyHoursSchema } from '@mandado/shared/store-hours.schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCatalog } from '../src/db/seed/seed.ts';
import { createTestApp, queryRows, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function counts() {
  const [row] = await queryRows<Record<string, string>>(
    t.database,
    sql`select
      (select count(*) from departments) as departments,
      (select count(*) from cities) as cities,
      (select count(*) from stores) as stores,
      (select count(*) from categories) as categories,
      (select count(*) from products) as products,
      (select count(*) from media_files) as media,
      (select count(*) from currencies) as currencies,
      (select count(*) from currency_rates) as rates,
      (select value from settings where key = 'header_banner_end_at') as banner`,
  );
  return row;
}

describe('the demo catalog seed', () => {
  it('has the reference data and catalog the issue asks for', async () => {
    const row = await counts();
    expect(Number(row?.departments)).toBe(19);
    expect(Number(row?.stores)).toBeGreaterThanOrEqual(15);
    expect(Number(row?.products)).toBeGreaterThanOrEqual(300);
    expect(Number(row?.currencies)).toBe(12);
  });

  it('is idempotent: a second run changes nothing', async () => {
    const before = await counts();
    await seedDemoCatalog(t.database.db, new Date('2030-01-01T00:00:00Z'));
    expect(await counts()).toEqual(before);
  });

  it('gives every demo store its opening hours, valid, and keeps the hours an owner saved since (issue 31)', async () => {
    const stores = await queryRows<{ name: string; hours: unknown }>(
      t.database,
      sql`select name, opening_hours as hours from stores order by sort_index`,
    );
    expect(stores.length).toBeGreaterThanOrEqual(15);
    for (const store of stores) {
      expect(weeklyHoursSchema.safeParse(store.hours).success, store.name).toBe(true);
    }
    const own = { ...(stores[0]?.hours as object), sunday: [] };
    await queryRows(
      t.database,
      sql`update stores set opening_hours = ${JSON.stringify(own)}::jsonb where name = ${stores[0]?.name ?? ''}`,
    );
    await seedDemoCatalog(t.database.db);
    const [kept] = await queryRows<{ hours: { sunday: unknown[] } }>(
      t.database,
      sql`select opening_hours as hours from stores where name = ${stores[0]?.name ?? ''}`,
    );
    expect(kept?.hours.sunday).toEqual([]);
  });
});
