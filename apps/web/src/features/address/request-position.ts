import type { GeoPoint } from './geo.api.ts';

/** Spec §8: the alert when the browser has no geolocation. */
export const GEOLOCATION_UNAVAILABLE_TEXT = 'La ubicación no está disponible en este navegador.';

export type PositionAnswer =
  | { kind: 'ready'; point: GeoPoint }
  | { kind: 'unavailable' }
  | { kind: 'failed' };

/** One reading of the browser's position; a refusal or a timeout is 'failed' (spec §8: loading just stops). */
export function requestPosition(): Promise<PositionAnswer> {
  if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
    return Promise.resolve({ kind: 'unavailable' });
  }
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (position) =>
        resolve({
          kind: 'ready',
          point: { latitude: position.coords.latitude, longitude: position.coords.longitude },
        }),
      () => resolve({ kind: 'failed' }),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  });
}
