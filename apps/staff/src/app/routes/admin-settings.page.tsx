import { AdminSettings } from '../../features/admin-settings/admin-settings.page.tsx';

/** /admin/ajustes (issue 19): settings, currency rates and delivery zones. */
export function AdminSettingsPage() {
  return <AdminSettings />;
}
