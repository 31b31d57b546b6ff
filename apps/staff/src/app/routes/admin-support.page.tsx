import { SupportInbox } from '../../features/admin-support/support.page.tsx';

/** /admin/soporte (issue 19): the support inbox. */
export function AdminSupportPage() {
  return <SupportInbox />;
}
