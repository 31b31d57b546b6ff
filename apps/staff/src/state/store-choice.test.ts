import { describe, expect, it } from 'vitest';
import { currentStore } from './store-choice.ts';

const A = { id: 1, name: 'Almacén A' };
const B = { id: 2, name: 'Farmacia B' };

describe('currentStore', () => {
  it('takes the only store without asking', () => {
    expect(currentStore([A], null)).toBe(A);
    expect(currentStore([A], 9)).toBe(A);
  });

  it('keeps the remembered store while the member still works there', () => {
    expect(currentStore([A, B], 2)).toBe(B);
  });

  it('asks again when nothing is remembered or the store is no longer theirs', () => {
    expect(currentStore([A, B], null)).toBeNull();
    expect(currentStore([A, B], 3)).toBeNull();
    expect(currentStore([], 1)).toBeNull();
  });
});
