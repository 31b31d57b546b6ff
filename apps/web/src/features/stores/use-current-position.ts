import { useCallback, useEffect, useState } from 'react';
import type { Coordinates } from './stores.api.ts';

export type PositionStatus = 'loading' | 'ready' | 'unavailable' | 'failed';

/** Spec §8: the alert when the browser has no geolocation. */
export const GEOLOCATION_UNAVAILABLE_TEXT = 'La ubicación no está disponible en este navegador.';

/**
 * The shopper's position from the browser; a refusal or timeout only stops the loading (spec §8). With
 * `enabled` false the browser is not asked until `retry`.
 */
export function useCurrentPosition(enabled = true): {
  status: PositionStatus;
  point: Coordinates | null;
  retry: () => void;
} {
  const [status, setStatus] = useState<PositionStatus>('loading');
  const [point, setPoint] = useState<Coordinates | null>(null);

  const locate = useCallback(() => {
    if (!('geolocation' in navigator)) {
      setStatus('unavailable');
      return;
    }
    setStatus('loading');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setPoint({ latitude: position.coords.latitude, longitude: position.coords.longitude });
        setStatus('ready');
      },
      () => setStatus('failed'),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 5 * 60_000 },
    );
  }, []);

  useEffect(() => {
    if (enabled) locate();
  }, [enabled, locate]);

  return { status, point, retry: locate };
}
