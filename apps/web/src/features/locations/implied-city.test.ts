import { describe, expect, it } from 'vitest';
import { aCity } from '../../testing/factories.ts';
import { impliedCity } from './implied-city.ts';

describe('impliedCity', () => {
  it('is the only served city', () => {
    const montevideo = aCity();
    expect(impliedCity([montevideo])).toEqual(montevideo);
  });

  it('is none while the cities load, when none is served, or when there are several to choose from', () => {
    expect(impliedCity(undefined)).toBeNull();
    expect(impliedCity([])).toBeNull();
    expect(impliedCity([aCity(), aCity({ id: 2, name: 'Canelones', state: 'Canelones' })])).toBeNull();
  });
});
