import { describe, expect, it } from 'vitest';
import {
  availabilityStateText,
  closureSummaryText,
  pauseChoiceHint,
  pausedToastText,
} from './availability-text.ts';

describe('availabilityStateText', () => {
  it('says the store takes orders, or shows what shoppers see', () => {
    expect(availabilityStateText({ state: 'open', badge: null, reason: null }).title).toBe(
      'Recibiendo pedidos',
    );
    expect(
      availabilityStateText({
        state: 'paused',
        badge: 'Pausada',
        reason: 'El Puerto pausó sus pedidos: vuelve a recibirlos el 25 de noviembre a las 16:10.',
      }),
    ).toEqual({
      title: 'Pausada',
      text: 'El Puerto pausó sus pedidos: vuelve a recibirlos el 25 de noviembre a las 16:10.',
    });
  });
});

describe('the times in words (Montevideo)', () => {
  it('writes when a pause ends', () => {
    expect(pausedToastText('2026-11-25T19:10:00.000Z')).toBe(
      'Vuelves a recibir pedidos el 25 de noviembre a las 16:10 (hora de Montevideo).',
    );
    expect(pauseChoiceHint('2026-11-26T12:00:00.000Z')).toBe('hasta el 26 de noviembre a las 09:00');
  });

  it('writes the saved closure with its note', () => {
    expect(
      closureSummaryText({
        from: '2026-12-24T03:00:00.000Z',
        to: '2026-12-26T02:59:00.000Z',
        note: 'Feriado',
      }),
    ).toBe(
      'Del 24 de diciembre a las 00:00 al 25 de diciembre a las 23:59 (hora de Montevideo). Nota: «Feriado».',
    );
    expect(
      closureSummaryText({ from: '2026-12-24T03:00:00.000Z', to: '2026-12-26T02:59:00.000Z', note: '' }),
    ).toBe('Del 24 de diciembre a las 00:00 al 25 de diciembre a las 23:59 (hora de Montevideo).');
  });
});
