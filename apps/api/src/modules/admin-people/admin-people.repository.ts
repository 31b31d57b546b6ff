import type { OperatorGroup } from '@mandado/shared/permissions';
import { and, asc, desc, eq, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import { users } from '../../db/schema/accounts.ts';
import { orderGroups } from '../../db/schema/orders.ts';
import { operatorGrantRequests, userRoles } from '../../db/schema/staff.ts';

/**
 * The back office's people (issue 19). Accounts are read here with their roles in one query per page (the
 * operator group and the store count are subqueries on indexed keys); the writes are the operator's: the
 * operator role and its group, and the lock.
 */

const OPERATOR_GROUP = sql<OperatorGroup | null>`(
  select ur.operator_group from user_roles ur where ur.user_id = "users"."id" and ur.role = 'operator'
)`;
const STORE_COUNT = sql<number>`(select count(*) from store_members sm where sm.user_id = "users"."id")::int`;

export interface PersonRow {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  lockedAt: Date | null;
  createdAt: Date;
  operatorGroup: OperatorGroup | null;
  storeCount: number;
}

const PERSON_COLUMNS = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  lockedAt: users.lockedAt,
  createdAt: users.createdAt,
  operatorGroup: OPERATOR_GROUP,
  storeCount: STORE_COUNT,
};

function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * Newest accounts first, `limit` of them below the cursor (an id), matching `q` in the e-mail or the full
 * name. One query.
 */
export async function listPeople(
  db: Database,
  filter: { q: string | null; cursor: number | null; limit: number },
): Promise<PersonRow[]> {
  const conditions: SQL[] = [];
  if (filter.cursor !== null) conditions.push(lt(users.id, filter.cursor));
  if (filter.q) {
    const pattern = likePattern(filter.q);
    const match = or(
      ilike(users.email, pattern),
      ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
    );
    if (match) conditions.push(match);
  }
  return db
    .select(PERSON_COLUMNS)
    .from(users)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(users.id))
    .limit(filter.limit);
}

export interface PersonDetailRow extends PersonRow {
  phoneFormatted: string;
  lockedReason: string;
  credit: string;
  memberships: Array<{ store_id: number; store_name: string; role: string }>;
  ordersTotal: number;
  ordersLast30Days: number;
  pendingOperatorGroup: OperatorGroup | null;
  secondFactor: boolean;
}

/** One account with its memberships (json, with the store names) and order counts: one query. */
export async function findPerson(db: DatabaseOrTransaction, userId: number): Promise<PersonDetailRow | null> {
  const [row] = await db
    .select({
      ...PERSON_COLUMNS,
      phoneFormatted: users.phoneFormatted,
      lockedReason: users.lockedReason,
      credit: users.credit,
      memberships: sql<PersonDetailRow['memberships']>`(
        select coalesce(json_agg(json_build_object('store_id', s.id, 'store_name', s.name, 'role', sm.role)
          order by s.name), '[]'::json)
        from store_members sm join stores s on s.id = sm.store_id where sm.user_id = "users"."id"
      )`,
      ordersTotal: sql<number>`(select count(*) from ${orderGroups} g where g.remitter_id = "users"."id")::int`,
      secondFactor: sql<boolean>`exists (
        select 1 from second_factors sf where sf.user_id = "users"."id" and sf.enabled_at is not null
      )`,
      pendingOperatorGroup: sql<OperatorGroup | null>`(
        select gr.operator_group from operator_grant_requests gr
        where gr.user_id = "users"."id" and gr.status = 'pending'
      )`,
      ordersLast30Days: sql<number>`(
        select count(*) from ${orderGroups} g
        where g.remitter_id = "users"."id" and g.created_at > now() - interval '30 days'
      )::int`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/** The account's operator group (null: no operator), its row locked until the transaction ends. */
/**
 * Locks the account whose role changes and the operator changing it, in id order (two operators changing
 * each other at once queue instead of deadlocking), and reads both groups as they are now: the one asking may
 * have lost administración a moment ago.
 */
export async function lockOperatorRole(
  tx: DatabaseOrTransaction,
  userId: number,
  actorUserId: number,
): Promise<{ exists: boolean; group: OperatorGroup | null; actorGroup: OperatorGroup | null }> {
  const locked = await tx
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.id, [userId, actorUserId]))
    .orderBy(asc(users.id))
    .for('update');
  if (!locked.some((row) => row.id === userId)) return { exists: false, group: null, actorGroup: null };
  const roles = await tx
    .select({ userId: userRoles.userId, group: userRoles.operatorGroup })
    .from(userRoles)
    .where(and(inArray(userRoles.userId, [userId, actorUserId]), eq(userRoles.role, 'operator')));
  const groupOf = (id: number) =>
    (roles.find((role) => role.userId === id)?.group as OperatorGroup | undefined) ?? null;
  return { exists: true, group: groupOf(userId), actorGroup: groupOf(actorUserId) };
}

export async function userExists(db: DatabaseOrTransaction, userId: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return row !== undefined;
}

/** The balance, locked until the transaction ends, so the audit row's before and after are exact. */
export async function lockCredit(tx: DatabaseOrTransaction, userId: number): Promise<string | null> {
  const [row] = await tx
    .select({ credit: users.credit })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row?.credit ?? null;
}

/** A pending grant for the account; null when one is already pending (the partial unique index decides). */
export async function insertGrantRequest(
  tx: DatabaseOrTransaction,
  values: { userId: number; operatorGroup: OperatorGroup; requestedBy: number },
): Promise<number | null> {
  const [row] = await tx
    .insert(operatorGrantRequests)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: operatorGrantRequests.id });
  return row?.id ?? null;
}

export interface GrantRequestRow {
  id: number;
  userId: number;
  operatorGroup: OperatorGroup;
  requestedBy: number | null;
  status: string;
}

/** One request, its row locked until the transaction ends (two approvals at once: one decides). */
export async function lockGrantRequest(
  tx: DatabaseOrTransaction,
  id: number,
): Promise<GrantRequestRow | null> {
  const [row] = await tx
    .select({
      id: operatorGrantRequests.id,
      userId: operatorGrantRequests.userId,
      operatorGroup: sql<OperatorGroup>`${operatorGrantRequests.operatorGroup}`,
      requestedBy: operatorGrantRequests.requestedBy,
      status: operatorGrantRequests.status,
    })
    .from(operatorGrantRequests)
    .where(eq(operatorGrantRequests.id, id))
    .for('update');
  return row ?? null;
}

export async function decideGrantRequest(
  tx: DatabaseOrTransaction,
  id: number,
  status: 'approved' | 'rejected',
  decidedBy: number,
): Promise<void> {
  await tx
    .update(operatorGrantRequests)
    .set({ status, decidedBy, decidedAt: sql`now()` })
    .where(eq(operatorGrantRequests.id, id));
}

export interface PendingGrantRow {
  id: number;
  userId: number;
  firstName: string;
  lastName: string;
  email: string;
  currentGroup: OperatorGroup | null;
  operatorGroup: OperatorGroup;
  requestedBy: number | null;
  requesterName: string | null;
  createdAt: Date;
}

/** Every pending request with the account's names and the requester's, oldest first: one query. */
export async function listPendingGrants(db: Database): Promise<PendingGrantRow[]> {
  return db
    .select({
      id: operatorGrantRequests.id,
      userId: operatorGrantRequests.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      currentGroup: OPERATOR_GROUP,
      operatorGroup: sql<OperatorGroup>`${operatorGrantRequests.operatorGroup}`,
      requestedBy: operatorGrantRequests.requestedBy,
      requesterName: sql<string | null>`(
        select r.first_name || ' ' || r.last_name from users r where r.id = ${operatorGrantRequests.requestedBy}
      )`,
      createdAt: operatorGrantRequests.createdAt,
    })
    .from(operatorGrantRequests)
    .innerJoin(users, eq(users.id, operatorGrantRequests.userId))
    .where(eq(operatorGrantRequests.status, 'pending'))
    .orderBy(asc(operatorGrantRequests.id));
}
