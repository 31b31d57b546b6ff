import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import { adminStoreListSchema } from '@mandado/shared/staff.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePermission } from '../../authorization.ts';
import { adminCourierRoutes } from '../courier/courier.routes.ts';
import { helpAdminRoutes } from '../help/help-admin.routes.ts';
import { adminStoreOrderRoutes } from '../order-status/order-status.routes.ts';
import { markPaidRoutes } from '../orders/mark-paid.routes.ts';
import { storeApplicationAdminRoutes } from '../store-applications/store-applications.routes.ts';
import { listStoresForReview } from './admin.service.ts';

/** /v1/admin/*: the operators' back office (decision 012), guarded once by the hook below. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', async (request, reply) => {
    requirePermission(request.actor, 'admin:read');
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/stores/',
    {
      schema: {
        tags: ['administración'],
        summary: 'Todas las tiendas con su estado (pendientes primero)',
        response: { 200: adminStoreListSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => ({ results: await listStoresForReview(app.db, request.actor) }),
  );

  // Any store order's status change (decision 022), under this plugin's guard.
  await app.register(adminStoreOrderRoutes);
  // Reopening a courier link locked by wrong codes, and the proof photo (issue 17).
  await app.register(adminCourierRoutes);
  // Recording a transfer or cash deposit that arrived (payment:mark-paid).
  await app.register(markPaidRoutes);
  // The support inbox: contact messages, suggestions and city requests (support:read).
  await app.register(helpAdminRoutes);
  // Store applications: list and approve (issue 18; the screens come with the back office).
  await app.register(storeApplicationAdminRoutes);
};
