/**
 * A link that opens the pin in the phone's maps app (Google Maps' public `?q=lat,lng` form, which Apple and
 * Android devices also hand to their own app). The store, the staff app and the courier page use this one
 * helper, so every screen points at the same place. Null when there is no pin (a pick-up order).
 */
export function mapsLink(latitude: number | string | null, longitude: number | string | null): string | null {
  if (latitude === null || longitude === null || latitude === '' || longitude === '') return null;
  const lat = Number(latitude);
  const lng = Number(longitude);
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || (lat === 0 && lng === 0)) return null;
  return `https://www.google.com/maps?q=${lat},${lng}`;
}
