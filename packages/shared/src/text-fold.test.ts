import { describe, expect, it } from 'vitest';
import { foldText } from './text-fold.ts';

describe('foldText', () => {
  it('drops accents and case and trims', () => {
    expect(foldText(' PAYSANDÚ ')).toBe('paysandu');
    expect(foldText('Ñandú Güemes')).toBe('nandu guemes');
  });

  it('folds composed and decomposed forms alike', () => {
    expect(foldText('Montevide\u0301o')).toBe(foldText('Montevidéo'));
  });
});
