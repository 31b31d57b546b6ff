/** /admin/tiendas/:storeId: (issue 19) to be built by its feature folder. */
export function AdminStorePage() {
  return (
    <section className="page-section" aria-labelledby="admin-store-title">
      <h1 id="admin-store-title" className="staff-title">
        Tienda
      </h1>
    </section>
  );
}
