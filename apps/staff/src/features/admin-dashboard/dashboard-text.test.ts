import { describe, expect, it } from 'vitest';
import { dashboardRangeFor, shareText, shortDayText } from './dashboard-text.ts';

describe('the dashboard text', () => {
  it('reads the range from the query string, today by default', () => {
    expect(dashboardRangeFor('7d')).toBe('7d');
    expect(dashboardRangeFor('30d')).toBe('30d');
    expect(dashboardRangeFor('siempre')).toBe('today');
    expect(dashboardRangeFor(null)).toBe('today');
  });

  it('writes days and shares', () => {
    expect(shortDayText('2026-11-03')).toBe('03/11');
    expect(shareText(3, 5)).toBe('3 de 5 (60 %)');
    expect(shareText(0, 0)).toBe('0');
  });
});
