import {
  ADMIN_AUDIT_MESSAGES,
  AUDIT_PAGE_SIZE,
  type AuditPage,
  type AuditQuery,
} from '@mandado/shared/admin-audit.schemas';
import { MONTEVIDEO_OFFSET_MS } from '@mandado/shared/montevideo-time';
import { normalizeEmail } from '@mandado/shared/validation-rules';
import { type Actor, requirePermission } from '../../authorization.ts';
import type { Database } from '../../db/database.ts';
import { decodeKeyset, encodeKeyset } from '../../keyset-cursor.ts';
import { presentAuditEvent } from './audit.presenter.ts';
import { type AuditFilter, listAuditEvents } from './audit-trail.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The instant a Montevideo day (YYYY-MM-DD) starts. */
function montevideoDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) - MONTEVIDEO_OFFSET_MS);
}

/** `GET /v1/admin/audit/` (issue 19): a page of the trail, newest first, with the filters asked for. */
export async function listAuditTrail(
  db: Database,
  actor: Actor | null,
  query: AuditQuery,
): Promise<AuditPage> {
  requirePermission(actor, 'admin:read');
  const who = query.actor;
  const filter: AuditFilter = {
    ...(who && /^\d+$/.test(who) ? { actorUserId: Number(who) } : {}),
    ...(who?.includes('@') ? { actorEmail: normalizeEmail(who) } : {}),
    ...(query.action ? { actionPrefix: query.action } : {}),
    ...(query.subject ? { subject: query.subject } : {}),
    ...(query.store_id !== undefined ? { storeId: query.store_id } : {}),
    ...(query.from ? { from: montevideoDayStart(query.from) } : {}),
    ...(query.to ? { to: new Date(montevideoDayStart(query.to).getTime() + DAY_MS) } : {}),
    after: query.cursor ? decodeKeyset(query.cursor, ADMIN_AUDIT_MESSAGES.badCursor) : null,
    limit: AUDIT_PAGE_SIZE + 1,
  };
  const rows = await listAuditEvents(db, filter);
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  const last = page.at(-1);
  return {
    results: page.map(presentAuditEvent),
    next_cursor:
      rows.length > AUDIT_PAGE_SIZE && last ? encodeKeyset({ at: last.cursorAt, id: last.id }) : null,
  };
}
