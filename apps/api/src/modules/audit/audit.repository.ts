import type { DatabaseOrTransaction } from '../../db/database.ts';
import { auditEvents } from '../../db/schema/staff.ts';

export interface AuditEventValues {
  actorUserId: number;
  actorRole: 'owner' | 'staff' | 'operator';
  storeId: number | null;
  action: string;
  subject: string;
  detail: Record<string, unknown>;
}

export async function insertAuditEvent(db: DatabaseOrTransaction, values: AuditEventValues): Promise<void> {
  await db.insert(auditEvents).values(values);
}
