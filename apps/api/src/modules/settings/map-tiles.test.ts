import { describe, expect, it } from 'vitest';
import { DEFAULT_MAP_TILES, tileOrigin } from './map-tiles.ts';

describe('tileOrigin', () => {
  it('is the origin of the tile template, for the CSP', () => {
    expect(tileOrigin(DEFAULT_MAP_TILES.url)).toBe('https://tile.openstreetmap.org');
    expect(tileOrigin('http://localhost:8080/tiles/{z}/{x}/{y}.png')).toBe('http://localhost:8080');
  });

  it('allows every subdomain of a {s} template', () => {
    expect(tileOrigin('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toBe('https://*.tile.example.org');
  });

  it('is null for something that is not an http(s) URL', () => {
    expect(tileOrigin('/tiles/{z}/{x}/{y}.png')).toBeNull();
    expect(tileOrigin('javascript:alert(1)')).toBeNull();
  });
});
