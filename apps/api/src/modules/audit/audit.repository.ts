import { desc, eq } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/database.ts';
import { users } from '../../db/schema/accounts.ts';
import { auditEvents } from '../../db/schema/staff.ts';

export interface AuditEventValues {
  actorUserId: number | null;
  actorRole: 'owner' | 'staff' | 'operator' | 'courier_link';
  storeId: number | null;
  action: string;
  subject: string;
  detail: Record<string, unknown>;
}

export async function insertAuditEvent(db: DatabaseOrTransaction, values: AuditEventValues): Promise<void> {
  await db.insert(auditEvents).values(values);
}

/**
 * The newest audit rows about one subject ('setting:free_shipping_threshold'), with who acted: a setting's
 * history is its audit rows (issue 19). One query (the subject index), capped at `limit`.
 */
export async function listAuditEventsForSubject(
  db: DatabaseOrTransaction,
  subject: string,
  limit: number,
): Promise<
  { id: number; at: Date; action: string; detail: Record<string, unknown>; actorEmail: string | null }[]
> {
  return db
    .select({
      id: auditEvents.id,
      at: auditEvents.at,
      action: auditEvents.action,
      detail: auditEvents.detail,
      actorEmail: users.email,
    })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorUserId))
    .where(eq(auditEvents.subject, subject))
    .orderBy(desc(auditEvents.id))
    .limit(limit);
}
