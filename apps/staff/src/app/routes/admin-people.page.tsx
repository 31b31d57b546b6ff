/** /admin/personas: (issue 19) to be built by its feature folder. */
export function AdminPeoplePage() {
  return (
    <section className="page-section" aria-labelledby="admin-people-title">
      <h1 id="admin-people-title" className="staff-title">
        Personas
      </h1>
    </section>
  );
}
