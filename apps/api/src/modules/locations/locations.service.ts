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

/**
 * The shopper's country. Only Uruguay is an allowed country (spec §9), so every shopper gets UY until a
 * geolocation adapter and more countries exist.
 */
export function detectCountry(): { country_code: string } {
  return { country_code: DEFAULT_COUNTRY_CODE };
}
