import { describe, expect, it } from 'vitest';
import { MEETING_POINT_ZONES } from './gazetteer/meeting-point-zones.data.ts';
import { URUGUAY_OUTLINE } from './gazetteer/uruguay-outline.data.ts';
import { deliveryZoneFor, isPointInPolygon } from './zones.ts';

const NOT_A_MEETING_POINT = { in_service_area: true, meeting_point: null };
const OUTSIDE = { in_service_area: false, meeting_point: null };

describe('isPointInPolygon', () => {
  const square = [
    [0, 0],
    [0, 1],
    [1, 1],
    [1, 0],
  ] as const;

  it('tells inside from outside, on every side', () => {
    expect(isPointInPolygon([0.5, 0.5], square)).toBe(true);
    expect(isPointInPolygon([1.5, 0.5], square)).toBe(false);
    expect(isPointInPolygon([-0.5, 0.5], square)).toBe(false);
    expect(isPointInPolygon([0.5, 1.5], square)).toBe(false);
    expect(isPointInPolygon([0.5, -0.5], square)).toBe(false);
  });

  it('handles a concave ring (a point in the notch is outside)', () => {
    const u = [
      [0, 0],
      [0, 3],
      [3, 3],
      [3, 2],
      [1, 2],
      [1, 1],
      [3, 1],
      [3, 0],
    ] as const;
    expect(isPointInPolygon([2, 1.5], u)).toBe(false);
    expect(isPointInPolygon([0.5, 1.5], u)).toBe(true);
    expect(isPointInPolygon([2, 0.5], u)).toBe(true);
  });

  it('counts a ray through a vertex once', () => {
    const diamond = [
      [0, 1],
      [1, 2],
      [2, 1],
      [1, 0],
    ] as const;
    // The ray from (1, 0.5) eastwards passes through the vertex (1, 2).
    expect(isPointInPolygon([1, 0.5], diamond)).toBe(true);
    expect(isPointInPolygon([1, -0.5], diamond)).toBe(false);
  });
});

describe('deliveryZoneFor (the demo gazetteer of Montevideo)', () => {
  it('puts the city centre and the east and west barrios inside the served city', () => {
    expect(deliveryZoneFor(-34.9058, -56.1913)).toEqual(NOT_A_MEETING_POINT); // 18 de Julio, Centro
    expect(deliveryZoneFor(-34.8885, -56.055)).toEqual(NOT_A_MEETING_POINT); // Carrasco
    expect(deliveryZoneFor(-34.8632, -56.2005)).toEqual(NOT_A_MEETING_POINT); // Prado
    expect(deliveryZoneFor(-34.8, -56.23)).toEqual(NOT_A_MEETING_POINT); // Colón
  });

  it('puts Canelones, San José and the rest of Uruguay outside', () => {
    expect(deliveryZoneFor(-34.8738, -55.9925)).toEqual(OUTSIDE); // Ciudad de la Costa (Canelones)
    expect(deliveryZoneFor(-34.727, -56.219)).toEqual(OUTSIDE); // Las Piedras (Canelones)
    expect(deliveryZoneFor(-34.74, -56.45)).toEqual(OUTSIDE); // Ciudad del Plata (San José)
    expect(deliveryZoneFor(-34.9, -54.95)).toEqual(OUTSIDE); // Maldonado
    expect(deliveryZoneFor(-31.38, -57.96)).toEqual(OUTSIDE); // Salto
  });

  it('follows the coast: the Rambla is inside, the river off it is not', () => {
    expect(deliveryZoneFor(-34.912, -56.15)).toEqual(NOT_A_MEETING_POINT); // Rambla de Pocitos
    expect(deliveryZoneFor(-34.93, -56.15)).toEqual(OUTSIDE); // Río de la Plata, 2 km off Pocitos
    expect(deliveryZoneFor(-34.9225, -56.1605)).toEqual(NOT_A_MEETING_POINT); // Punta Carretas
    expect(deliveryZoneFor(-34.935, -56.2)).toEqual(OUTSIDE); // off the Rambla Sur
  });

  it('names the meeting-point zone a point falls in, and only inside it', () => {
    expect(deliveryZoneFor(-34.869, -56.264)).toEqual({
      in_service_area: true,
      meeting_point: { name: 'Cerro Norte' },
    });
    expect(deliveryZoneFor(-34.853, -56.17)).toEqual({
      in_service_area: true,
      meeting_point: { name: 'Marconi' },
    });
    // Just outside the Marconi zone, in the same barrio: delivered to the door.
    expect(deliveryZoneFor(-34.853, -56.18)).toEqual(NOT_A_MEETING_POINT);
  });

  it('keeps every demo meeting-point zone inside the served city', () => {
    for (const zone of MEETING_POINT_ZONES) {
      for (const vertex of zone.outline) {
        expect(deliveryZoneFor(vertex[0], vertex[1]).in_service_area, zone.name).toBe(true);
      }
    }
  });
});

describe('the coarse outline of Uruguay (keeps stray geocoder answers out)', () => {
  it('holds the departmental capitals and leaves out the neighbours', () => {
    const inside = [
      [-34.9058, -56.1913], // Montevideo
      [-34.4626, -57.8398], // Colonia del Sacramento
      [-31.3833, -57.9667], // Salto
      [-32.3214, -58.0756], // Paysandú
      [-30.9053, -55.5508], // Rivera
      [-30.4, -56.4667], // Artigas
      [-33.6971, -53.4616], // Chuy
      [-34.9667, -54.95], // Punta del Este
      [-32.37, -54.17], // Melo
      [-33.23, -54.38], // Treinta y Tres
    ] as const;
    for (const point of inside) expect(isPointInPolygon(point, URUGUAY_OUTLINE), String(point)).toBe(true);
    const outside = [
      [-34.6037, -58.3816], // Buenos Aires, inside Uruguay's bounding box
      [-32.4833, -58.2333], // Concepción del Uruguay (Entre Ríos)
      [-30.0346, -51.2177], // Porto Alegre
      [-32.035, -52.0986], // Rio Grande
      [-33.0094, -58.5172], // Gualeguaychú (Entre Ríos)
    ] as const;
    for (const point of outside) expect(isPointInPolygon(point, URUGUAY_OUTLINE), String(point)).toBe(false);
  });
});
