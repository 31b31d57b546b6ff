import type { AdminZone } from '@mandado/shared/admin-settings.schemas';

export interface ZoneShape {
  zone: AdminZone;
  /** The SVG `points` attribute. */
  points: string;
}

/**
 * The zones drawn in an SVG's own coordinates (issue 19): an equirectangular projection whose longitude is
 * shrunk by the cosine of the middle latitude, so a square on the ground stays square at Uruguay's latitude.
 * North is up (SVG's y grows downwards, latitude upwards). `width` is fixed; the height follows the shapes.
 */
export function projectZones(
  zones: readonly AdminZone[],
  width = 1000,
): { shapes: ZoneShape[]; height: number } {
  const points = zones.flatMap((zone) => zone.polygon);
  if (points.length === 0) return { shapes: [], height: 0 };
  const lats = points.map(([latitude]) => latitude);
  const lons = points.map(([, longitude]) => longitude);
  const minLat = Math.min(...lats);
  const maxLat = Math.max(...lats);
  const minLon = Math.min(...lons);
  const maxLon = Math.max(...lons);
  const shrink = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
  const spanX = Math.max((maxLon - minLon) * shrink, 1e-9);
  const spanY = Math.max(maxLat - minLat, 1e-9);
  const scale = width / spanX;
  const height = Math.max(1, Math.round(spanY * scale));
  const shapes = zones.map((zone) => ({
    zone,
    points: zone.polygon
      .map(([latitude, longitude]) => {
        const x = (longitude - minLon) * shrink * scale;
        const y = (maxLat - latitude) * scale;
        return `${x.toFixed(1)},${y.toFixed(1)}`;
      })
      .join(' '),
  }));
  return { shapes, height };
}
