import { AdminCoupons } from '../../features/admin-coupons/admin-coupons.page.tsx';

/** /admin/cupones (issue 19): coupons, their terms and uses. */
export function AdminCouponsPage() {
  return <AdminCoupons />;
}
