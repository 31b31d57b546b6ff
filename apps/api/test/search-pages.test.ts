import { productSearchSchema } from '@mandado/shared/catalog.schemas';
import { MESSAGES } from '@mandado/shared/messages';
import { SEARCH_PAGE_SIZE } from '@mandado/shared/validation-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createStore } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
const TOTAL = SEARCH_PAGE_SIZE + 5;

beforeAll(async () => {
  t = await createTestApp();
  const store = await createStore(t.database);
  for (let i = 0; i < TOTAL; i++) await createProduct(t.database, store.id, { name: `Paginita ${i}` });
});
afterAll(() => t.close());

function search(query: Record<string, string>) {
  return t.app.inject({ method: 'GET', url: '/v1/products/Montevideo/', query });
}

describe('search pages (issue 16: the /buscar results page)', () => {
  it('gives the first page with has_next, then the rest, without repeating a product', async () => {
    const first = await search({ search: 'paginita' });
    expect(first.statusCode).toBe(200);
    const one = productSearchSchema.parse(first.json());
    expect(one).toMatchObject({ page: 1, has_next: true });
    expect(one.results).toHaveLength(SEARCH_PAGE_SIZE);

    const two = productSearchSchema.parse((await search({ search: 'paginita', page: '2' })).json());
    expect(two).toMatchObject({ page: 2, has_next: false });
    expect(two.results).toHaveLength(TOTAL - SEARCH_PAGE_SIZE);
    const ids = [...one.results, ...two.results].map((product) => product.id);
    expect(new Set(ids).size).toBe(TOTAL);
  });

  it.each(['0', '-1', '1.5', 'dos', '51'])('refuses page=%s with a Spanish 400', async (page) => {
    const response = await search({ search: 'paginita', page });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(MESSAGES.invalidValue);
  });
});
