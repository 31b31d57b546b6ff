import type { City } from '@mandado/shared/catalog.schemas';
import { describe, expect, it } from 'vitest';
import { groupCitiesByState } from './group-cities.ts';
import { isSameCity } from './same-city.ts';

const cities: City[] = [
  { id: 1, name: 'Montevideo', state: 'Montevideo', state_id: 10 },
  { id: 2, name: 'Pando', state: 'Canelones', state_id: 2 },
  { id: 3, name: 'Canelones', state: 'Canelones', state_id: 2 },
  { id: 4, name: 'Paysandú', state: 'Paysandú', state_id: 11 },
];

describe('groupCitiesByState', () => {
  it('groups every city under its state when the query is empty', () => {
    expect(groupCitiesByState(cities, '  ')).toEqual([
      { state: 'Montevideo', cities: [cities[0]] },
      { state: 'Canelones', cities: [cities[2], cities[1]] },
      { state: 'Paysandú', cities: [cities[3]] },
    ]);
  });

  it('matches the city name case-insensitively', () => {
    expect(groupCitiesByState(cities, 'MONTE')).toEqual([{ state: 'Montevideo', cities: [cities[0]] }]);
  });

  it('matches the state name and keeps all its cities', () => {
    expect(
      groupCitiesByState(cities, 'canelones').flatMap((group) => group.cities.map((city) => city.id)),
    ).toEqual([3, 2]);
  });

  it('ignores accents', () => {
    expect(groupCitiesByState(cities, 'paysandu')).toHaveLength(1);
  });

  it('returns no groups without a match', () => {
    expect(groupCitiesByState(cities, 'Rivera')).toEqual([]);
  });
});

describe('isSameCity', () => {
  it('compares by id, never by name', () => {
    expect(isSameCity(cities[0] ?? null, { ...cities[0] } as City)).toBe(true);
    expect(isSameCity(cities[0] ?? null, { ...cities[0], id: 99 } as City)).toBe(false);
    expect(isSameCity(cities[0] ?? null, { ...cities[1], name: cities[0]?.name } as City)).toBe(false);
    expect(isSameCity(cities[0] ?? null, cities[1] ?? null)).toBe(false);
    expect(isSameCity(null, cities[0] ?? null)).toBe(false);
  });
});
