import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import { PERMISSIONS, type Permission } from '@mandado/shared/permissions';
import { adminStoreListSchema } from '@mandado/shared/staff.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePermission } from '../../authorization.ts';
import { adminCourierRoutes } from '../courier/courier.routes.ts';
import { helpAdminRoutes } from '../help/help-admin.routes.ts';
import { adminStoreOrderRoutes } from '../order-status/order-status.routes.ts';
import { markPaidRoutes } from '../orders/mark-paid.routes.ts';
import { refundAdminRoutes } from '../refunds/refunds.routes.ts';
import { storeApplicationAdminRoutes } from '../store-applications/store-applications.routes.ts';
import { listStoresForReview } from './admin.service.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The permission a /v1/admin route needs (issue 19). Every route of the back office declares one: the
     * plugin refuses to start with a route that does not, checks it before the body is read, and the test
     * that walks every admin route with each operator group reads it from here.
     */
    permission?: Permission;
  }
}

/**
 * Every back-office route with the permission it declared, as registered (method and URL with its prefix):
 * the route-walk test reads it. Static routing data, the same in every instance; not request state.
 */
export const ADMIN_ROUTE_TABLE = new Map<string, { method: string; url: string; permission: Permission }>();

/** What every /v1/admin route may also answer besides its own: a visitor, a forbidden group. */
export const ADMIN_DENIALS = { 401: apiErrorSchema, 403: apiErrorSchema } as const;

/**
 * /v1/admin/*: the operators' back office (decisions 012 and 048). One guard for the whole area: each route
 * names its permission in `config.permission`, checked here for every request before validation; services
 * check again with the actor (authorization lives in services too).
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
  app.addHook('preValidation', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const permission = request.routeOptions.config.permission;
    // Unreachable (onRoute refuses such a route), but a route without one must never be open.
    requirePermission(request.actor, permission ?? 'admin:manage');
  });

  app.get(
    '/stores/',
    {
      config: { permission: 'admin:read' },
      schema: {
        tags: ['administración'],
        summary: 'Todas las tiendas con su estado (pendientes primero)',
        response: { 200: adminStoreListSchema, ...ADMIN_DENIALS },
      },
    },
    async (request) => ({ results: await listStoresForReview(app.db, request.actor) }),
  );

  // Any store order's status change (decision 022).
  await app.register(adminStoreOrderRoutes);
  // Reopening a courier link locked by wrong codes, and the proof photo (issue 17).
  await app.register(adminCourierRoutes);
  // Recording a transfer or cash deposit that arrived (payment:mark-paid).
  await app.register(markPaidRoutes);
  // Refunds by hand and the bank transfers of bank refunds (payment:refund).
  await app.register(refundAdminRoutes);
  // The support inbox: contact messages, suggestions and city requests (support:read).
  await app.register(helpAdminRoutes);
  // Store applications: list and approve (issue 18; the screens come with the back office).
  await app.register(storeApplicationAdminRoutes);
};
