import { describe, expect, it } from 'vitest';
import {
  estimatedRowHeight,
  LOAD_AHEAD_ROWS,
  listSetSize,
  shouldLoadMore,
  withKeptRow,
} from './catalog-window.ts';

describe('shouldLoadMore', () => {
  const base = { loadedCount: 30, hasNextPage: true, fetching: false };

  it('asks for the next page once the last rendered row nears the last loaded one', () => {
    expect(shouldLoadMore({ ...base, lastRenderedIndex: 29 - LOAD_AHEAD_ROWS - 1 })).toBe(false);
    expect(shouldLoadMore({ ...base, lastRenderedIndex: 29 - LOAD_AHEAD_ROWS })).toBe(true);
    expect(shouldLoadMore({ ...base, lastRenderedIndex: 29 })).toBe(true);
  });

  it('does not ask while a page is coming, after the last page, or with nothing rendered', () => {
    expect(shouldLoadMore({ ...base, lastRenderedIndex: 29, fetching: true })).toBe(false);
    expect(shouldLoadMore({ ...base, lastRenderedIndex: 29, hasNextPage: false })).toBe(false);
    expect(shouldLoadMore({ ...base, lastRenderedIndex: undefined })).toBe(false);
  });

  it('asks at once when a short first page is all on screen', () => {
    expect(shouldLoadMore({ ...base, loadedCount: 3, lastRenderedIndex: 2 })).toBe(true);
  });
});

describe('withKeptRow', () => {
  it('adds the focused row, in order, when it is outside the window', () => {
    expect(withKeptRow([10, 11, 12], 3, 40)).toEqual([3, 10, 11, 12]);
    expect(withKeptRow([10, 11, 12], 30, 40)).toEqual([10, 11, 12, 30]);
  });

  it('changes nothing when no row has focus, it is already rendered, or it is gone', () => {
    expect(withKeptRow([10, 11], null, 40)).toEqual([10, 11]);
    expect(withKeptRow([10, 11], 11, 40)).toEqual([10, 11]);
    expect(withKeptRow([0, 1], 7, 5)).toEqual([0, 1]);
  });
});

describe('listSetSize', () => {
  it('tells the count when everything is loaded, and "unknown" while more may come', () => {
    expect(listSetSize(42, false)).toBe(42);
    expect(listSetSize(60, true)).toBe(-1);
  });
});

describe('estimatedRowHeight', () => {
  it('is taller on a phone, where the stock buttons sit under the product', () => {
    expect(estimatedRowHeight(360)).toBeGreaterThan(estimatedRowHeight(800));
  });
});
