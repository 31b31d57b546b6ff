import { describe, expect, it } from 'vitest';
import { missingItemsText } from './pickup-items.ts';

const ITEMS = [
  { name: 'Café Molido El Chaná 250 g', quantity: 2 },
  { name: 'Arroz Saman Blanco 1 kg', quantity: 1 },
];

describe('the pick-up checklist (issue 29)', () => {
  it('lets the courier go on only with everything ticked', () => {
    expect(missingItemsText(ITEMS, new Set([0, 1]))).toBeNull();
    expect(missingItemsText([], new Set())).toBeNull();
  });

  it('names what is not ticked, with its units', () => {
    expect(missingItemsText(ITEMS, new Set([0]))).toBe(
      'Falta: Arroz Saman Blanco 1 kg (1). Tilda lo que retiras o pide a la tienda lo que falta.',
    );
    expect(missingItemsText(ITEMS, new Set())).toBe(
      'Faltan: Café Molido El Chaná 250 g (2), Arroz Saman Blanco 1 kg (1). Tilda lo que retiras o pide a la tienda lo que falta.',
    );
  });
});
