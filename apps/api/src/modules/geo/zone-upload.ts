import {
  ADMIN_SETTINGS_MESSAGES as M,
  ZONE_LIMITS,
  type ZoneKind,
} from '@mandado/shared/admin-settings.schemas';
import { isInsideUruguay } from './zones.ts';

export interface UploadedZone {
  kind: ZoneKind;
  name: string;
  note: string;
  /** [latitude, longitude] pairs, the closing point dropped (the gazetteer's rings are implicitly closed). */
  polygon: [number, number][];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isPosition(value: unknown): value is [number, number] {
  return (
    Array.isArray(value) &&
    (value.length === 2 || value.length === 3) &&
    value.every((part) => typeof part === 'number' && Number.isFinite(part))
  );
}

/** Uruguay's coarse outline misses a little of the coast; a vertex this close to it still counts as inside. */
const COAST_TOLERANCE_DEGREES = 0.05;

function nearUruguay(latitude: number, longitude: number): boolean {
  if (isInsideUruguay(latitude, longitude)) return true;
  const t = COAST_TOLERANCE_DEGREES;
  return [
    [t, 0],
    [-t, 0],
    [0, t],
    [0, -t],
  ].some(([dLat = 0, dLon = 0]) => isInsideUruguay(latitude + dLat, longitude + dLon));
}

/**
 * An operator's GeoJSON (issue 19), read strictly: a FeatureCollection of Polygon features (no holes), each
 * ring closed, positions in GeoJSON's [longitude, latitude] order and in Uruguay (a swapped pair lands in
 * the ocean or Antarctica, so it is caught), a name, a kind, an optional note, exactly one service area, and
 * caps on zones and vertices. The first problem found is answered, naming the zone (1-based).
 */
export function readZoneUpload(
  body: unknown,
): { ok: true; zones: UploadedZone[] } | { ok: false; reason: string } {
  const refuse = (reason: string) => ({ ok: false as const, reason });
  if (!isRecord(body) || body.type !== 'FeatureCollection' || !Array.isArray(body.features)) {
    return refuse(M.geojsonShape);
  }
  const features: unknown[] = body.features;
  if (features.length === 0) return refuse(M.geojsonEmpty);
  if (features.length > ZONE_LIMITS.features) return refuse(M.geojsonTooMany(ZONE_LIMITS.features));
  const zones: UploadedZone[] = [];
  let points = 0;
  for (const [index, feature] of features.entries()) {
    const n = index + 1;
    if (!isRecord(feature) || feature.type !== 'Feature' || !isRecord(feature.geometry)) {
      return refuse(M.featureNotPolygon(n));
    }
    const geometry = feature.geometry;
    if (geometry.type !== 'Polygon' || !Array.isArray(geometry.coordinates))
      return refuse(M.featureNotPolygon(n));
    const rings: unknown[] = geometry.coordinates;
    if (rings.length !== 1) return refuse(rings.length === 0 ? M.ringShort(n) : M.featureHoles(n));
    const ring = rings[0];
    if (!Array.isArray(ring)) return refuse(M.ringPoint(n));
    points += ring.length;
    if (points > ZONE_LIMITS.pointsTotal) return refuse(M.geojsonTooManyPoints(ZONE_LIMITS.pointsTotal));
    const positions: [number, number][] = [];
    for (const position of ring) {
      if (!isPosition(position)) return refuse(M.ringPoint(n));
      const [longitude, latitude] = position;
      if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return refuse(M.ringPoint(n));
      positions.push([latitude, longitude]);
    }
    const first = positions[0];
    const last = positions.at(-1);
    if (positions.length < 4 || !first || !last) return refuse(M.ringShort(n));
    if (first[0] !== last[0] || first[1] !== last[1]) return refuse(M.ringOpen(n));
    const polygon = positions.slice(0, -1);
    if (new Set(polygon.map((point) => point.join(','))).size < 3) return refuse(M.ringShort(n));
    if (!polygon.every(([latitude, longitude]) => nearUruguay(latitude, longitude))) {
      return refuse(M.outsideUruguay(n));
    }
    const properties = isRecord(feature.properties) ? feature.properties : {};
    const name = typeof properties.name === 'string' ? properties.name.trim() : '';
    if (name.length === 0 || name.length > ZONE_LIMITS.nameLength) return refuse(M.featureName(n));
    const kind = properties.kind;
    if (kind !== 'service_area' && kind !== 'meeting_point') return refuse(M.featureKind(n));
    const note = typeof properties.note === 'string' ? properties.note.trim() : '';
    if (note.length > ZONE_LIMITS.noteLength) return refuse(M.featureNote(n));
    zones.push({ kind, name, note, polygon });
  }
  if (zones.filter((zone) => zone.kind === 'service_area').length !== 1) return refuse(M.oneServiceArea);
  return { ok: true, zones };
}
