import { describe, expect, it } from 'vitest';
import { typedHouseNumber, withHouseNumber } from './house-number.ts';

/** Issue 16 part B item 2: the address keeps its number. */
describe('the typed house number survives a picked suggestion', () => {
  it("'18 de julio 1234' and 'Av. 18 de Julio, Montevideo' give 'Av. 18 de Julio 1234, Montevideo'", () => {
    expect(withHouseNumber('18 de julio 1234', 'Av. 18 de Julio, Montevideo')).toBe(
      'Av. 18 de Julio 1234, Montevideo',
    );
  });

  it('a street named by a date is not a house number', () => {
    expect(typedHouseNumber('18 de julio')).toBeNull();
    expect(typedHouseNumber('Av. 8 de Octubre 2500')).toBe('2500');
    expect(withHouseNumber('18 de julio', 'Av. 18 de Julio, Montevideo')).toBe('Av. 18 de Julio, Montevideo');
  });

  it('keeps a letter or bis, and reads only the street part of the typed line', () => {
    expect(typedHouseNumber('Rivera 2345B')).toBe('2345B');
    expect(typedHouseNumber('Rivera 2345 bis')).toBe('2345 bis');
    expect(typedHouseNumber('Rivera 2345 apto 3, Pocitos')).toBe('2345');
    expect(withHouseNumber('rivera 2345', 'Bulevar Rivera')).toBe('Bulevar Rivera 2345');
  });

  it('a suggestion that already has the number is kept as it is', () => {
    expect(withHouseNumber('18 de julio 1234', 'Av. 18 de Julio 1234, Montevideo')).toBe(
      'Av. 18 de Julio 1234, Montevideo',
    );
  });
});
