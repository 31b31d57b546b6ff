/** /admin/liquidaciones: (issue 19) to be built by its feature folder. */
export function AdminStatementsPage() {
  return (
    <section className="page-section" aria-labelledby="admin-statements-title">
      <h1 id="admin-statements-title" className="staff-title">
        Liquidaciones
      </h1>
    </section>
  );
}
