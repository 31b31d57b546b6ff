import { describe, expect, it } from 'vitest';
import { createEmbeddedGeocoder } from './embedded-geocoder.ts';
import { BARRIOS } from './gazetteer/barrios.data.ts';
import { STREETS } from './gazetteer/streets.data.ts';
import { deliveryZoneFor } from './zones.ts';

const geocoder = createEmbeddedGeocoder();
const labels = async (query: string) => (await geocoder.search(query)).map((place) => place.label);

describe('the gazetteer data', () => {
  it('has about sixty barrios and forty streets, every one inside Montevideo', () => {
    expect(BARRIOS.length).toBeGreaterThanOrEqual(60);
    expect(STREETS.length).toBeGreaterThanOrEqual(40);
    for (const place of [...BARRIOS, ...STREETS]) {
      expect(deliveryZoneFor(place.point[0], place.point[1]).in_service_area, place.name).toBe(true);
    }
  });

  it('places each street in a barrio of the list, and names nothing twice', () => {
    const barrioNames = new Set(BARRIOS.map((barrio) => barrio.name));
    for (const street of STREETS) expect(barrioNames.has(street.barrio), street.name).toBe(true);
    expect(barrioNames.size).toBe(BARRIOS.length);
    expect(new Set(STREETS.map((street) => street.name)).size).toBe(STREETS.length);
  });
});

describe('embedded search', () => {
  it('finds a street whatever the accents, case and abbreviation', async () => {
    expect((await labels('Av. Italia'))[0]).toBe('Av. Italia, Montevideo');
    expect((await labels('avenida italia'))[0]).toBe('Av. Italia, Montevideo');
    expect((await labels('AV ITALIA'))[0]).toBe('Av. Italia, Montevideo');
    expect((await labels('bulevar espana'))[0]).toBe('Bv. España, Montevideo');
    expect((await labels('Millan'))[0]).toBe('Av. Millán, Montevideo');
  });

  it('still finds the street when a house number is typed', async () => {
    const [place] = await geocoder.search('Av. Italia 2500');
    expect(place).toMatchObject({ label: 'Av. Italia, Montevideo' });
    expect((await labels('Bv. Artigas 1100, Montevideo'))[0]).toBe('Bv. Artigas, Montevideo');
  });

  it('keeps numbers that are part of the name', async () => {
    expect((await labels('18 de Julio 1234'))[0]).toBe('Av. 18 de Julio, Montevideo');
    expect((await labels('8 de octubre'))[0]).toBe('Av. 8 de Octubre, Montevideo');
  });

  it('finds barrios, and words typed halfway', async () => {
    const [pocitos] = await geocoder.search('pocitos');
    expect(pocitos).toEqual({ label: 'Pocitos, Montevideo', latitude: -34.9085, longitude: -56.149 });
    expect((await labels('Peñarol'))[0]).toBe('Peñarol, Montevideo');
    expect((await labels('penarol'))[0]).toBe('Peñarol, Montevideo');
    expect(await labels('ciudad vie')).toContain('Ciudad Vieja, Montevideo');
  });

  it('finds a street by its other spelling', async () => {
    expect((await labels('Av. Rivera 3000'))[0]).toBe('Av. General Rivera, Montevideo');
    expect((await labels('Gral. Flores'))[0]).toBe('Av. General Flores, Montevideo');
  });

  it('answers at most eight suggestions, and none for words it does not know', async () => {
    expect((await geocoder.search('Rambla')).length).toBeLessThanOrEqual(8);
    expect((await labels('Rambla')).length).toBeGreaterThan(1);
    expect(await geocoder.search('Avenida Inexistente')).toEqual([]);
    expect(await geocoder.search('2500')).toEqual([]);
    expect(await geocoder.search('Montevideo')).toEqual([]);
  });
});

describe('embedded reverse lookup', () => {
  it('names the street when the pin is on it, with its barrio', async () => {
    const place = await geocoder.reverse(-34.8916, -56.1496);
    expect(place).toEqual({
      label: 'Av. Italia, Parque Batlle, Montevideo',
      latitude: -34.8916,
      longitude: -56.1496,
    });
  });

  it('names the nearest barrio otherwise', async () => {
    expect((await geocoder.reverse(-34.883, -56.2585))?.label).toBe('Villa del Cerro, Montevideo');
    expect((await geocoder.reverse(-34.8858, -56.0552))?.label).toBe('Carrasco, Montevideo');
  });

  it('knows nothing far from Montevideo', async () => {
    expect(await geocoder.reverse(-31.38, -57.96)).toBeNull();
  });
});
