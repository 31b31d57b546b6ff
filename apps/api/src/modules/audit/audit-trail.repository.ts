import { and, desc, eq, gte, like, lt, type SQL } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/database.ts';
import { users } from '../../db/schema/accounts.ts';
import { stores } from '../../db/schema/catalog.ts';
import { auditEvents, userRoles } from '../../db/schema/staff.ts';
import { exactInstant, type KeysetPosition, olderThan } from '../../keyset-cursor.ts';

export interface AuditFilter {
  actorUserId?: number;
  /** Lowercased e-mail of the actor. */
  actorEmail?: string;
  actionPrefix?: string;
  subject?: string;
  storeId?: number;
  from?: Date;
  /** Exclusive. */
  to?: Date;
  after: KeysetPosition | null;
  limit: number;
}

export interface AuditEventRow {
  id: number;
  at: Date;
  cursorAt: string;
  actorRole: string;
  action: string;
  subject: string;
  detail: Record<string, unknown>;
  actor: { id: number; firstName: string; lastName: string; email: string } | null;
  operatorGroup: string | null;
  store: { id: number; name: string } | null;
}

/** `like` treats % and _ as wildcards: a prefix typed by an operator means those characters literally. */
function likePrefix(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The audit trail newest first (issue 19), one query: who (their name, e-mail and operator group today),
 * the store, the action and its detail. Filters use audit_events_actor_at_idx, audit_events_subject_idx and
 * audit_events_store_at_idx; the keyset is (at, id).
 */
export async function listAuditEvents(
  db: DatabaseOrTransaction,
  filter: AuditFilter,
): Promise<AuditEventRow[]> {
  const conditions: SQL[] = [];
  if (filter.actorUserId !== undefined) conditions.push(eq(auditEvents.actorUserId, filter.actorUserId));
  if (filter.actorEmail !== undefined) conditions.push(eq(users.email, filter.actorEmail));
  if (filter.actionPrefix) conditions.push(like(auditEvents.action, likePrefix(filter.actionPrefix)));
  if (filter.subject) conditions.push(eq(auditEvents.subject, filter.subject));
  if (filter.storeId !== undefined) conditions.push(eq(auditEvents.storeId, filter.storeId));
  if (filter.from) conditions.push(gte(auditEvents.at, filter.from));
  if (filter.to) conditions.push(lt(auditEvents.at, filter.to));
  if (filter.after) conditions.push(olderThan(auditEvents.at, auditEvents.id, filter.after));
  return db
    .select({
      id: auditEvents.id,
      at: auditEvents.at,
      cursorAt: exactInstant(auditEvents.at),
      actorRole: auditEvents.actorRole,
      action: auditEvents.action,
      subject: auditEvents.subject,
      detail: auditEvents.detail,
      actor: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
      operatorGroup: userRoles.operatorGroup,
      store: { id: stores.id, name: stores.name },
    })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorUserId))
    .leftJoin(userRoles, and(eq(userRoles.userId, auditEvents.actorUserId), eq(userRoles.role, 'operator')))
    .leftJoin(stores, eq(stores.id, auditEvents.storeId))
    .where(and(...conditions))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(filter.limit);
}
