/** /admin/pedidos/:number: (issue 19) to be built by its feature folder. */
export function AdminOrderPage() {
  return (
    <section className="page-section" aria-labelledby="admin-order-title">
      <h1 id="admin-order-title" className="staff-title">
        Pedido
      </h1>
    </section>
  );
}
