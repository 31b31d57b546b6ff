import { describe, expect, it } from 'vitest';
import { isSearchable, moveActive, noMatchText, searchPageHref, searchPageParam } from './search-term.ts';

describe('isSearchable', () => {
  it('needs three characters, ignoring surrounding spaces', () => {
    expect(isSearchable('')).toBe(false);
    expect(isSearchable('ab')).toBe(false);
    expect(isSearchable('  ab ')).toBe(false);
    expect(isSearchable('abc')).toBe(true);
  });
});

describe('noMatchText', () => {
  it('quotes the trimmed term', () => {
    expect(noMatchText(' xyzzy ')).toBe('No hay productos que coincidan con la búsqueda de "xyzzy"');
  });
});

describe('moveActive', () => {
  it('starts at the first or last option', () => {
    expect(moveActive(-1, 3, 1)).toBe(0);
    expect(moveActive(-1, 3, -1)).toBe(2);
  });

  it('wraps around', () => {
    expect(moveActive(2, 3, 1)).toBe(0);
    expect(moveActive(0, 3, -1)).toBe(2);
  });

  it('has nothing to activate in an empty list', () => {
    expect(moveActive(0, 0, 1)).toBe(-1);
  });
});

describe('the results page address (issue 16)', () => {
  it('carries the trimmed term, and the page only past the first', () => {
    expect(searchPageHref('  café con leche ')).toBe('/buscar?q=caf%C3%A9+con+leche');
    expect(searchPageHref('arroz', 3)).toBe('/buscar?q=arroz&pagina=3');
  });

  it.each([
    [null, 1],
    ['2', 2],
    ['50', 50],
    ['0', 1],
    ['51', 1],
    ['-1', 1],
    ['1.5', 1],
    ['dos', 1],
  ])('reads pagina=%s as page %i', (raw, page) => {
    expect(searchPageParam(raw)).toBe(page);
  });
});
