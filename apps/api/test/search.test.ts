import type { Product } from '@mandado/shared/catalog.schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function search(term: string, city = 'Montevideo') {
  const response = await t.app.inject({
    method: 'GET',
    url: `/v1/products/${encodeURIComponent(city)}/`,
    query: { search: term },
  });
  return {
    status: response.statusCode,
    body: response.json<{ results: Product[] } & Record<string, unknown>>(),
  };
}

function names(results: Product[]): string[] {
  return results.map((p) => p.name);
}

describe('product search', () => {
  it('ignores accents: azucar finds Azúcar', async () => {
    const { status, body } = await search('azucar');
    expect(status).toBe(200);
    expect(body.results.length).toBeGreaterThanOrEqual(2);
    expect(body.results[0]?.name).toMatch(/Azúcar/);
  });

  it('ignores case and accents the other way: CAFÉ and cafe give the same results', async () => {
    const upper = await search('CAFÉ');
    const plain = await search('cafe');
    expect(upper.body.results.length).toBeGreaterThan(0);
    expect(names(upper.body.results)).toEqual(names(plain.body.results));
  });

  it.each([
    ['lehce', 'swapped letters'],
    ['lecge', 'a wrong letter'],
    ['lche', 'a missing letter'],
    ['lechee', 'an extra letter'],
  ])('forgives one typo (%s, %s) in a word of 4+ letters', async (term) => {
    const { body } = await search(term);
    expect(
      names(body.results).some((name) => /Leche/i.test(name)),
      names(body.results).join(', '),
    ).toBe(true);
  });

  it('matches a typo correction as a whole word: lehce finds leche, not lechuga', async () => {
    const { body } = await search('lehce');
    expect(body.results.length).toBeGreaterThan(0);
    for (const name of names(body.results)) expect(name).toMatch(/Leche/);
  });

  it('does not forgive two typos', async () => {
    const { body } = await search('lhcee');
    expect(names(body.results).some((name) => /Leche/i.test(name))).toBe(false);
  });

  it('stems Spanish plurals: jabones finds Jabón', async () => {
    const { body } = await search('jabones');
    expect(
      names(body.results).some((name) => /Jabón/.test(name)),
      names(body.results).join(', '),
    ).toBe(true);
  });

  it('needs every word to match, ranking the name above the category', async () => {
    const { body } = await search('leche entera');
    expect(body.results.length).toBeGreaterThan(0);
    for (const product of body.results) expect(product.name.toLowerCase()).toMatch(/entera/);
  });

  it('finds words by their beginning while typing', async () => {
    const { body } = await search('pañal');
    expect(
      names(body.results).some((name) => /Pañales/.test(name)),
      names(body.results).join(', '),
    ).toBe(true);
  });

  it('returns nothing, not an error, for a word that matches nothing', async () => {
    const { status, body } = await search('xilófono cuántico');
    expect(status).toBe(200);
    expect(body.results).toEqual([]);
  });

  it('treats query syntax as plain text', async () => {
    for (const term of ["leche' & !", 'leche | :* (', "'; drop table products; --"]) {
      const { status } = await search(term);
      expect(status, term).toBe(200);
    }
    expect((await search('leche')).body.results.length).toBeGreaterThan(0);
  });

  it('is scoped to a served city', async () => {
    const { status, body } = await search('leche', 'Salto');
    expect(status).toBe(404);
    expect(body).toEqual({ detail: 'No tenemos servicio en esa ciudad.' });
  });

  it('asks for at least 3 characters and at most 100', async () => {
    const short = await search('az');
    expect(short.status).toBe(400);
    expect(short.body).toEqual({ search: ['La búsqueda debe tener al menos 3 caracteres.'] });
    const long = await search('a'.repeat(101));
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ search: ['La búsqueda no puede tener más de 100 caracteres.'] });
    const missing = await t.app.inject({ method: 'GET', url: '/v1/products/Montevideo/' });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json())).toEqual(['search']);
  });
});
