import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import { storeWindowsSchema, storeWindowsViewSchema } from '@mandado/shared/store-windows.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../authorization.ts';
import { idParamsSchema } from '../../http-schemas.ts';
import { getStoreWindows, getStoreWindowsForOperator, saveStoreWindows } from './delivery-windows.service.ts';

const ERRORS = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** Inside /v1/merchant (its hook admits store members): the store's delivery windows (decision 065). */
export const merchantDeliveryWindowRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stores/:id/delivery-windows/',
    {
      schema: {
        tags: ['comercio'],
        summary: 'Las franjas de entrega por día, con su cupo y su hora de corte',
        params: idParamsSchema,
        response: { 200: storeWindowsViewSchema, ...ERRORS },
      },
    },
    async (request) => getStoreWindows(app.db, requireActor(request), request.params.id),
  );

  app.put(
    '/stores/:id/delivery-windows/',
    {
      schema: {
        tags: ['comercio'],
        summary: 'Cambia las franjas de entrega (hora de Montevideo); solo dueños',
        params: idParamsSchema,
        body: storeWindowsSchema,
        response: { 200: storeWindowsViewSchema, ...ERRORS },
      },
    },
    async (request) => saveStoreWindows(app.db, requireActor(request), request.params.id, request.body),
  );
};

/** Inside /v1/admin: operators read any store's windows. */
export const adminDeliveryWindowRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stores/:id/delivery-windows/',
    {
      config: { permission: 'admin:read' },
      schema: {
        tags: ['administración'],
        summary: 'Las franjas de entrega de una tienda',
        params: idParamsSchema,
        response: { 200: storeWindowsViewSchema, ...ERRORS },
      },
    },
    async (request) => getStoreWindowsForOperator(app.db, request.actor, request.params.id),
  );
};
