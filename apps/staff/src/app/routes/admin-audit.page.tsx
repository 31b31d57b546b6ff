/** /admin/auditoria: (issue 19) to be built by its feature folder. */
export function AdminAuditPage() {
  return (
    <section className="page-section" aria-labelledby="admin-audit-title">
      <h1 id="admin-audit-title" className="staff-title">
        Auditoría
      </h1>
    </section>
  );
}
