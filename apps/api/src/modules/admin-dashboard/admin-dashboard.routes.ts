import { dashboardQuerySchema, dashboardSchema } from '@mandado/shared/admin-dashboard.schemas';
import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_DENIALS } from '../../admin-guard.ts';
import { getDashboard } from './admin-dashboard.service.ts';

/** The back office's dashboard (issue 19), registered inside /v1/admin. */
export const adminDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard/',
    {
      config: { permission: 'admin:read' },
      schema: {
        tags: ['administración'],
        summary:
          'Tablero: ventas, pedidos, pagados y pendientes, ticket promedio, pedidos atrasados y devoluciones (hoy, 7 o 30 días)',
        querystring: dashboardQuerySchema,
        response: { 200: dashboardSchema, ...ADMIN_DENIALS, 400: apiErrorSchema },
      },
    },
    async (request) => getDashboard(app.db, request.actor, request.query),
  );
};
