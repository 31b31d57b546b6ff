import { describe, expect, it } from 'vitest';
import { amountText, personPagePath, rolesText, signedAmountText } from './admin-people-text.ts';

describe('admin people wording', () => {
  it('names the roles, the operator group included', () => {
    expect(rolesText(['remitter'], null)).toBe('Cliente');
    expect(rolesText(['remitter', 'merchant', 'operator'], 'pagos')).toBe(
      'Cliente · Comercio · Operador (Pagos)',
    );
  });

  it('signs ledger amounts and links a person', () => {
    expect(signedAmountText('10.50')).toBe('+US$ 10,50');
    expect(signedAmountText('-2.00')).toBe('−US$ 2,00');
    expect(signedAmountText('1234.50')).toBe('+US$ 1.234,50');
    expect(amountText('1234.5')).toBe('US$ 1.234,50');
    expect(personPagePath(7)).toBe('/admin/personas/7');
  });
});
