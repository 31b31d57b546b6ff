import { describe, expect, it } from 'vitest';
import { readConfig } from './config.ts';

describe('readConfig: geocoder and map tiles', () => {
  it('defaults to the embedded gazetteer and OpenStreetMap tiles, identifying itself by the public URL', () => {
    const config = readConfig({ PUBLIC_URL: 'https://mandado.uy/' });
    expect(config.geocoder).toEqual({ url: null, userAgent: 'Mandado/1.0 (+https://mandado.uy)' });
    expect(config.mapTiles).toEqual({
      url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
    });
  });

  it('reads GEOCODER_URL, GEOCODER_USER_AGENT, MAP_TILE_URL and MAP_ATTRIBUTION', () => {
    const config = readConfig({
      GEOCODER_URL: 'https://nominatim.example.org',
      GEOCODER_USER_AGENT: 'Mandado/2.0 (ops@mandado.uy)',
      MAP_TILE_URL: 'https://tiles.example.org/{z}/{x}/{y}.png',
      MAP_ATTRIBUTION: '© Ejemplo',
    });
    expect(config.geocoder).toEqual({
      url: 'https://nominatim.example.org',
      userAgent: 'Mandado/2.0 (ops@mandado.uy)',
    });
    expect(config.mapTiles).toEqual({
      url: 'https://tiles.example.org/{z}/{x}/{y}.png',
      attribution: '© Ejemplo',
    });
  });

  it('refuses to start with a geocoder or tile URL that is not http(s)', () => {
    expect(() => readConfig({ GEOCODER_URL: 'nominatim.example.org' })).toThrow(/GEOCODER_URL/);
    expect(() => readConfig({ MAP_TILE_URL: '/tiles/{z}/{x}/{y}.png' })).toThrow(/MAP_TILE_URL/);
  });
});
