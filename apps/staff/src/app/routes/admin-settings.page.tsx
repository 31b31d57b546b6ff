/** /admin/ajustes: (issue 19) to be built by its feature folder. */
export function AdminSettingsPage() {
  return (
    <section className="page-section" aria-labelledby="admin-settings-title">
      <h1 id="admin-settings-title" className="staff-title">
        Ajustes
      </h1>
    </section>
  );
}
