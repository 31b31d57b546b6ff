import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import { cities, departments } from '../../db/schema/catalog.ts';
import { cityRequests } from '../../db/schema/locations.ts';

export interface ServedCityRow {
  id: number;
  name: string;
  state: string;
  stateId: number;
}

const servedCityColumns = {
  id: cities.id,
  name: cities.name,
  state: departments.name,
  stateId: departments.id,
};

export async function listServedCities(db: Database): Promise<ServedCityRow[]> {
  return db
    .select(servedCityColumns)
    .from(cities)
    .innerJoin(departments, eq(departments.id, cities.departmentId))
    .where(eq(cities.served, true))
    .orderBy(asc(departments.name), asc(cities.name));
}

/** A served city named like `nameOrState` (its own name first, else its department's), accents and case aside. */
export async function findServedCity(db: Database, nameOrState: string): Promise<ServedCityRow | undefined> {
  const wanted = sql`search_normalize(${nameOrState})`;
  const [row] = await db
    .select(servedCityColumns)
    .from(cities)
    .innerJoin(departments, eq(departments.id, cities.departmentId))
    .where(
      and(
        eq(cities.served, true),
        sql`(search_normalize(${cities.name}) = ${wanted} or search_normalize(${departments.name}) = ${wanted})`,
      ),
    )
    .orderBy(sql`search_normalize(${cities.name}) = ${wanted} desc`, asc(cities.id))
    .limit(1);
  return row;
}

/** Every department with its cities' names, in one query. */
export async function listDepartmentsWithCities(
  db: Database,
): Promise<Array<{ id: number; name: string; cities: string[] }>> {
  return db
    .select({
      id: departments.id,
      name: departments.name,
      cities: sql<
        string[]
      >`coalesce(array_agg(${cities.name} order by ${cities.id}) filter (where ${cities.id} is not null), '{}')`,
    })
    .from(departments)
    .leftJoin(cities, eq(cities.departmentId, departments.id))
    .groupBy(departments.id, departments.name)
    .orderBy(asc(departments.id));
}

export async function insertCityRequest(
  db: Database,
  request: { city: string; email: string },
): Promise<{ id: number; city: string; email: string }> {
  const [row] = await db
    .insert(cityRequests)
    .values(request)
    .returning({ id: cityRequests.id, city: cityRequests.city, email: cityRequests.email });
  if (!row) throw new Error('city request was not stored');
  return row;
}

/** A city request's support state (assignee, handled): written here, its owner, for the support inbox. */
export async function updateCityRequestState(
  tx: DatabaseOrTransaction,
  id: number,
  change: { assignedTo?: number | null; handledAt?: Date | null; handledBy?: number | null },
): Promise<void> {
  await tx.update(cityRequests).set(change).where(eq(cityRequests.id, id));
}
