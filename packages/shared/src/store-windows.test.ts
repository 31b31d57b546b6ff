import { describe, expect, it } from 'vitest';
import { isStoreOrderLate } from './order-lateness.ts';
import { DEFAULT_STORE_WINDOWS, lastChoosableDay, openSlots, slotsOnDay, slotText } from './store-windows.ts';

describe('delivery windows (decision 065, Montevideo time)', () => {
  it('reads a window as "mar 1/12, 9:00 a 13:00"', () => {
    // 12:00 UTC is 9:00 in Montevideo (UTC−3).
    expect(slotText({ startsAt: '2026-12-01T12:00:00.000Z', endsAt: '2026-12-01T16:00:00.000Z' })).toBe(
      'mar 1/12, 9:00 a 13:00',
    );
  });

  it('gives the default windows Monday to Friday only, with their cut-offs', () => {
    expect(slotsOnDay(DEFAULT_STORE_WINDOWS, '2026-11-28')).toEqual([]); // a Saturday
    expect(slotsOnDay(DEFAULT_STORE_WINDOWS, '2026-11-30')).toEqual([
      // 9–13, ordered by 21:00 the day before; 14–18, by 10:00 the same day.
      {
        startsAt: '2026-11-30T12:00:00.000Z',
        endsAt: '2026-11-30T16:00:00.000Z',
        cutoffAt: '2026-11-30T00:00:00.000Z',
        capacity: 20,
      },
      {
        startsAt: '2026-11-30T17:00:00.000Z',
        endsAt: '2026-11-30T21:00:00.000Z',
        cutoffAt: '2026-11-30T13:00:00.000Z',
        capacity: 20,
      },
    ]);
  });

  it('offers only windows whose cut-off is ahead, up to 14 days', () => {
    // Monday 30/11 at 11:00 Montevideo: the morning window closed at 21:00 the day before, the afternoon one
    // closes at 10:00 — already passed; Tuesday's morning window is the earliest.
    const now = new Date('2026-11-30T14:00:00.000Z');
    const slots = openSlots(DEFAULT_STORE_WINDOWS, now);
    expect(slotText(slots[0] ?? { startsAt: '', endsAt: '' })).toBe('mar 1/12, 9:00 a 13:00');
    expect(lastChoosableDay(now)).toBe('2026-12-14');
    expect(slots.at(-1)?.startsAt.slice(0, 10)).toBe('2026-12-14');
  });

  it("calls a paid store order late once its window's end passed, not before", () => {
    const order = {
      status: 'preparing_to_delivery' as const,
      paidAt: new Date('2026-11-30T10:00:00.000Z'),
      windowEndsAt: new Date('2026-12-01T16:00:00.000Z'),
    };
    expect(isStoreOrderLate(order, new Date('2026-12-01T15:59:00.000Z'))).toBe(false);
    expect(isStoreOrderLate(order, new Date('2026-12-01T16:01:00.000Z'))).toBe(true);
    expect(isStoreOrderLate({ ...order, status: 'delivered' }, new Date('2026-12-09T00:00:00.000Z'))).toBe(
      false,
    );
  });
});
