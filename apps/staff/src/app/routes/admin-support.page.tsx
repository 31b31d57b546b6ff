/** /admin/soporte: (issue 19) to be built by its feature folder. */
export function AdminSupportPage() {
  return (
    <section className="page-section" aria-labelledby="admin-support-title">
      <h1 id="admin-support-title" className="staff-title">
        Soporte
      </h1>
    </section>
  );
}
