import { describe, expect, it } from 'vitest';
import {
  isoToMontevideoLocal,
  isPausedNow,
  keptClosure,
  keptPause,
  montevideoLocalToIso,
  PAUSE_CHOICES,
  pauseUntil,
} from './availability-time.ts';

// 15:10 in Montevideo (UTC−3).
const NOW = new Date('2026-11-25T18:10:00.000Z');

describe('pauseUntil', () => {
  it('adds the chosen minutes to now', () => {
    expect(pauseUntil('30m', NOW)).toBe('2026-11-25T18:40:00.000Z');
    expect(pauseUntil('1h', NOW)).toBe('2026-11-25T19:10:00.000Z');
    expect(pauseUntil('2h', NOW)).toBe('2026-11-25T20:10:00.000Z');
    expect(pauseUntil('4h', NOW)).toBe('2026-11-25T22:10:00.000Z');
  });

  it("reopens at 9:00 of Montevideo's next day, whatever the UTC day", () => {
    expect(pauseUntil('tomorrow', NOW)).toBe('2026-11-26T12:00:00.000Z');
    // 22:30 in Montevideo is already the 26th in UTC: still the 26th at 9:00 there.
    expect(pauseUntil('tomorrow', new Date('2026-11-26T01:30:00.000Z'))).toBe('2026-11-26T12:00:00.000Z');
    // 00:30 in Montevideo: 'mañana' is the next date, a day and a half away (within the 72 h a pause lasts).
    expect(pauseUntil('tomorrow', new Date('2026-11-26T03:30:00.000Z'))).toBe('2026-11-27T12:00:00.000Z');
    // Across a month and a year.
    expect(pauseUntil('tomorrow', new Date('2026-12-31T20:00:00.000Z'))).toBe('2027-01-01T12:00:00.000Z');
  });

  it('offers the five choices of the brief, in order', () => {
    expect(PAUSE_CHOICES.map((choice) => choice.label)).toEqual([
      '30 min',
      '1 h',
      '2 h',
      '4 h',
      'Hasta mañana a las 9:00',
    ]);
  });
});

describe('Montevideo day and time ↔ ISO', () => {
  it("reads the boxes on Montevideo's clock", () => {
    expect(montevideoLocalToIso({ date: '2026-12-24', time: '18:30' })).toBe('2026-12-24T21:30:00.000Z');
    expect(montevideoLocalToIso({ date: '2026-12-31', time: '23:59' })).toBe('2027-01-01T02:59:00.000Z');
    expect(montevideoLocalToIso({ date: '2026-12-25', time: '00:00' })).toBe('2026-12-25T03:00:00.000Z');
  });

  it('refuses empty boxes and days or times that do not exist', () => {
    expect(montevideoLocalToIso({ date: '', time: '10:00' })).toBeNull();
    expect(montevideoLocalToIso({ date: '2026-12-24', time: '' })).toBeNull();
    expect(montevideoLocalToIso({ date: '2026-02-30', time: '10:00' })).toBeNull();
    expect(montevideoLocalToIso({ date: '2026-13-01', time: '10:00' })).toBeNull();
    expect(montevideoLocalToIso({ date: '2026-12-24', time: '24:00' })).toBeNull();
    expect(montevideoLocalToIso({ date: '24/12/2026', time: '10:00' })).toBeNull();
  });

  it('shows an instant in the boxes, and back', () => {
    expect(isoToMontevideoLocal('2026-12-24T21:30:00.000Z')).toEqual({ date: '2026-12-24', time: '18:30' });
    // 01:00 UTC is still the day before in Montevideo.
    expect(isoToMontevideoLocal('2027-01-01T01:00:00Z')).toEqual({ date: '2026-12-31', time: '22:00' });
    expect(isoToMontevideoLocal('nonsense')).toEqual({ date: '', time: '' });
    const iso = '2026-07-09T11:45:00.000Z';
    expect(montevideoLocalToIso(isoToMontevideoLocal(iso))).toBe(iso);
  });
});

describe('what goes back unchanged with the other change', () => {
  const closure = { from: '2026-12-24T03:00:00.000Z', to: '2026-12-26T03:00:00.000Z', note: 'Navidad' };

  it('keeps a running pause and drops an ended one (the server refuses a past pause)', () => {
    expect(keptPause({ paused_until: '2026-11-25T19:10:00.000Z' }, NOW)).toBe('2026-11-25T19:10:00.000Z');
    expect(keptPause({ paused_until: '2026-11-25T18:10:00.000Z' }, NOW)).toBeNull();
    expect(keptPause({ paused_until: null }, NOW)).toBeNull();
    expect(isPausedNow({ paused_until: '2026-11-25T19:10:00.000Z' }, NOW)).toBe(true);
    expect(isPausedNow({ paused_until: '2026-11-25T17:00:00.000Z' }, NOW)).toBe(false);
  });

  it('keeps a closure still to come or running and drops one that is over', () => {
    expect(keptClosure({ closure }, NOW)).toEqual(closure);
    expect(keptClosure({ closure }, new Date('2026-12-25T12:00:00Z'))).toEqual(closure);
    expect(keptClosure({ closure }, new Date('2026-12-26T03:00:00Z'))).toBeNull();
    expect(keptClosure({ closure: null }, NOW)).toBeNull();
  });
});
