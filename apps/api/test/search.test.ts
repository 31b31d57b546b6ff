import type { Product } from '@mandado/shared/catalog.schemas';
import { SEARCH_PAGE_SIZE } from '@mandado/shared/validation-rules';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchProducts } from '../src/modules/catalog/catalog.repository.ts';
import { normalizeSearchText, searchTerms } from '../src/modules/catalog/search-terms.ts';
import { cityId, createProduct, createStore } from './factories.ts';
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

  it('stops answering for a city the moment it is no longer served (the remembered city follows the key)', async () => {
    expect((await search('leche')).status).toBe(200);
    await execute(sql`update cities set served = false where name = 'Montevideo'`);
    try {
      expect((await search('leche')).status).toBe(404);
    } finally {
      await execute(sql`update cities set served = true where name = 'Montevideo'`);
    }
    expect((await search('leche')).status).toBe(200);
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

/** The statements that (re)build the city's search index: the only ones that fold every product's name. */
function indexBuilds(queries: string[]): number {
  return queries.filter((query) => /search_normalize\("products"\."name"\)/.test(query)).length;
}

async function execute(statement: ReturnType<typeof sql>) {
  await t.database.db.execute(statement);
}

describe('search from the in-memory index (decision 046)', () => {
  it('answers as the SQL search does: the same products in the same order, page after page', async () => {
    const montevideo = await cityId(t.database);
    const texts = [
      'azucar',
      'cafe',
      'CAFÉ molido',
      'lehce',
      'lecge',
      'lche',
      'lechee',
      'leche entera',
      'leche descremada',
      'dulce de leche',
      'jabones',
      'pañal',
      'pasa',
      'arroz 1 kg',
      'yerba',
      'agua',
      'galletitas',
      'queso',
      'fruta',
      'de la',
      'x 6',
      'xilófono',
    ];
    for (const text of texts) {
      const terms = searchTerms(text);
      const expected = (
        await searchProducts(
          t.database.db,
          { cityId: montevideo, terms: terms.join(' '), normalizedText: normalizeSearchText(text) },
          10_000,
        )
      ).map((row) => row.id);
      const answered: number[] = [];
      for (let page = 1; page <= Math.ceil(expected.length / SEARCH_PAGE_SIZE) + 1; page += 1) {
        const response = await t.app.inject({
          method: 'GET',
          url: '/v1/products/Montevideo/',
          query: { search: text, page: String(page) },
        });
        answered.push(...response.json<{ results: Product[] }>().results.map((product) => product.id));
      }
      expect([...answered].sort(), text).toEqual([...expected].sort());
      // PostgreSQL aggregates a term's alternatives in hash order, which decides whether a lexeme both typed
      // and corrected ranks as a prefix: its own order moves with the plan. PGlite's is the sorted one the
      // index follows, so there the order must be the same too.
      if (t.database.engine === 'pglite') expect(answered, text).toEqual(expected);
    }
  });

  it('finds a renamed product by its new name at once, and no longer by the old one', async () => {
    const store = await createStore(t.database);
    const product = await createProduct(t.database, store.id, { name: 'Mermeladita Zorzal' });
    expect(names((await search('mermeladita')).body.results)).toContain('Mermeladita Zorzal');

    await execute(sql`update products set name = 'Confitura Zorzal' where id = ${product.id}`);
    expect(names((await search('confitura')).body.results)).toContain('Confitura Zorzal');
    expect(names((await search('mermeladita')).body.results)).not.toContain('Mermeladita Zorzal');
    // Typo and accent tolerance hold for the new name as well.
    expect(names((await search('cnofitura')).body.results)).toContain('Confitura Zorzal');
    expect(names((await search('CONFITÚRA zorzal')).body.results)).toContain('Confitura Zorzal');
  });

  it('shows a new product at once, and drops one switched off or of a store no longer approved', async () => {
    const store = await createStore(t.database);
    expect((await search('chimichurri')).body.results).toEqual([]);
    const product = await createProduct(t.database, store.id, { name: 'Chimichurri Casero' });
    expect(names((await search('chimichurri')).body.results)).toEqual(['Chimichurri Casero']);

    await execute(sql`update products set active = false where id = ${product.id}`);
    expect((await search('chimichurri')).body.results).toEqual([]);
    await execute(sql`update products set active = true where id = ${product.id}`);
    expect(names((await search('chimichurri')).body.results)).toEqual(['Chimichurri Casero']);

    await execute(sql`update stores set status = 'pending' where id = ${store.id}`);
    expect((await search('chimichurri')).body.results).toEqual([]);
  });

  it('gives the stock of now without rebuilding: a product sold out shows 0 at once, as in the catalog', async () => {
    const store = await createStore(t.database);
    const product = await createProduct(t.database, store.id, { name: 'Mostaza Zorzal', stock: 4 });
    const first = await search('mostaza zorzal');
    expect(first.body.results.map((found) => [found.id, found.stock])).toEqual([[product.id, 4]]);

    const before = t.queries.length;
    // What an order's takeStock does: a stock move, no catalog revision.
    await execute(sql`update products set stock = 0 where id = ${product.id}`);
    const after = await search('mostaza zorzal');
    expect(after.body.results.map((found) => [found.id, found.stock])).toEqual([[product.id, 0]]);
    expect(indexBuilds(t.queries.slice(before))).toBe(0);
  });

  it('builds the index once for searches that arrive together after a change', async () => {
    const store = await createStore(t.database);
    await createProduct(t.database, store.id, { name: 'Salsa Zorzal' });
    const before = t.queries.length;
    const answers = await Promise.all(
      ['salsa', 'zorzal', 'slasa', 'salsa zorzal'].map((text) => search(text)),
    );
    for (const answer of answers) expect(names(answer.body.results)).toContain('Salsa Zorzal');
    expect(indexBuilds(t.queries.slice(before))).toBe(1);
    await search('salsa');
    expect(indexBuilds(t.queries.slice(before))).toBe(1);
  });
});
