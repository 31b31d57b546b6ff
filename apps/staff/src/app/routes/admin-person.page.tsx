/** /admin/personas/:userId: (issue 19) to be built by its feature folder. */
export function AdminPersonPage() {
  return (
    <section className="page-section" aria-labelledby="admin-person-title">
      <h1 id="admin-person-title" className="staff-title">
        Persona
      </h1>
    </section>
  );
}
