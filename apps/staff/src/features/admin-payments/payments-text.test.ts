import { describe, expect, it } from 'vitest';
import { ageText, deadlineUrgency, paidCountText } from './payments-text.ts';

describe('payments screen words', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  it('say how long a transfer has waited', () => {
    expect(ageText('2026-11-25T11:30:00Z', now)).toBe('hace unos minutos');
    expect(ageText('2026-11-25T11:00:00Z', now)).toBe('hace 1 hora');
    expect(ageText('2026-11-25T07:00:00Z', now)).toBe('hace 5 horas');
    expect(ageText('2026-11-24T11:00:00Z', now)).toBe('hace 1 día');
    expect(ageText('2026-11-23T10:00:00Z', now)).toBe('hace 2 días');
    expect(ageText('no es una fecha', now)).toBe('');
  });

  it('mark deadlines passed or within a day', () => {
    expect(deadlineUrgency(null, now)).toBe('later');
    expect(deadlineUrgency('2026-11-25T11:00:00Z', now)).toBe('past');
    expect(deadlineUrgency('2026-11-26T01:00:00Z', now)).toBe('soon');
    expect(deadlineUrgency('2026-11-28T12:00:00Z', now)).toBe('later');
  });

  it('count what a confirmation paid', () => {
    expect(paidCountText(1)).toBe('1 pedido marcado como pagado');
    expect(paidCountText(3)).toBe('3 pedidos marcados como pagados');
  });
});
