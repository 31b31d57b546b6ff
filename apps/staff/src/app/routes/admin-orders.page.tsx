/** /admin/pedidos: (issue 19) to be built by its feature folder. */
export function AdminOrdersPage() {
  return (
    <section className="page-section" aria-labelledby="admin-orders-title">
      <h1 id="admin-orders-title" className="staff-title">
        Pedidos
      </h1>
    </section>
  );
}
