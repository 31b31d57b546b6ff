import { describe, expect, it } from 'vitest';
import { aCity } from '../../testing/factories.ts';
import { decideCityChoice, destinationAfterCityChange } from './city-choice.ts';

const montevideo = aCity();
const salto = aCity({ id: 60, name: 'Salto', state: 'Salto', state_id: 15 });

describe('choosing a city in the selector (spec §4)', () => {
  it.each([
    ['no current city', null, montevideo, null, false, { kind: 'set', to: '/stores' }],
    ['no current city, a store saved', null, montevideo, 3, false, { kind: 'set', to: '/stores' }],
    ['the same city with a store chosen', montevideo, montevideo, 3, true, { kind: 'go', to: '/products' }],
    ['the same city without a store', montevideo, montevideo, null, false, { kind: 'go', to: '/stores' }],
    ['a different city, empty cart', montevideo, salto, 3, false, { kind: 'confirm', warnCart: false }],
    ['a different city, items in the cart', montevideo, salto, 3, true, { kind: 'confirm', warnCart: true }],
    ['an empty value', montevideo, null, 3, true, { kind: 'ignore' }],
    ['a city without a name', montevideo, { ...salto, name: '' }, 3, true, { kind: 'ignore' }],
  ] as const)('%s', (_case, current, chosen, storeId, cartHasItems, expected) => {
    expect(decideCityChoice(current, chosen, storeId, cartHasItems)).toEqual(expected);
  });
});

describe('after accepting a different city (spec §4)', () => {
  it.each([
    ['exactly one store: select it and open its products', [7], { storeId: 7, to: '/products' }],
    ['several stores: the store list', [7, 8], { storeId: null, to: '/stores' }],
    ['no store: the store list', [], { storeId: null, to: '/stores' }],
    ['the stores could not be loaded: the store list', null, { storeId: null, to: '/stores' }],
  ] as const)('%s', (_case, storeIds, expected) => {
    expect(destinationAfterCityChange(storeIds)).toEqual(expected);
  });
});
