import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import { users } from '../../db/schema/accounts.ts';
import { stores } from '../../db/schema/catalog.ts';
import { storeInvitations, storeMembers } from '../../db/schema/staff.ts';

export interface MemberRow {
  userId: number;
  firstName: string;
  lastName: string;
  email: string;
  role: string;
}

export async function listMembers(db: DatabaseOrTransaction, storeId: number): Promise<MemberRow[]> {
  return db
    .select({
      userId: storeMembers.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: storeMembers.role,
    })
    .from(storeMembers)
    .innerJoin(users, eq(users.id, storeMembers.userId))
    .where(eq(storeMembers.storeId, storeId))
    .orderBy(asc(storeMembers.createdAt), asc(storeMembers.userId));
}

/**
 * The store's members, their rows locked until the transaction ends: two owners removing each other at the
 * same moment run one after the other, so the last-owner rule cannot be raced past.
 */
export async function lockMembers(
  tx: DatabaseOrTransaction,
  storeId: number,
): Promise<Array<{ userId: number; role: string }>> {
  return tx
    .select({ userId: storeMembers.userId, role: storeMembers.role })
    .from(storeMembers)
    .where(eq(storeMembers.storeId, storeId))
    .orderBy(asc(storeMembers.userId))
    .for('update');
}

export async function deleteMember(
  tx: DatabaseOrTransaction,
  storeId: number,
  userId: number,
): Promise<void> {
  await tx
    .delete(storeMembers)
    .where(and(eq(storeMembers.storeId, storeId), eq(storeMembers.userId, userId)));
}

/** Adds the member; one already there keeps the higher of the two roles (an owner is never made staff). */
export async function upsertMember(
  tx: DatabaseOrTransaction,
  values: { storeId: number; userId: number; role: string },
): Promise<void> {
  await tx
    .insert(storeMembers)
    .values(values)
    .onConflictDoUpdate({
      target: [storeMembers.storeId, storeMembers.userId],
      set: {
        role: sql`case when ${storeMembers.role} = 'owner' or excluded.role = 'owner' then 'owner' else 'staff' end`,
      },
    });
}

export async function listPendingInvitations(db: DatabaseOrTransaction, storeId: number, now: Date) {
  return db
    .select({
      id: storeInvitations.id,
      email: storeInvitations.email,
      role: storeInvitations.role,
      expiresAt: storeInvitations.expiresAt,
    })
    .from(storeInvitations)
    .where(
      and(
        eq(storeInvitations.storeId, storeId),
        isNull(storeInvitations.acceptedAt),
        gt(storeInvitations.expiresAt, now),
      ),
    )
    .orderBy(asc(storeInvitations.createdAt), asc(storeInvitations.id));
}

/** Drops the store's unaccepted invitations to this inbox: a new one replaces them (one live link each). */
export async function deletePendingInvitationsTo(
  tx: DatabaseOrTransaction,
  storeId: number,
  canonicalEmail: string,
): Promise<void> {
  await tx
    .delete(storeInvitations)
    .where(
      and(
        eq(storeInvitations.storeId, storeId),
        eq(storeInvitations.canonicalEmail, canonicalEmail),
        isNull(storeInvitations.acceptedAt),
      ),
    );
}

export async function insertInvitation(
  tx: DatabaseOrTransaction,
  values: {
    storeId: number;
    email: string;
    canonicalEmail: string;
    role: string;
    tokenHash: string;
    invitedBy: number;
    expiresAt: Date;
  },
): Promise<number> {
  const [row] = await tx.insert(storeInvitations).values(values).returning({ id: storeInvitations.id });
  if (!row) throw new Error('invitation not stored');
  return row.id;
}

/** Deletes a pending invitation of the store; false when there is none by that id. */
export async function deletePendingInvitation(
  tx: DatabaseOrTransaction,
  storeId: number,
  invitationId: number,
): Promise<{ email: string } | null> {
  const [row] = await tx
    .delete(storeInvitations)
    .where(
      and(
        eq(storeInvitations.storeId, storeId),
        eq(storeInvitations.id, invitationId),
        isNull(storeInvitations.acceptedAt),
      ),
    )
    .returning({ email: storeInvitations.email });
  return row ?? null;
}

export async function findInvitationByTokenHash(db: DatabaseOrTransaction, tokenHash: string) {
  const [row] = await db
    .select({
      id: storeInvitations.id,
      storeId: storeInvitations.storeId,
      storeName: stores.name,
      email: storeInvitations.email,
      canonicalEmail: storeInvitations.canonicalEmail,
      role: storeInvitations.role,
      expiresAt: storeInvitations.expiresAt,
      acceptedAt: storeInvitations.acceptedAt,
    })
    .from(storeInvitations)
    .innerJoin(stores, eq(stores.id, storeInvitations.storeId))
    .where(eq(storeInvitations.tokenHash, tokenHash));
  return row ?? null;
}

/** Marks it accepted if nobody did first (compare-and-set); false when the link was already used. */
export async function markInvitationAccepted(
  tx: DatabaseOrTransaction,
  invitationId: number,
  userId: number,
): Promise<boolean> {
  const rows = await tx
    .update(storeInvitations)
    .set({ acceptedAt: sql`now()`, acceptedBy: userId })
    .where(and(eq(storeInvitations.id, invitationId), isNull(storeInvitations.acceptedAt)))
    .returning({ id: storeInvitations.id });
  return rows.length > 0;
}

export async function findUserContact(db: Database, userId: number) {
  const [row] = await db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

export async function findStoreName(db: DatabaseOrTransaction, storeId: number): Promise<string | null> {
  const [row] = await db.select({ name: stores.name }).from(stores).where(eq(stores.id, storeId));
  return row?.name ?? null;
}

/** Adds the member with exactly this role, or changes their role (an operator's grant, issue 19). */
export async function setMemberRole(
  tx: DatabaseOrTransaction,
  values: { storeId: number; userId: number; role: 'owner' | 'staff' },
): Promise<void> {
  await tx
    .insert(storeMembers)
    .values(values)
    .onConflictDoUpdate({ target: [storeMembers.storeId, storeMembers.userId], set: { role: values.role } });
}

/** Whether the account exists (an operator grants memberships by id from the person's page). */
export async function userExists(db: DatabaseOrTransaction, userId: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return row !== undefined;
}

/** Removes the membership (the user:role command's `--remove`); false when there was none. */
export async function deleteMemberIfPresent(
  db: DatabaseOrTransaction,
  storeId: number,
  userId: number,
): Promise<boolean> {
  const rows = await db
    .delete(storeMembers)
    .where(and(eq(storeMembers.storeId, storeId), eq(storeMembers.userId, userId)))
    .returning({ userId: storeMembers.userId });
  return rows.length > 0;
}
