import { z } from 'zod';
import { MESSAGES } from './messages.ts';

/**
 * A decimal number as a person or a browser's geolocation writes it: an optional minus, up to three digits,
 * an optional fraction. `Number()` alone also reads '' as 0, '0x10' as 16, '1e2' and ' 5 ', so the text
 * is checked first and only then converted. The one rule for coordinates in a query string
 * (`/v1/stores/near/`, `/v1/geo/reverse/`).
 */
export const DECIMAL_COORDINATE = /^-?\d{1,3}(?:\.\d{1,15})?$/;

function coordinateText(min: number, max: number, rangeMessage: string) {
  return z
    .string({ error: MESSAGES.invalidCoordinates })
    .regex(DECIMAL_COORDINATE, MESSAGES.invalidCoordinates)
    .transform(Number)
    .pipe(z.number().min(min, rangeMessage).max(max, rangeMessage));
}

/** `?latitud=` as text, checked by the decimal rule, then a number in −90…90. */
export const latitudeQuerySchema = coordinateText(-90, 90, MESSAGES.latitudeRange);
/** `?longitud=` as text, checked by the decimal rule, then a number in −180…180. */
export const longitudeQuerySchema = coordinateText(-180, 180, MESSAGES.longitudeRange);
