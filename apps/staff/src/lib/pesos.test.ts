import { describe, expect, it } from 'vitest';
import { pesosText } from './pesos.ts';

describe('pesos beside dollars', () => {
  it('converts at the rate given, in whole pesos', () => {
    expect(pesosText('120.00', 'USD', { USD: '1', UYU: '40.15' })).toBe('$U 4.818');
  });

  it('says nothing without a rate, or for an amount already in pesos', () => {
    expect(pesosText('120.00', 'USD', undefined)).toBeNull();
    expect(pesosText('120.00', 'USD', { USD: '1' })).toBeNull();
    expect(pesosText('120.00', 'UYU', { USD: '1', UYU: '40' })).toBeNull();
  });
});
