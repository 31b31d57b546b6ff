import 'leaflet/dist/leaflet.css';
import './location-map.css';
import {
  divIcon,
  type Map as LeafletMap,
  type LeafletMouseEvent,
  map as leafletMap,
  type Marker,
  marker,
  tileLayer,
} from 'leaflet';
import { useEffect, useRef } from 'react';
import type { GeoPoint } from './geo.api.ts';

/** Spec §9: map zoom 13 and a default centre in Montevideo (Plaza Independencia) until a position exists. */
export const MAP_ZOOM = 13;
export const MONTEVIDEO_CENTRE: GeoPoint = { latitude: -34.9065, longitude: -56.1996 };

/** The OpenStreetMap copyright page its tile usage policy asks the attribution to link to. */
const OSM_COPYRIGHT_URL = 'https://www.openstreetmap.org/copyright';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Leaflet writes attributions as HTML: the configured text is escaped, and 'OpenStreetMap' links to its copyright page. */
function attributionHtml(text: string): string {
  return escapeHtml(text).replace(
    'OpenStreetMap',
    `<a href="${OSM_COPYRIGHT_URL}" target="_blank" rel="noreferrer">OpenStreetMap</a>`,
  );
}

/** A pin drawn in CSS: no marker image to fetch (Leaflet's default icon guesses an image path at run time). */
const PIN_ICON = divIcon({
  className: 'location-map__pin',
  html: '<span class="location-map__pin-head"></span>',
  iconSize: [28, 40],
  iconAnchor: [14, 40],
});

interface LocationMapProps {
  position: GeoPoint | null;
  /** A click on the map or a drag of the pin. */
  onPick: (point: GeoPoint) => void;
  tileUrl: string;
  attribution: string;
  /** Names the map for assistive technology. */
  label: string;
}

/**
 * Spec §2/§9: the address map, Leaflet without react-leaflet (one component, a map and a marker). Only the
 * lazy chunks that show a map import this file, so Leaflet never weighs on the first load of browse pages.
 */
export function LocationMap({ position, onPick, tileUrl, attribution, label }: LocationMapProps) {
  const containerRef = useRef<HTMLElement>(null);
  const mapRef = useRef<LeafletMap | null>(null);
  const markerRef = useRef<Marker | null>(null);
  const onPickRef = useRef(onPick);
  const positionRef = useRef(position);

  useEffect(() => {
    onPickRef.current = onPick;
    positionRef.current = position;
  });

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const start = positionRef.current ?? MONTEVIDEO_CENTRE;
    const map = leafletMap(container, { zoomControl: true }).setView(
      [start.latitude, start.longitude],
      MAP_ZOOM,
    );
    map.attributionControl.setPrefix(false);
    // Without tiles (offline, a blocked tile server) the map still takes clicks and drags: tiles are only a picture.
    tileLayer(tileUrl, { attribution: attributionHtml(attribution), maxZoom: 19 }).addTo(map);
    map.on('click', (event: LeafletMouseEvent) =>
      onPickRef.current({ latitude: event.latlng.lat, longitude: event.latlng.lng }),
    );
    mapRef.current = map;
    return () => {
      markerRef.current = null;
      mapRef.current = null;
      map.remove();
    };
  }, [tileUrl, attribution]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    if (!position) {
      markerRef.current?.remove();
      markerRef.current = null;
      return;
    }
    const point: [number, number] = [position.latitude, position.longitude];
    if (markerRef.current) {
      markerRef.current.setLatLng(point);
    } else {
      const pin = marker(point, {
        icon: PIN_ICON,
        draggable: true,
        title: 'Ubicación elegida',
        keyboard: true,
      });
      pin.on('dragend', () => {
        const moved = pin.getLatLng();
        onPickRef.current({ latitude: moved.lat, longitude: moved.lng });
      });
      pin.addTo(map);
      markerRef.current = pin;
    }
    if (!map.getBounds().pad(-0.1).contains(point)) map.panTo(point);
  }, [position]);

  return <section ref={containerRef} className="location-map" aria-label={label} />;
}
