import { describe, expect, it } from 'vitest';
import {
  deductionMoney,
  ordersText,
  paymentText,
  percentText,
  statementMoney,
  weekRangeText,
} from './statement-text.ts';

describe('weekRangeText', () => {
  it('writes the week from Monday to Sunday, the month and year once when shared', () => {
    expect(weekRangeText('2026-11-23', '2026-11-29')).toBe('23 al 29 de noviembre de 2026');
    expect(weekRangeText('2026-11-30', '2026-12-06')).toBe('30 de noviembre al 6 de diciembre de 2026');
    expect(weekRangeText('2025-12-29', '2026-01-04')).toBe('29 de diciembre de 2025 al 4 de enero de 2026');
  });
});

describe('amounts', () => {
  it("writes the statement's money in its currency", () => {
    expect(statementMoney('1250.50', 'USD')).toBe('US$ 1.250,50');
    expect(statementMoney('0.00', 'USD')).toBe('US$ 0,00');
    expect(deductionMoney('12.50', 'USD')).toBe('−US$ 12,50');
    expect(deductionMoney('0.00', 'USD')).toBe('US$ 0,00');
  });

  it('writes a commission rate in Spanish', () => {
    expect(percentText('12.50')).toBe('12,5 %');
    expect(percentText('10.00')).toBe('10 %');
    expect(percentText('7.25')).toBe('7,25 %');
  });

  it('counts orders', () => {
    expect(ordersText(1)).toBe('1 pedido');
    expect(ordersText(0)).toBe('0 pedidos');
    expect(ordersText(12)).toBe('12 pedidos');
  });
});

describe('paymentText', () => {
  it('says whether the week was paid, with the reference', () => {
    expect(paymentText({ status: 'pending', reference: null, paid_at: null })).toEqual({
      label: 'Pendiente',
      detail: null,
    });
    expect(
      paymentText({ status: 'paid', reference: 'BROU 4471', paid_at: '2026-12-02T15:00:00.000Z' }),
    ).toEqual({ label: 'Pagada', detail: 'Transferencia BROU 4471, el 2 dic 2026' });
    expect(paymentText({ status: 'paid', reference: null, paid_at: null })).toEqual({
      label: 'Pagada',
      detail: 'Transferencia hecha',
    });
  });
});
