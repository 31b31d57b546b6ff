import type { AuditEvent } from '@mandado/shared/admin-audit.schemas';
import type { AuditEventRow } from './audit-trail.repository.ts';

const ROLES = ['owner', 'staff', 'operator', 'courier_link'] as const;

function role(value: string): AuditEvent['actor_role'] {
  // The table's check allows these four only.
  return ROLES.find((known) => known === value) ?? 'operator';
}

export function presentAuditEvent(row: AuditEventRow): AuditEvent {
  return {
    id: row.id,
    at: new Date(row.at).toISOString(),
    actor: row.actor
      ? {
          user_id: row.actor.id,
          name: `${row.actor.firstName} ${row.actor.lastName}`.trim(),
          email: row.actor.email,
        }
      : null,
    actor_role: role(row.actorRole),
    operator_group: row.operatorGroup,
    store: row.store,
    action: row.action,
    subject: row.subject,
    detail: row.detail,
  };
}
