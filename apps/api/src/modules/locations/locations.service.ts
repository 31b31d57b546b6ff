import type { City } from '@mandado/shared/catalog.schemas';
import { DEFAULT_COUNTRY_CODE } from '@mandado/shared/country-currency';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import { notFound } from '../../http-errors.ts';
import {
  findServedCity,
  insertCityRequest,
  listDepartmentsWithCities,
  listServedCities,
  type ServedCityRow,
  updateCityRequestState,
} from './locations.repository.ts';

function presentCity(row: ServedCityRow): City {
  return { id: row.id, name: row.name, state: row.state, state_id: row.stateId };
}

export async function getServedCities(db: Database): Promise<City[]> {
  return (await listServedCities(db)).map(presentCity);
}

/** The served city a path segment names, or a 404 the caller can show. */
export async function requireServedCity(db: Database, nameOrState: string): Promise<City> {
  const row = await findServedCity(db, nameOrState);
  if (!row) throw notFound(SERVER_MESSAGES.unknownCity);
  return presentCity(row);
}

export async function getDepartments(db: Database) {
  const rows = await listDepartmentsWithCities(db);
  return rows.map((row) => ({ id_estado: row.id, estado: row.name, ciudades: row.cities }));
}

export async function requestCity(db: Database, request: { city: string; email: string }) {
  return insertCityRequest(db, request);
}

/** Assigns or marks handled a city request, in the support inbox's transaction (`tx`, row already locked). */
export async function changeCityRequestState(
  tx: DatabaseOrTransaction,
  id: number,
  change: { assignedTo?: number | null; handledAt?: Date | null; handledBy?: number | null },
): Promise<void> {
  await updateCityRequestState(tx, id, change);
}

/** Two capital letters; the CDNs' 'XX' (unknown) and 'T1' (Tor) say nothing about where the visitor is. */
function countryCodeOf(value: string | undefined): string | null {
  const code = value?.trim().toUpperCase();
  return code && /^[A-Z]{2}$/.test(code) && code !== 'XX' ? code : null;
}

/** The first language tag of Accept-Language that names a region ('es-ES', 'en-us'), by the browser's order. */
function regionOfAcceptLanguage(header: string | undefined): string | null {
  for (const part of (header ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim() ?? '';
    const region = /^[a-z]{2,3}(?:-[a-z]{4})?-([a-z]{2})(?:-|$)/i.exec(tag)?.[1];
    if (region) return region.toUpperCase();
  }
  return null;
}

/**
 * The shopper's country (spec §4 step 5), the one source of the display currency, the registration phone's
 * country and whether 'Mi ubicación actual' is offered (issue 30 item 6): the country the proxy in front
 * names (COUNTRY_HEADER, such as Cloudflare's cf-ipcountry) when one is configured, else the region of the
 * browser's preferred language, else Uruguay, the spec's default.
 */
export function detectCountry(signals: { proxyCountry?: string; acceptLanguage?: string } = {}): {
  country_code: string;
} {
  return {
    country_code:
      countryCodeOf(signals.proxyCountry) ??
      regionOfAcceptLanguage(signals.acceptLanguage) ??
      DEFAULT_COUNTRY_CODE,
  };
}
