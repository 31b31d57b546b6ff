import { PERMISSIONS, type Permission } from '@mandado/shared/permissions';
import { SECOND_FACTOR_MESSAGES } from '@mandado/shared/second-factor.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePermission } from '../../authorization.ts';
import { HttpError } from '../../http-errors.ts';
import { enforceCsrf } from '../../plugins/session.ts';
import { adminDashboardRoutes } from '../admin-dashboard/admin-dashboard.routes.ts';
import { adminOrderRoutes } from '../admin-orders/admin-orders.routes.ts';
import { adminPeopleRoutes } from '../admin-people/admin-people.routes.ts';
import { adminStoreRoutes } from '../admin-stores/admin-stores.routes.ts';
import { auditAdminRoutes } from '../audit/audit-admin.routes.ts';
import { bankStatementRoutes } from '../bank-statements/bank-statements.routes.ts';
import { couponsAdminRoutes } from '../coupons/coupons-admin.routes.ts';
import { adminCourierRoutes } from '../courier/courier.routes.ts';
import { currenciesAdminRoutes } from '../currencies/currencies-admin.routes.ts';
import { adminDeliveryWindowRoutes } from '../delivery-windows/delivery-windows.routes.ts';
import { zonesAdminRoutes } from '../geo/zones-admin.routes.ts';
import { helpAdminRoutes } from '../help/help-admin.routes.ts';
import { fiscalProblemAdminRoutes } from '../invoicing/fiscal-problems.routes.ts';
import { adminStoreOrderRoutes } from '../order-status/order-status.routes.ts';
import { markPaidRoutes } from '../orders/mark-paid.routes.ts';
import { paymentsAdminRoutes } from '../payments/payments-admin.routes.ts';
import { receiptAdminRoutes } from '../receipts/receipts.routes.ts';
import { refundAdminRoutes } from '../refunds/refunds.routes.ts';
import { adminReturnsRoutes } from '../returns/returns-admin.routes.ts';
import { secondFactorMissing } from '../second-factor/second-factor.service.ts';
import { settingsAdminRoutes } from '../settings/settings-admin.routes.ts';
import { storeApplicationAdminRoutes } from '../store-applications/store-applications.routes.ts';
import { adminGoLiveRoutes } from '../store-payouts/store-payouts.routes.ts';
import { adminStatementRoutes } from '../store-statements/admin-statements.routes.ts';
import { webhookAdminRoutes } from '../webhooks/webhooks-admin.routes.ts';

// The route config's `permission` is declared in ../../admin-guard.ts, beside ADMIN_DENIALS: the modules
// registered below import that leaf, never this file (decision 059).

/**
 * Every back-office route with the permission it declared, as registered (method and URL with its prefix):
 * the route-walk test reads it. Static routing data, the same in every instance; not request state.
 */
export const ADMIN_ROUTE_TABLE = new Map<string, { method: string; url: string; permission: Permission }>();

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * /v1/admin/*: the operators' back office (decisions 012 and 048). One guard for the whole area: each route
 * names its permission in `config.permission`, checked here for every request before its body is read;
 * services check again with the actor (authorization lives in services too).
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRoute', (route) => {
    const permission = route.config?.permission;
    if (!permission || !PERMISSIONS.includes(permission)) {
      throw new Error(`${route.method} ${route.url}: every /v1/admin route declares config.permission`);
    }
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      ADMIN_ROUTE_TABLE.set(`${method} ${route.url}`, { method, url: route.url, permission });
    }
  });
  // onRequest, not preValidation: Fastify reads and parses the body between the two, and the back office
  // takes large bodies (a GeoJSON, a bank statement). A caller without the permission, or a forged request,
  // is refused before a byte of it is read (the session's onRequest hook, at the root, has run already).
  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const permission = request.routeOptions.config.permission;
    // Unreachable (onRoute refuses such a route), but a route without one must never be open.
    requirePermission(request.actor, permission ?? 'admin:manage');
    // Money and people operators on a published site: not without a second factor (issue 27, decision 053).
    if (secondFactorMissing(request.actor, app.staffSecondFactorRequired)) {
      throw new HttpError(403, { detail: SECOND_FACTOR_MESSAGES.requiredForAdmin });
    }
    if (!SAFE_METHODS.has(request.method)) enforceCsrf(request);
  });

  // Stores: the list with their state, one store, suspend/reopen, commission, members (issue 19).
  await app.register(adminStoreRoutes);
  // A store's go-live checklist beside its 'Publicar' (issue 31).
  await app.register(adminGoLiveRoutes);
  // A store's delivery windows, read-only for operators (decision 065).
  await app.register(adminDeliveryWindowRoutes);
  // People: accounts, operator groups, memberships, locks, the wallet ledger (issue 19).
  await app.register(adminPeopleRoutes);

  // Any store order's status change (decision 022).
  await app.register(adminStoreOrderRoutes);
  // Reopening a courier link locked by wrong codes, and the proof photo (issue 17).
  await app.register(adminCourierRoutes);
  // Recording a transfer or cash deposit that arrived (payment:mark-paid).
  await app.register(markPaidRoutes);
  // The transfer queue, bank-statement imports and the payments audit's findings; statements (issue 19).
  await app.register(paymentsAdminRoutes);
  await app.register(bankStatementRoutes);
  await app.register(adminStatementRoutes);
  await app.register(fiscalProblemAdminRoutes);
  // Refunds by hand and the bank transfers of bank refunds (payment:refund).
  await app.register(refundAdminRoutes);
  // Returns (issue 32, decision 076): every store's, and the overrule of a refusal (returns:manage).
  await app.register(adminReturnsRoutes);
  // The support inbox: the three lists (support:read); assign, mark handled, answer (support:handle).
  await app.register(helpAdminRoutes);
  // The family's delivery claims and their one-click refund (support:read, payment:refund; issue 29).
  await app.register(receiptAdminRoutes);
  // The audit trail (admin:read).
  await app.register(auditAdminRoutes);
  // The dashboard's figures (admin:read).
  await app.register(adminDashboardRoutes);
  // Store applications: list and approve (issue 18; the screens come with the back office).
  await app.register(storeApplicationAdminRoutes);
  // Every order with filters, its CSV, one order's timeline, notes, cancellation, resend (issue 19).
  await app.register(adminOrderRoutes);
  // Partners' signed webhooks: endpoints, deliveries, replays (issue 19).
  await app.register(webhookAdminRoutes);
  // Settings, coupons, currency rate overrides and delivery zones (issue 19).
  await app.register(settingsAdminRoutes);
  await app.register(couponsAdminRoutes);
  await app.register(currenciesAdminRoutes);
  await app.register(zonesAdminRoutes);
};
