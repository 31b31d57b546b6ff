import type { GeoPoint } from './geo.api.ts';

/** Spec §8: the alert when the browser has no geolocation. */
export const GEOLOCATION_UNAVAILABLE_TEXT = 'La ubicación no está disponible en este navegador.';

/**
 * The shopper (or the browser's settings) refused the permission: saying nothing left them waiting for a
 * position that never comes (issue 16).
 */
export const GEOLOCATION_DENIED_TEXT =
  'No tenemos permiso para usar tu ubicación. Actívalo en la configuración de tu navegador o escribe la dirección.';

export type PositionAnswer =
  | { kind: 'ready'; point: GeoPoint }
  | { kind: 'unavailable' }
  | { kind: 'denied' }
  | { kind: 'failed' };

/** The PERMISSION_DENIED code of a GeolocationPositionError (1 in every browser). */
const PERMISSION_DENIED = 1;

/**
 * One reading of the browser's position; a refused permission is 'denied' (said to the shopper), a timeout
 * or another failure is 'failed' (spec §8: loading just stops).
 */
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
      (error) => resolve({ kind: error.code === PERMISSION_DENIED ? 'denied' : 'failed' }),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  });
}
