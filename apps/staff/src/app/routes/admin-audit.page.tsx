import { AuditTrail } from '../../features/admin-audit/audit.page.tsx';

/** /admin/auditoria (issue 19): the audit trail. */
export function AdminAuditPage() {
  return <AuditTrail />;
}
