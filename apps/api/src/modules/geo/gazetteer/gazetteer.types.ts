/** A point as [latitude, longitude], in degrees (WGS 84), the order people read coordinates in. */
export type LatLng = readonly [latitude: number, longitude: number];

/** A closed ring of points; the last vertex joins the first. */
export type Polygon = readonly LatLng[];

export interface Barrio {
  name: string;
  /** Approximate centroid. */
  point: LatLng;
}

export interface Street {
  /** As people write it on an envelope: 'Av. Italia', 'Bv. Artigas'. */
  name: string;
  /** Other spellings people type ('Av. Rivera' for 'Av. General Rivera'). */
  aliases?: readonly string[];
  /** A representative point on the street, in `barrio`. */
  point: LatLng;
  barrio: string;
}

export interface MeetingPointZone {
  /** Shown to the sender: the courier arranges a meeting point in this zone (spec §1). */
  name: string;
  /** The operator's note on where the courier meets the beneficiary (uploaded zones, issue 19). */
  note?: string;
  outline: Polygon;
}
