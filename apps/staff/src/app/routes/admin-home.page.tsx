/** /admin: the back office's start (its tools come with the issues that need them). */
export function AdminHomePage() {
  return (
    <section className="page-section" aria-labelledby="admin-title">
      <h1 id="admin-title" className="staff-title">
        Administración
      </h1>
    </section>
  );
}
