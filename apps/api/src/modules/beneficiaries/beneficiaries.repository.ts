import { and, count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { beneficiaries } from '../../db/schema/beneficiaries.ts';
import { cities, departments } from '../../db/schema/catalog.ts';

/** A beneficiary with its city in the shared City shape's columns. */
export interface BeneficiaryRow {
  beneficiaryId: string;
  firstName: string;
  lastName: string;
  addressLine1: string;
  mobile: string;
  landline: string;
  residency: string;
  /** numeric(9,6) as the driver gives it: a decimal string. */
  latitude: string;
  longitude: string;
  email: string;
  deliveryNotes: string;
  city: CityRow;
}

export interface CityRow {
  id: number;
  name: string;
  state: string;
  stateId: number;
}

/** The columns a write stores; the remitter comes from the actor, never from the input. */
export type BeneficiaryWrite = Omit<BeneficiaryRow, 'beneficiaryId' | 'city'> & { cityId: number };

const ownColumns = {
  beneficiaryId: beneficiaries.beneficiaryId,
  firstName: beneficiaries.firstName,
  lastName: beneficiaries.lastName,
  addressLine1: beneficiaries.addressLine1,
  mobile: beneficiaries.mobile,
  landline: beneficiaries.landline,
  residency: beneficiaries.residency,
  latitude: beneficiaries.latitude,
  longitude: beneficiaries.longitude,
  email: beneficiaries.email,
  deliveryNotes: beneficiaries.deliveryNotes,
};

/**
 * One remitter's beneficiaries, newest first (the id breaks ties within one timestamp), each with its city:
 * one query whatever their number. With `cityId`, only that city's.
 */
export async function listBeneficiaries(
  db: Database,
  remitterId: number,
  cityId: number | undefined,
): Promise<BeneficiaryRow[]> {
  return db
    .select({
      ...ownColumns,
      city: { id: cities.id, name: cities.name, state: departments.name, stateId: departments.id },
    })
    .from(beneficiaries)
    .innerJoin(cities, eq(cities.id, beneficiaries.cityId))
    .innerJoin(departments, eq(departments.id, cities.departmentId))
    .where(
      and(
        eq(beneficiaries.remitterId, remitterId),
        cityId === undefined ? undefined : eq(beneficiaries.cityId, cityId),
      ),
    )
    .orderBy(desc(beneficiaries.createdAt), desc(beneficiaries.id));
}

export async function countBeneficiaries(db: Database, remitterId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(beneficiaries)
    .where(eq(beneficiaries.remitterId, remitterId));
  return row?.total ?? 0;
}

/** A served city by id, in the shared City shape's columns. */
export async function findServedCityById(db: Database, cityId: number): Promise<CityRow | undefined> {
  const [row] = await db
    .select({ id: cities.id, name: cities.name, state: departments.name, stateId: departments.id })
    .from(cities)
    .innerJoin(departments, eq(departments.id, cities.departmentId))
    .where(and(eq(cities.id, cityId), eq(cities.served, true)));
  return row;
}

export async function insertBeneficiary(
  db: Database,
  remitterId: number,
  beneficiaryId: string,
  values: BeneficiaryWrite,
): Promise<Omit<BeneficiaryRow, 'city'>> {
  const [row] = await db
    .insert(beneficiaries)
    .values({ ...values, beneficiaryId, remitterId })
    .returning(ownColumns);
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Rewrites a beneficiary of this remitter; undefined when it has none with that id (another's included). */
export async function updateBeneficiary(
  db: Database,
  remitterId: number,
  beneficiaryId: string,
  values: BeneficiaryWrite,
): Promise<Omit<BeneficiaryRow, 'city'> | undefined> {
  const [row] = await db
    .update(beneficiaries)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(beneficiaries.beneficiaryId, beneficiaryId), eq(beneficiaries.remitterId, remitterId)))
    .returning(ownColumns);
  return row;
}

/** Deletes a beneficiary of this remitter; false when it has none with that id (another's included). */
export async function deleteBeneficiary(
  db: Database,
  remitterId: number,
  beneficiaryId: string,
): Promise<boolean> {
  const rows = await db
    .delete(beneficiaries)
    .where(and(eq(beneficiaries.beneficiaryId, beneficiaryId), eq(beneficiaries.remitterId, remitterId)))
    .returning({ id: beneficiaries.id });
  return rows.length > 0;
}
