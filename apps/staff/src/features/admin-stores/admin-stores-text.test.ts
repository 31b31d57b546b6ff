import { describe, expect, it } from 'vitest';
import { commissionText, memberCountText, parseCommission, storePagePath } from './admin-stores-text.ts';

describe('admin stores wording', () => {
  it('links a store and writes its commission and team', () => {
    expect(storePagePath(12)).toBe('/admin/tiendas/12');
    expect(commissionText('12.50')).toBe('12,50 %');
    expect(memberCountText(0)).toBe('Sin equipo');
    expect(memberCountText(1)).toBe('1 persona');
    expect(memberCountText(3)).toBe('3 personas');
  });

  it('reads a commission typed with a comma or a point', () => {
    expect(parseCommission('12,5')).toBe(12.5);
    expect(parseCommission(' 8 ')).toBe(8);
    expect(parseCommission('12.345')).toBeNull();
    expect(parseCommission('abc')).toBeNull();
    expect(parseCommission('')).toBeNull();
  });
});
