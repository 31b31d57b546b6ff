import { describe, expect, it } from 'vitest';
import { isStoreOrderLate, latePaidBefore, storeOrderDueBy } from './order-lateness.ts';

// Montevideo is UTC−3: 12:00 there is 15:00Z.
const at = (iso: string) => new Date(iso);

describe('order lateness (issue 19)', () => {
  it('is due by the second working day after the payment, in Montevideo', () => {
    // Monday → Wednesday; Thursday → Monday; Friday → Tuesday; Saturday → Tuesday.
    expect(storeOrderDueBy(at('2026-03-02T15:00:00Z'))).toBe('2026-03-04');
    expect(storeOrderDueBy(at('2026-03-05T15:00:00Z'))).toBe('2026-03-09');
    expect(storeOrderDueBy(at('2026-03-06T15:00:00Z'))).toBe('2026-03-10');
    expect(storeOrderDueBy(at('2026-03-07T15:00:00Z'))).toBe('2026-03-10');
    // 23:30 Friday in Montevideo is already Saturday in UTC: still Friday's window.
    expect(storeOrderDueBy(at('2026-03-07T02:30:00Z'))).toBe('2026-03-10');
  });

  it('is late only after the due day, while open and paid', () => {
    const paid = at('2026-03-02T15:00:00Z');
    expect(isStoreOrderLate({ status: 'approved', paidAt: paid }, at('2026-03-04T23:00:00Z'))).toBe(false);
    expect(isStoreOrderLate({ status: 'approved', paidAt: paid }, at('2026-03-05T03:30:00Z'))).toBe(true);
    expect(isStoreOrderLate({ status: 'delivered', paidAt: paid }, at('2026-03-10T12:00:00Z'))).toBe(false);
    expect(isStoreOrderLate({ status: 'rejected', paidAt: paid }, at('2026-03-10T12:00:00Z'))).toBe(false);
    expect(isStoreOrderLate({ status: 'pending', paidAt: null }, at('2026-03-10T12:00:00Z'))).toBe(false);
  });

  it('gives the same answer as a bound on the payment instant', () => {
    const start = Date.parse('2026-02-20T00:00:00Z');
    for (let nowStep = 0; nowStep < 24 * 14; nowStep += 5) {
      const now = new Date(start + 10 * 86_400_000 + nowStep * 3_600_000);
      const bound = latePaidBefore(now);
      for (let paidStep = 0; paidStep < 24 * 24; paidStep += 7) {
        const paidAt = new Date(start + paidStep * 3_600_000);
        if (paidAt > now) continue;
        const late = isStoreOrderLate({ status: 'approved', paidAt }, now);
        expect(late, `${paidAt.toISOString()} at ${now.toISOString()}`).toBe(paidAt < bound);
      }
    }
  });
});
