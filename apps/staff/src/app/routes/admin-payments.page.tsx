/** /admin/pagos: (issue 19) to be built by its feature folder. */
export function AdminPaymentsPage() {
  return (
    <section className="page-section" aria-labelledby="admin-payments-title">
      <h1 id="admin-payments-title" className="staff-title">
        Pagos
      </h1>
    </section>
  );
}
