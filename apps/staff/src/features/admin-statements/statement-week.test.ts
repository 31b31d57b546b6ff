import { describe, expect, it } from 'vitest';
import { shiftWeek, weekText } from './statement-week.ts';

describe('statement weeks in the back office', () => {
  it('step a week back and forth, across months and years', () => {
    expect(shiftWeek('2026-11-23', -1)).toBe('2026-11-16');
    expect(shiftWeek('2026-12-28', 1)).toBe('2027-01-04');
  });

  it('read as a range', () => {
    expect(weekText('2026-11-16', '2026-11-22')).toBe('16 nov – 22 nov 2026');
    expect(weekText('2026-12-28', '2027-01-03')).toBe('28 dic – 3 ene 2027');
  });
});
