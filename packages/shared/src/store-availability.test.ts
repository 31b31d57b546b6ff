import { describe, expect, it } from 'vitest';
import {
  availabilityBadge,
  availabilityReason,
  ordersCountFrom,
  storeAvailability,
} from './store-availability.ts';

const NOW = new Date('2026-11-25T15:00:00Z'); // 12:00 in Montevideo
const none = { pausedUntil: null, closedFrom: null, closedTo: null, closureNote: '' };

describe('store availability', () => {
  it('is open with nothing set, after a pause ends and outside a closure', () => {
    expect(storeAvailability(none, NOW)).toEqual({ state: 'open' });
    expect(storeAvailability({ ...none, pausedUntil: '2026-11-25T15:00:00Z' }, NOW).state).toBe('open');
    expect(
      storeAvailability(
        { ...none, closedFrom: '2026-11-26T03:00:00Z', closedTo: '2026-11-27T03:00:00Z' },
        NOW,
      ).state,
    ).toBe('open');
    expect(
      storeAvailability(
        { ...none, closedFrom: '2026-11-24T03:00:00Z', closedTo: '2026-11-25T15:00:00Z' },
        NOW,
      ).state,
    ).toBe('open');
  });

  it('is paused until the time it reopens by itself', () => {
    const paused = storeAvailability({ ...none, pausedUntil: '2026-11-25T21:00:00Z' }, NOW);
    expect(paused).toEqual({ state: 'paused', reopensAt: '2026-11-25T21:00:00.000Z' });
    expect(availabilityBadge(paused)).toBe('Pausada');
    expect(availabilityReason('Farmacia Rambla', paused)).toBe(
      'Farmacia Rambla pausó sus pedidos: vuelve a recibirlos el 25 de noviembre a las 18:00 (hora de Montevideo).',
    );
  });

  it('is closed with its note, and reopens at the later end when also paused', () => {
    const closure = {
      ...none,
      closedFrom: '2026-11-25T03:00:00Z',
      closedTo: '2026-11-26T12:00:00Z',
      closureNote: 'Inventario anual.',
    };
    const closed = storeAvailability(closure, NOW);
    expect(closed).toEqual({
      state: 'closed',
      reopensAt: '2026-11-26T12:00:00.000Z',
      note: 'Inventario anual.',
    });
    expect(availabilityBadge(closed)).toBe('Cerrada hasta el 26 de noviembre a las 09:00');
    expect(availabilityReason('El Puerto', closed)).toBe(
      'El Puerto no recibe pedidos hasta el 26 de noviembre a las 09:00 (hora de Montevideo). Inventario anual.',
    );
    const both = storeAvailability({ ...closure, pausedUntil: '2026-11-27T12:00:00Z' }, NOW);
    expect(both).toMatchObject({ state: 'closed', reopensAt: '2026-11-27T12:00:00.000Z' });
  });

  it('counts the delivery window from now, or from the reopening', () => {
    expect(ordersCountFrom({ state: 'open' }, NOW)).toEqual(NOW);
    expect(ordersCountFrom({ state: 'paused', reopensAt: '2026-11-27T12:00:00.000Z' }, NOW)).toEqual(
      new Date('2026-11-27T12:00:00Z'),
    );
  });
});
