import type { City } from '@mandado/shared/catalog.schemas';
import { describe, expect, it } from 'vitest';
import { decideCityChoice } from './city-choice.ts';

const montevideo: City = { id: 36, name: 'Montevideo', state: 'Montevideo', state_id: 10 };
const salto: City = { id: 60, name: 'Salto', state: 'Salto', state_id: 15 };

describe('choosing a city in the selector (spec §4)', () => {
  it.each([
    ['no current city', null, montevideo, null, { kind: 'set-and-open' }],
    ['no current city, a store saved', null, montevideo, 3, { kind: 'set-and-open' }],
    ['the same city with a store chosen', montevideo, montevideo, 3, { kind: 'go', to: '/products' }],
    ['the same city without a store', montevideo, montevideo, null, { kind: 'go', to: '/stores' }],
    ['a different city', montevideo, salto, 3, { kind: 'confirm' }],
    ['an empty value', montevideo, null, 3, { kind: 'ignore' }],
    ['a city without a name', montevideo, { ...salto, name: '' }, 3, { kind: 'ignore' }],
  ] as const)('%s', (_case, current, chosen, storeId, expected) => {
    expect(decideCityChoice(current, chosen, storeId)).toEqual(expected);
  });
});
