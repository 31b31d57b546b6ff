import { describe, expect, it } from 'vitest';
import { mapsLink } from './maps-link.ts';

describe('mapsLink', () => {
  it('points at the pin, from numbers or the database’s decimal strings', () => {
    expect(mapsLink(-34.9058, -56.1913)).toBe('https://www.google.com/maps?q=-34.9058,-56.1913');
    expect(mapsLink('-34.905800', '-56.191300')).toBe('https://www.google.com/maps?q=-34.9058,-56.1913');
  });
  it('is null without a pin', () => {
    expect(mapsLink(null, null)).toBeNull();
    expect(mapsLink('', '')).toBeNull();
    expect(mapsLink(0, 0)).toBeNull();
    expect(mapsLink('x', '1')).toBeNull();
  });
});
