import { AdminWebhooks } from '../../features/admin-webhooks/admin-webhooks.page.tsx';

/** /admin/webhooks (issue 19): partners' endpoints for signed webhooks, their deliveries and replays. */
export function AdminWebhooksPage() {
  return <AdminWebhooks />;
}
