import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { track, trackPurchase } from './analytics.ts';

// The web project runs in Node: a bare window object is all the data layer needs.
beforeEach(() => {
  vi.stubGlobal('window', {});
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('analytics: one shape on window.dataLayer', () => {
  it('pushes { event, ...fields } and creates the data layer when no tag manager loaded', () => {
    track('login', { method: 'register', user_account_id: 'acc-1' });
    track('logout');
    track('search', { search_term: 'yerba', results: 3 });
    expect(window.dataLayer).toEqual([
      { event: 'login', method: 'register', user_account_id: 'acc-1' },
      { event: 'logout' },
      { event: 'search', search_term: 'yerba', results: 3 },
    ]);
  });

  it('writes the purchase in US dollars with its order lines, copies and not the caller’s objects', () => {
    const lines = [{ id: 7, name: 'Yerba 1 kg', quantity: 2, item_price: 4.5 }];
    trackPurchase('MV-10234', 9, lines);
    const [pushed] = window.dataLayer ?? [];
    expect(pushed).toEqual({ event: 'purchase', order: 'MV-10234', value: 9, currency: 'USD', items: lines });
    expect((pushed as { items: unknown[] }).items[0]).not.toBe(lines[0]);
  });
});
