import { describe, expect, it } from 'vitest';
import { movementDirection, signedUsd } from './wallet-format.ts';

describe('signedUsd', () => {
  it('always writes the sign of a movement', () => {
    expect(signedUsd('5.00')).toBe('+US$ 5,00');
    expect(signedUsd('-3.20')).toBe('−US$ 3,20');
    expect(signedUsd('-1234.50')).toBe('−US$ 1.234,50');
    expect(signedUsd('0.00')).toBe('US$ 0,00');
  });

  it('tells credit in from credit out', () => {
    expect(movementDirection('5.00')).toBe('in');
    expect(movementDirection('-0.01')).toBe('out');
  });
});
