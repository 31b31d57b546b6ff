/** /admin/cupones: (issue 19) to be built by its feature folder. */
export function AdminCouponsPage() {
  return (
    <section className="page-section" aria-labelledby="admin-coupons-title">
      <h1 id="admin-coupons-title" className="staff-title">
        Cupones
      </h1>
    </section>
  );
}
