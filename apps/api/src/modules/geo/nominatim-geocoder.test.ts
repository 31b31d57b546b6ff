import { describe, expect, it } from 'vitest';
import { shortLabel } from './nominatim-geocoder.ts';

describe('shortLabel', () => {
  it('joins the house number to its street and drops postcode, repeats and country', () => {
    expect(shortLabel('2500, Avenida Italia, Parque Batlle, Montevideo, Montevideo, 11600, Uruguay')).toBe(
      'Avenida Italia 2500, Parque Batlle, Montevideo',
    );
  });

  it('keeps three parts of a long name', () => {
    expect(shortLabel('Avenida Brasil, Pocitos, Municipio CH, Montevideo, 11300, Uruguay')).toBe(
      'Avenida Brasil, Pocitos, Municipio CH',
    );
    expect(shortLabel('Salto, Uruguay')).toBe('Salto');
  });
});
