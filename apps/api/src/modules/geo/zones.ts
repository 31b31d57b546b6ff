import type { DeliveryZone } from '@mandado/shared/geo.schemas';
import type { LatLng, MeetingPointZone, Polygon } from './gazetteer/gazetteer.types.ts';
import { MEETING_POINT_ZONES } from './gazetteer/meeting-point-zones.data.ts';
import { MONTEVIDEO_OUTLINE } from './gazetteer/montevideo-outline.data.ts';
import { URUGUAY_OUTLINE } from './gazetteer/uruguay-outline.data.ts';

/**
 * Ray casting: a ray from the point towards growing longitude crosses the ring's edges an odd number of
 * times exactly when the point is inside. Plain degrees are fine at a city's scale, where a degree of
 * longitude is a straight-enough line; a point exactly on an edge may fall either way.
 */
export function isPointInPolygon(point: LatLng, polygon: Polygon): boolean {
  const [latitude, longitude] = point;
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i];
    const b = polygon[j];
    if (!a || !b) continue;
    const [latA, lonA] = a;
    const [latB, lonB] = b;
    // The edge straddles the point's latitude (half-open, so a shared vertex counts once)...
    if (latA > latitude !== latB > latitude) {
      // ...and crosses it east of the point.
      const crossingLongitude = lonA + ((latitude - latA) / (latB - latA)) * (lonB - lonA);
      if (longitude < crossingLongitude) inside = !inside;
    }
  }
  return inside;
}

/** The served city's outline and its meeting-point zones; parameters so tests can use their own shapes. */
export interface ZoneMap {
  serviceArea: Polygon;
  meetingPoints: readonly MeetingPointZone[];
}

/** The built-in zones, in force while operators have uploaded none (zones.service.ts reads the stored ones). */
export const GAZETTEER_ZONES: ZoneMap = {
  serviceArea: MONTEVIDEO_OUTLINE,
  meetingPoints: MEETING_POINT_ZONES,
};

/**
 * Where a point falls for delivery: inside Montevideo or not (shipping 2.99 vs 4.99 per store, spec §1) and,
 * inside it, in which meeting-point zone if any. An address there is accepted; its answer says so, so the
 * form and checkout can tell the sender the courier will arrange a meeting point.
 */
export function deliveryZoneFor(
  latitude: number,
  longitude: number,
  zones: ZoneMap = GAZETTEER_ZONES,
): DeliveryZone {
  const point: LatLng = [latitude, longitude];
  if (!isPointInPolygon(point, zones.serviceArea)) return { in_service_area: false, meeting_point: null };
  const zone = zones.meetingPoints.find((candidate) => isPointInPolygon(point, candidate.outline));
  return {
    in_service_area: true,
    meeting_point: zone ? { name: zone.name, ...(zone.note ? { note: zone.note } : {}) } : null,
  };
}

/**
 * Inside Uruguay's (coarse) outline. The shared schemas only check a bounding box, which the browser can run
 * cheaply but which also holds Buenos Aires and part of Entre Ríos; the server checks the outline.
 */
export function isInsideUruguay(latitude: number, longitude: number): boolean {
  return isPointInPolygon([latitude, longitude], URUGUAY_OUTLINE);
}
