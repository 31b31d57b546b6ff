/** /admin/tiendas: (issue 19) to be built by its feature folder. */
export function AdminStoresPage() {
  return (
    <section className="page-section" aria-labelledby="admin-stores-title">
      <h1 id="admin-stores-title" className="staff-title">
        Tiendas
      </h1>
    </section>
  );
}
