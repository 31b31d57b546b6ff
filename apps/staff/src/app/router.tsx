import { STAFF_PATHS } from '@mandado/shared/staff-routes';
import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { lazyNamed } from '../lib/lazy-named.tsx';
import { AppRoot, PageLoading } from './app-root.tsx';
import { NotFoundPage } from './routes/not-found.page.tsx';

/**
 * Each area is its own chunk: a courier on a phone downloads the courier page only, never the inbox.
 * A new page: add its path to STAFF_PATHS (packages/shared/src/staff-routes.ts, so the server answers it
 * with 200), then a route here.
 */
const MerchantLayout = lazyNamed(() => import('./layouts/merchant.layout.tsx'), 'MerchantLayout');
const MerchantHomePage = lazyNamed(() => import('./routes/merchant-home.page.tsx'), 'MerchantHomePage');
// The list and the form are chunks of their own: the list (the one an owner opens most) never brings the
// form's zod and react-hook-form; both product pages share the form's chunk.
const MerchantCatalogPage = lazyNamed(
  () => import('./routes/merchant-catalog.page.tsx'),
  'MerchantCatalogPage',
);
const MerchantNewProductPage = lazyNamed(
  () => import('./routes/merchant-product.page.tsx'),
  'MerchantNewProductPage',
);
const MerchantEditProductPage = lazyNamed(
  () => import('./routes/merchant-product.page.tsx'),
  'MerchantEditProductPage',
);
const MerchantStorePage = lazyNamed(() => import('./routes/merchant-store.page.tsx'), 'MerchantStorePage');
const MerchantStatementsPage = lazyNamed(
  () => import('./routes/merchant-statements.page.tsx'),
  'MerchantStatementsPage',
);
const MerchantSalesPage = lazyNamed(() => import('./routes/merchant-sales.page.tsx'), 'MerchantSalesPage');
const MerchantCatalogImportPage = lazyNamed(
  () => import('./routes/merchant-catalog-import.page.tsx'),
  'MerchantCatalogImportPage',
);
// Issue 31: the picking ticket and its QR library load only when a ticket is opened.
const MerchantPickingTicketPage = lazyNamed(
  () => import('./routes/merchant-picking-ticket.page.tsx'),
  'MerchantPickingTicketPage',
);
// Issue 32: returns for the store, the back office and the courier's reverse pickup, each its own chunk.
const MerchantReturnsPage = lazyNamed(
  () => import('./routes/merchant-returns.page.tsx'),
  'MerchantReturnsPage',
);
const AdminReturnsPage = lazyNamed(() => import('./routes/admin-returns.page.tsx'), 'AdminReturnsPage');
const CourierReturnPage = lazyNamed(
  () => import('../features/returns/courier-return.page.tsx'),
  'CourierReturnPage',
);
const MerchantTeamPage = lazyNamed(() => import('./routes/merchant-team.page.tsx'), 'MerchantTeamPage');
// Outside MerchantLayout: the person opening an invitation's link is no member yet, and its guard admits
// members only.
const MerchantInvitationPage = lazyNamed(
  () => import('./routes/merchant-invitation.page.tsx'),
  'MerchantInvitationPage',
);
const AdminLayout = lazyNamed(() => import('./layouts/admin.layout.tsx'), 'AdminLayout');
const AdminHomePage = lazyNamed(() => import('./routes/admin-home.page.tsx'), 'AdminHomePage');
// Each back-office section is its own chunk (issue 19): the dashboard's charts load on the dashboard only.
const AdminOrdersPage = lazyNamed(() => import('./routes/admin-orders.page.tsx'), 'AdminOrdersPage');
const AdminOrderPage = lazyNamed(() => import('./routes/admin-order.page.tsx'), 'AdminOrderPage');
const AdminPaymentsPage = lazyNamed(() => import('./routes/admin-payments.page.tsx'), 'AdminPaymentsPage');
const AdminStoresPage = lazyNamed(() => import('./routes/admin-stores.page.tsx'), 'AdminStoresPage');
const AdminStorePage = lazyNamed(() => import('./routes/admin-store.page.tsx'), 'AdminStorePage');
const AdminStatementsPage = lazyNamed(
  () => import('./routes/admin-statements.page.tsx'),
  'AdminStatementsPage',
);
const AdminPeoplePage = lazyNamed(() => import('./routes/admin-people.page.tsx'), 'AdminPeoplePage');
const AdminPersonPage = lazyNamed(() => import('./routes/admin-person.page.tsx'), 'AdminPersonPage');
const AdminSupportPage = lazyNamed(() => import('./routes/admin-support.page.tsx'), 'AdminSupportPage');
const AdminCouponsPage = lazyNamed(() => import('./routes/admin-coupons.page.tsx'), 'AdminCouponsPage');
const AdminSettingsPage = lazyNamed(() => import('./routes/admin-settings.page.tsx'), 'AdminSettingsPage');
const AdminWebhooksPage = lazyNamed(() => import('./routes/admin-webhooks.page.tsx'), 'AdminWebhooksPage');
const AdminAuditPage = lazyNamed(() => import('./routes/admin-audit.page.tsx'), 'AdminAuditPage');
const AdminFiscalPage = lazyNamed(() => import('./routes/admin-fiscal.page.tsx'), 'AdminFiscalPage');
// A login's second step and the staff member's own second factor (issue 27): outside the areas' doors.
const SecondFactorCodePage = lazyNamed(
  () => import('./routes/second-factor-code.page.tsx'),
  'SecondFactorCodePage',
);
const SecurityPage = lazyNamed(() => import('./routes/security.page.tsx'), 'SecurityPage');
const CourierPage = lazyNamed(() => import('../features/courier/courier.page.tsx'), 'CourierPage');

export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        <Route element={<AppRoot />}>
          <Route path={STAFF_PATHS.merchant} element={<MerchantLayout />}>
            <Route index element={<MerchantHomePage />} />
            <Route path={STAFF_PATHS.merchantCatalog} element={<MerchantCatalogPage />} />
            <Route path={STAFF_PATHS.merchantProductNew} element={<MerchantNewProductPage />} />
            <Route path={STAFF_PATHS.merchantProduct} element={<MerchantEditProductPage />} />
            <Route path={STAFF_PATHS.merchantCatalogImport} element={<MerchantCatalogImportPage />} />
            <Route path={STAFF_PATHS.merchantTeam} element={<MerchantTeamPage />} />
            <Route path={STAFF_PATHS.merchantStore} element={<MerchantStorePage />} />
            <Route path={STAFF_PATHS.merchantStatements} element={<MerchantStatementsPage />} />
            <Route path={STAFF_PATHS.merchantSales} element={<MerchantSalesPage />} />
            <Route path={STAFF_PATHS.merchantPickingTicket} element={<MerchantPickingTicketPage />} />
            <Route path={STAFF_PATHS.merchantReturns} element={<MerchantReturnsPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
          <Route path={STAFF_PATHS.admin} element={<AdminLayout />}>
            <Route index element={<AdminHomePage />} />
            <Route path={STAFF_PATHS.adminOrders} element={<AdminOrdersPage />} />
            <Route path={STAFF_PATHS.adminOrder} element={<AdminOrderPage />} />
            <Route path={STAFF_PATHS.adminPayments} element={<AdminPaymentsPage />} />
            <Route path={STAFF_PATHS.adminStores} element={<AdminStoresPage />} />
            <Route path={STAFF_PATHS.adminStore} element={<AdminStorePage />} />
            <Route path={STAFF_PATHS.adminStatements} element={<AdminStatementsPage />} />
            <Route path={STAFF_PATHS.adminPeople} element={<AdminPeoplePage />} />
            <Route path={STAFF_PATHS.adminPerson} element={<AdminPersonPage />} />
            <Route path={STAFF_PATHS.adminSupport} element={<AdminSupportPage />} />
            <Route path={STAFF_PATHS.adminCoupons} element={<AdminCouponsPage />} />
            <Route path={STAFF_PATHS.adminSettings} element={<AdminSettingsPage />} />
            <Route path={STAFF_PATHS.adminWebhooks} element={<AdminWebhooksPage />} />
            <Route path={STAFF_PATHS.adminAudit} element={<AdminAuditPage />} />
            <Route path={STAFF_PATHS.adminReturns} element={<AdminReturnsPage />} />
            <Route path={STAFF_PATHS.adminFiscal} element={<AdminFiscalPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
          <Route path={STAFF_PATHS.merchantInvitation} element={<MerchantInvitationPage />} />
          <Route path={STAFF_PATHS.signInCode} element={<SecondFactorCodePage />} />
          <Route path={STAFF_PATHS.security} element={<SecurityPage />} />
          <Route path={STAFF_PATHS.courier} element={<CourierPage />} />
          <Route path={STAFF_PATHS.courierReturn} element={<CourierReturnPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
