import { auditPageSchema, auditQuerySchema } from '@mandado/shared/admin-audit.schemas';
import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_DENIALS } from '../../admin-guard.ts';
import { listAuditTrail } from './audit-admin.service.ts';

/** The audit trail in the back office (issue 19), registered inside /v1/admin. */
export const auditAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit/',
    {
      config: { permission: 'admin:read' },
      schema: {
        tags: ['administración'],
        summary:
          'Registro de auditoría: cada acción del personal, la más reciente primero (filtros: actor, acción, objeto, tienda, fechas; cursor)',
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...ADMIN_DENIALS, 400: apiErrorSchema },
      },
    },
    async (request) => listAuditTrail(app.db, request.actor, request.query),
  );
};
