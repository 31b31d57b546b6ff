/**
 * The map's tile server (decision 019). The default is the OpenStreetMap standard tile server, which its
 * usage policy allows for light use with the attribution shown on the map; heavy use needs our own or a
 * commercial tile server, set with MAP_TILE_URL (and MAP_ATTRIBUTION).
 */
export interface MapTiles {
  /** Leaflet URL template: https://host/{z}/{x}/{y}.png */
  url: string;
  /**
   * Shown on the map, plain text (the web app escapes it and links 'OpenStreetMap' to its copyright page,
   * as OSM's attribution guideline asks).
   */
  attribution: string;
}

export const DEFAULT_MAP_TILES: MapTiles = {
  url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '© OpenStreetMap contributors',
};

/**
 * The origin the browser fetches tiles from, for the CSP's img-src. A template with {s} subdomains
 * ('https://{s}.tile.example.org/...') allows every subdomain of that host.
 */
export function tileOrigin(url: string): string | null {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(url);
  if (!match?.[1] || !match[2]) return null;
  const host = match[2].replace(/\{s\}/g, '*');
  return `${match[1].toLowerCase()}://${host.toLowerCase()}`;
}
