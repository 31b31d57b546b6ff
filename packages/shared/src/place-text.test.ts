import { describe, expect, it } from 'vitest';
import { cityAndStateText } from './place-text.ts';

describe('a city and its department', () => {
  it('says a shared name once', () => {
    expect(cityAndStateText('Montevideo', 'Montevideo')).toBe('Montevideo');
    expect(cityAndStateText('Las Piedras', 'Canelones')).toBe('Las Piedras, Canelones');
    expect(cityAndStateText('Salto', null)).toBe('Salto');
  });
});
