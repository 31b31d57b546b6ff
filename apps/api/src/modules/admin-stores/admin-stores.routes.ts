import {
  adminStoreCommissionInputSchema,
  adminStoreDetailSchema,
  adminStoreListQuerySchema,
  adminStoreListSchema,
  adminStoreMemberInputSchema,
  adminStoreMemberParamsSchema,
  adminStoreSuspendInputSchema,
} from '@mandado/shared/admin-stores.schemas';
import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_DENIALS } from '../../admin-guard.ts';
import { idParamsSchema } from '../../http-schemas.ts';
import {
  addStoreMemberByEmail,
  getAdminStore,
  listAdminStores,
  removeStoreMember,
  reopenStore,
  setStoreCommission,
  suspendStore,
} from './admin-stores.service.ts';

const TAGS = ['administración'];
const ACTION_ERRORS = {
  ...ADMIN_DENIALS,
  400: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
} as const;

/**
 * /v1/admin/stores/* (issue 19): the stores with their state, one store with its members, suspending
 * (with a reason) and reopening, the commission, and members added by e-mail or removed. Each action
 * answers the store as it is now.
 */
export const adminStoreRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stores/',
    {
      config: { permission: 'admin:read' },
      schema: {
        tags: TAGS,
        summary: 'Todas las tiendas con su estado, pendientes primero (q: nombre o id; status)',
        querystring: adminStoreListQuerySchema,
        response: { 200: adminStoreListSchema, 400: apiErrorSchema, ...ADMIN_DENIALS },
      },
    },
    async (request) => ({ results: await listAdminStores(app.db, request.actor, request.query) }),
  );

  app.get(
    '/stores/:id/',
    {
      config: { permission: 'admin:read' },
      schema: {
        tags: TAGS,
        summary: 'Una tienda con su equipo',
        params: idParamsSchema,
        response: { 200: adminStoreDetailSchema, 404: apiErrorSchema, ...ADMIN_DENIALS },
      },
    },
    async (request) => getAdminStore(app.db, request.actor, request.params.id),
  );

  app.post(
    '/stores/:id/suspend/',
    {
      config: { permission: 'admin:manage' },
      schema: {
        tags: TAGS,
        summary: 'Suspende la tienda con un motivo: deja de verse en la tienda; sus pedidos abiertos siguen',
        params: idParamsSchema,
        body: adminStoreSuspendInputSchema,
        response: { 200: adminStoreDetailSchema, ...ACTION_ERRORS },
      },
    },
    async (request) => suspendStore(app.db, request.actor, request.params.id, request.body.reason),
  );

  app.post(
    '/stores/:id/reopen/',
    {
      config: { permission: 'admin:manage' },
      schema: {
        tags: TAGS,
        summary: 'Reabre una tienda suspendida (o publica una pendiente)',
        params: idParamsSchema,
        response: { 200: adminStoreDetailSchema, ...ACTION_ERRORS },
      },
    },
    async (request) => reopenStore(app.db, request.actor, request.params.id),
  );

  app.put(
    '/stores/:id/commission/',
    {
      config: { permission: 'admin:manage' },
      schema: {
        tags: TAGS,
        summary: 'La comisión de la tienda (0–50 %) para los pedidos nuevos; los anteriores guardan la suya',
        params: idParamsSchema,
        body: adminStoreCommissionInputSchema,
        response: { 200: adminStoreDetailSchema, ...ACTION_ERRORS },
      },
    },
    async (request) =>
      setStoreCommission(app.db, request.actor, request.params.id, request.body.commission_rate),
  );

  app.post(
    '/stores/:id/members/',
    {
      config: { permission: 'admin:manage' },
      schema: {
        tags: TAGS,
        summary: 'Suma una cuenta existente (por correo) como dueño o personal, o le cambia el rol',
        params: idParamsSchema,
        body: adminStoreMemberInputSchema,
        response: { 200: adminStoreDetailSchema, ...ACTION_ERRORS },
      },
    },
    async (request) => addStoreMemberByEmail(app.db, request.actor, request.params.id, request.body),
  );

  app.delete(
    '/stores/:id/members/:userId/',
    {
      config: { permission: 'admin:manage' },
      schema: {
        tags: TAGS,
        summary: 'Quita a una persona del equipo de la tienda (nunca al último dueño)',
        params: adminStoreMemberParamsSchema,
        response: { 200: adminStoreDetailSchema, ...ACTION_ERRORS },
      },
    },
    async (request) => removeStoreMember(app.db, request.actor, request.params.id, request.params.userId),
  );
};
