import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import { users } from '../../db/schema/accounts.ts';
import { cities, stores } from '../../db/schema/catalog.ts';
import { storeApplications, userRoles } from '../../db/schema/staff.ts';

export interface ApplicationValues {
  storeName: string;
  kind: string;
  addressLine1: string;
  cityId: number;
  latitude: string;
  longitude: string;
  contactName: string;
  email: string;
  phoneE164: string;
  rut: string;
}

/** Stores the application; null when one with the same RUT is still pending (the partial unique index). */
export async function insertApplication(
  db: DatabaseOrTransaction,
  values: ApplicationValues,
): Promise<number | null> {
  const [row] = await db
    .insert(storeApplications)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: storeApplications.id });
  return row?.id ?? null;
}

export async function cityName(db: DatabaseOrTransaction, cityId: number): Promise<string | null> {
  const [row] = await db.select({ name: cities.name }).from(cities).where(eq(cities.id, cityId));
  return row?.name ?? null;
}

/** The operators' addresses, for the "new application" e-mail. */
export async function operatorEmails(db: DatabaseOrTransaction): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(eq(userRoles.role, 'operator'));
  return rows.map((row) => row.email);
}

const COLUMNS = {
  id: storeApplications.id,
  storeName: storeApplications.storeName,
  kind: storeApplications.kind,
  addressLine1: storeApplications.addressLine1,
  cityId: storeApplications.cityId,
  city: cities.name,
  latitude: storeApplications.latitude,
  longitude: storeApplications.longitude,
  contactName: storeApplications.contactName,
  email: storeApplications.email,
  phoneE164: storeApplications.phoneE164,
  rut: storeApplications.rut,
  status: storeApplications.status,
  createdAt: storeApplications.createdAt,
  storeId: storeApplications.storeId,
  rejectionReason: storeApplications.rejectionReason,
};

export type ApplicationRow = Awaited<ReturnType<typeof listApplications>>[number];

export async function listApplications(db: Database, status: string | null) {
  return db
    .select(COLUMNS)
    .from(storeApplications)
    .innerJoin(cities, eq(cities.id, storeApplications.cityId))
    .where(status ? eq(storeApplications.status, status) : sql`true`)
    .orderBy(desc(storeApplications.createdAt), desc(storeApplications.id))
    .limit(200);
}

/** The application, locked until the transaction ends, so two operators cannot approve it twice. */
export async function lockApplication(tx: DatabaseOrTransaction, id: number) {
  const [row] = await tx
    .select(COLUMNS)
    .from(storeApplications)
    .innerJoin(cities, eq(cities.id, storeApplications.cityId))
    .where(eq(storeApplications.id, id))
    .for('update', { of: storeApplications });
  return row ?? null;
}

export async function storeNameExists(db: DatabaseOrTransaction, name: string): Promise<boolean> {
  const [row] = await db.select({ id: stores.id }).from(stores).where(eq(stores.name, name)).limit(1);
  return row !== undefined;
}

export async function markApplicationDecided(
  tx: DatabaseOrTransaction,
  id: number,
  values: { status: 'approved' | 'rejected'; decidedBy: number; storeId: number | null },
): Promise<void> {
  await tx
    .update(storeApplications)
    .set({ ...values, decidedAt: sql`now()` })
    .where(and(eq(storeApplications.id, id), eq(storeApplications.status, 'pending')));
}

/** Rejects a pending application with the reason e-mailed to the applicant (issue 19). */
export async function markApplicationRejected(
  tx: DatabaseOrTransaction,
  id: number,
  values: { decidedBy: number; reason: string },
): Promise<void> {
  await tx
    .update(storeApplications)
    .set({
      status: 'rejected',
      decidedBy: values.decidedBy,
      rejectionReason: values.reason,
      decidedAt: sql`now()`,
    })
    .where(and(eq(storeApplications.id, id), eq(storeApplications.status, 'pending')));
}
