import { describe, expect, it } from 'vitest';
import type { ProductRow } from './product-columns.sql.ts';
import {
  buildSearchIndex,
  buildVocabulary,
  correctionsOf,
  planSearch,
  searchIndex,
  withinOneTypo,
} from './search-index.ts';

describe('withinOneTypo (the migration’s within_one_typo)', () => {
  it.each([
    ['leche', 'leche', true],
    ['leche', 'lehce', true],
    ['leche', 'lecge', true],
    ['leche', 'lche', true],
    ['leche', 'lechee', true],
    ['leche', 'lhcee', false],
    ['leche', 'lechuga', false],
    ['leche', 'elcha', false],
  ])('%s and %s: %s', (candidate, term, expected) => {
    expect(withinOneTypo(candidate, term)).toBe(expected);
  });
});

describe('correctionsOf', () => {
  const vocabulary = buildVocabulary(['leche', 'lechuga', 'leches', 'noche', 'pan']);

  it('gives the vocabulary words one typo away, for terms of 4+ letters only', () => {
    expect(correctionsOf(vocabulary, 'lehce')).toEqual(['leche']);
    expect(correctionsOf(vocabulary, 'leche').sort()).toEqual(['leche', 'leches']);
    expect(correctionsOf(vocabulary, 'pna')).toEqual([]);
  });
});

describe('planSearch', () => {
  const stems: Record<string, string | null> = { leche: 'lech', lehce: 'lehc', de: null, dulce: 'dulc' };
  const lexemeOf = (word: string) => stems[word] ?? null;

  it('writes alternatives sorted, holds them right to left, and drops stop words', () => {
    const plan = planSearch(['dulce', 'de', 'lehce'], [['dulce'], [], ['leche']], lexemeOf, 'dulce de lehce');
    expect(plan.clauses).toEqual([
      [
        { lexeme: 'dulc', prefix: false },
        { lexeme: 'dulc', prefix: true },
      ],
      [
        { lexeme: 'lech', prefix: false },
        { lexeme: 'lehc', prefix: true },
      ],
    ]);
    expect(plan.rankOperands).toEqual([
      { lexeme: 'dulc', prefix: true },
      { lexeme: 'lech', prefix: false },
      { lexeme: 'lehc', prefix: true },
    ]);
    expect(plan.conjunction).toBe(true);
    expect(planSearch(['de'], [[]], lexemeOf, 'de').clauses).toEqual([]);
  });
});

function row(id: number, name: string, popularity = 0): ProductRow {
  return {
    id,
    name,
    description: '',
    price: '100.00',
    merchantDiscountedPrice: null,
    discount: false,
    currency: 'UYU',
    images: [],
    storeId: 1,
    storeName: 'Tienda',
    categoryId: 1,
    categoryName: 'Lácteos',
    popularity,
    stock: 5,
  };
}

describe('searchIndex', () => {
  const index = buildSearchIndex([
    {
      row: row(1, 'Leche Entera'),
      searchVector: "'enter':2A 'lacte':3B 'lech':1A",
      foldedName: 'leche entera',
    },
    { row: row(2, 'Lechuga'), searchVector: "'lechug':1A 'verdur':2B", foldedName: 'lechuga' },
    {
      row: row(3, 'Leche Descremada', 9),
      searchVector: "'descrem':2A 'lacte':3B 'lech':1A",
      foldedName: 'leche descremada',
    },
    {
      row: row(4, 'Leche Chocolatada', 9),
      searchVector: "'chocolat':2A 'lacte':3B 'lech':1A",
      foldedName: 'leche chocolatada',
    },
    { row: row(5, 'Sin vector'), searchVector: null, foldedName: 'sin vector' },
  ]);
  const ids = (terms: string[], corrections: string[][], lexemes: Record<string, string>) =>
    searchIndex(
      index,
      planSearch(terms, corrections, (word) => lexemes[word] ?? null, terms.join(' ')),
    ).map((product) => product.row.id);

  it('matches a term as a prefix, and every term of the search', () => {
    expect(ids(['lech'], [[]], { lech: 'lech' }).sort()).toEqual([1, 2, 3, 4]);
    expect(ids(['lech', 'ent'], [[], []], { lech: 'lech', ent: 'ent' })).toEqual([1]);
  });

  it('matches a correction as a whole word only: lehce finds leche, not lechuga', () => {
    expect(ids(['lehce'], [['leche']], { lehce: 'lehc', leche: 'lech' })).not.toContain(2);
  });

  it('orders equal ranks by the name’s similarity to the text, then popularity, then id', () => {
    const same = "'enter':2A 'lacte':3B 'lech':1A";
    const ties = buildSearchIndex([
      { row: row(1, 'Leche Entera'), searchVector: same, foldedName: 'leche entera' },
      {
        row: row(2, 'Leche Descremada'),
        searchVector: "'descrem':2A 'lacte':3B 'lech':1A",
        foldedName: 'leche descremada',
      },
      { row: row(3, 'Leche Entera', 9), searchVector: same, foldedName: 'leche entera' },
      { row: row(4, 'Leche Entera', 9), searchVector: same, foldedName: 'leche entera' },
    ]);
    const plan = planSearch(['leche'], [['leche']], () => 'lech', 'leche');
    expect(searchIndex(ties, plan).map((product) => product.row.id)).toEqual([3, 4, 1, 2]);
  });
});
