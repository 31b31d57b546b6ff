/** /admin/webhooks: (issue 19) to be built by its feature folder. */
export function AdminWebhooksPage() {
  return (
    <section className="page-section" aria-labelledby="admin-webhooks-title">
      <h1 id="admin-webhooks-title" className="staff-title">
        Webhooks
      </h1>
    </section>
  );
}
