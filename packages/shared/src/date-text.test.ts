import { describe, expect, it } from 'vitest';
import {
  compactDateTimeText,
  dateText,
  dateTimeText,
  dateTimeWithZoneText,
  dayAndTimeText,
  dayText,
  deliveryWindowText,
  pickupFromText,
  shortDateText,
} from './date-text.ts';

describe('date text (Montevideo, the same in Node and every browser)', () => {
  it('writes days and delivery windows', () => {
    expect(dayText('2026-11-23')).toBe('lunes 23 de noviembre');
    expect(deliveryWindowText({ from: '2026-11-30', to: '2026-12-01' })).toBe(
      'Entre el lunes 30 de noviembre y el martes 1 de diciembre',
    );
    expect(pickupFromText({ from: '2026-11-27' })).toBe('desde el viernes 27 de noviembre');
  });

  it('writes instants in Montevideo time whatever the machine says', () => {
    // 02:00 UTC on the 23rd is still the 22nd at 23:00 in Montevideo
    expect(dateText('2026-11-23T02:00:00Z')).toBe('22 de noviembre de 2026');
    expect(shortDateText('2026-11-23T02:00:00Z')).toBe('22 nov 2026');
    expect(dateTimeText('2026-11-22T23:15:00Z')).toBe('22 nov 2026, 20:15');
    expect(dateTimeText('2026-09-01T03:05:00Z')).toBe('1 sep 2026, 00:05');
    expect(dateTimeWithZoneText('2026-11-26T00:19:00Z')).toBe('25 nov 2026, 21:19 (hora de Montevideo)');
  });

  it('shows an unreadable date as it came, never "Invalid Date"', () => {
    expect(dateTimeText('ayer')).toBe('ayer');
    expect(dateText('ayer')).toBe('ayer');
    expect(dateTimeWithZoneText('ayer')).toBe('ayer');
  });

  it('writes a handover and an attempt in Montevideo time (issue 17)', () => {
    expect(dayAndTimeText('2026-11-25T18:40:00Z')).toBe('25 de noviembre a las 15:40');
    expect(dayAndTimeText('2026-12-01T02:05:00Z')).toBe('30 de noviembre a las 23:05');
    expect(compactDateTimeText('2026-11-25T17:10:00Z')).toBe('25/11 14:10');
    expect(compactDateTimeText('2026-03-01T02:00:00Z')).toBe('28/02 23:00');
    expect(dayAndTimeText('ayer')).toBe('ayer');
    expect(compactDateTimeText('ayer')).toBe('ayer');
  });
});
