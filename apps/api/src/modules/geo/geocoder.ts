/**
 * The geocoding adapter (decision 019): the embedded gazetteer by default, offline; a Nominatim-compatible
 * service when GEOCODER_URL is set. The service adds the delivery zone; adapters only find places.
 */
export interface FoundPlace {
  /** Readable, short: 'Av. Italia, Montevideo', 'Pocitos, Montevideo'. */
  label: string;
  latitude: number;
  longitude: number;
}

export interface Geocoder {
  /** Places matching a typed address, best first, in Uruguay. */
  search(query: string): Promise<FoundPlace[]>;
  /** A readable label for a point, or null when the geocoder knows nothing there. */
  reverse(latitude: number, longitude: number): Promise<FoundPlace | null>;
}

/** The external geocoder failed (down, slow, over its pace, an answer we cannot read): the route answers 503. */
export class GeocoderUnavailableError extends Error {
  constructor(reason: string, options?: { cause?: unknown }) {
    super(`Geocoder unavailable: ${reason}`, options);
    this.name = 'GeocoderUnavailableError';
  }
}

export interface GeocoderConfig {
  /** Base URL of a Nominatim-compatible service ('https://nominatim.example.org'), or null for the gazetteer. */
  url: string | null;
  /** Identifies us to the service, as Nominatim's usage policy asks. */
  userAgent: string;
}
