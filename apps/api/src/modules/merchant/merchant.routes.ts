import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import { merchantStoreListSchema, merchantStoreSchema } from '@mandado/shared/staff.schemas';
import {
  merchantAvailabilityInputSchema,
  merchantAvailabilitySchema,
} from '@mandado/shared/store-availability.schemas';
import { storePreparationSchema } from '@mandado/shared/store-preparation.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asStoreMember, requirePermission } from '../../authorization.ts';
import { HttpError } from '../../http-errors.ts';
import { idParamsSchema } from '../../http-schemas.ts';
import { merchantCourierRoutes } from '../courier/courier.routes.ts';
import { merchantDeliveryWindowRoutes } from '../delivery-windows/delivery-windows.routes.ts';
import { merchantCatalogRoutes } from '../merchant-catalog/merchant-catalog.routes.ts';
import { merchantStoreOrderRoutes } from '../order-status/order-status.routes.ts';
import { merchantReturnsRoutes } from '../returns/returns-merchant.routes.ts';
import { pushRoutes } from '../store-inbox/push.routes.ts';
import { storeInboxRoutes } from '../store-inbox/store-inbox.routes.ts';
import { storeTeamRoutes } from '../store-members/store-members.routes.ts';
import { merchantPayoutRoutes } from '../store-payouts/store-payouts.routes.ts';
import { storeStatementRoutes } from '../store-statements/store-statements.routes.ts';
import { storeProfileRoutes } from '../stores/store-profile.routes.ts';
import { getAvailability, getOwnStore, listOwnStores, setAvailability } from './merchant.service.ts';
import { getPreparation, setPreparation } from './store-preparation.service.ts';

const TAGS = ['comercio'];
const GUARDED = { 401: apiErrorSchema, 403: apiErrorSchema };

/**
 * Every merchant-portal route as registered (method and URL with its prefix): the audit walk reads it to call
 * each state change and check it left its audit row (issue 27). Static routing data, not request state.
 */
export const MERCHANT_ROUTE_TABLE = new Map<string, { method: string; url: string }>();

/**
 * /v1/merchant/*: the merchant portal (decision 012), for store members only. The one hook below guards the
 * whole area; each service then scopes what it reads to the actor's stores with requirePermission.
 */
export const merchantRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') MERCHANT_ROUTE_TABLE.set(`${method} ${route.url}`, { method, url: route.url });
    }
  });
  // preValidation: after the session and CSRF hooks, before a body is validated (a visitor hears 401 first).
  app.addHook('preValidation', async (request, reply) => {
    const actor = requirePermission(request.actor, 'store:read');
    // An operator holds store:read everywhere but is no member: the portal is for those who work for a store.
    if (actor.storeIds.length === 0) throw new HttpError(403, { detail: SERVER_MESSAGES.forbidden });
    // Inside the area the operator role reaches nothing: an operator who is a member of store 1 is store 1's
    // merchant here, never store 2's (issue 16); operators act on other stores through /v1/admin/*.
    request.actor = asStoreMember(actor);
    // Per-user answers with the store's private data.
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/stores/',
    {
      schema: {
        tags: TAGS,
        summary: 'Las tiendas del comerciante de la sesión',
        response: { 200: merchantStoreListSchema, ...GUARDED },
      },
    },
    async (request) => ({ results: await listOwnStores(app.db, request.actor) }),
  );

  app.get(
    '/stores/:id/',
    {
      schema: {
        tags: TAGS,
        summary: 'Una tienda del comerciante de la sesión (403 si no es suya)',
        params: idParamsSchema,
        response: { 200: merchantStoreSchema, ...GUARDED, 404: apiErrorSchema },
      },
    },
    async (request) => getOwnStore(app.db, request.actor, request.params.id),
  );

  app.get(
    '/stores/:id/availability/',
    {
      schema: {
        tags: TAGS,
        summary: 'Si la tienda recibe pedidos ahora, con la pausa y el cierre programado',
        params: idParamsSchema,
        response: { 200: merchantAvailabilitySchema, ...GUARDED, 404: apiErrorSchema },
      },
    },
    async (request) => getAvailability(app.db, request.actor, request.params.id),
  );

  app.put(
    '/stores/:id/availability/',
    {
      schema: {
        tags: TAGS,
        summary: "'Pausar ahora' hasta una hora y el cierre programado (null quita cada uno); solo dueños",
        params: idParamsSchema,
        body: merchantAvailabilityInputSchema,
        response: { 200: merchantAvailabilitySchema, ...GUARDED, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => setAvailability(app.db, request.actor, request.params.id, request.body),
  );

  app.get(
    '/stores/:id/preparation/',
    {
      schema: {
        tags: TAGS,
        summary: 'Si la tienda acepta sola sus pedidos pagos y cuántos minutos promete para prepararlos',
        params: idParamsSchema,
        response: { 200: storePreparationSchema, ...GUARDED, 404: apiErrorSchema },
      },
    },
    async (request) => getPreparation(app.db, request.actor, request.params.id),
  );

  app.put(
    '/stores/:id/preparation/',
    {
      schema: {
        tags: TAGS,
        summary:
          'Aceptar solos los pedidos pagos y el tiempo de preparación prometido (null: ninguno); solo dueños',
        params: idParamsSchema,
        body: storePreparationSchema,
        response: { 200: storePreparationSchema, ...GUARDED, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => setPreparation(app.db, request.actor, request.params.id, request.body),
  );

  // The store's orders and their status changes (decision 022), under this plugin's guard.
  await app.register(merchantStoreOrderRoutes);
  // The phone-first inbox (list with ETag, card, opened, lines not available) and Web Push (issue 17).
  await app.register(storeInboxRoutes);
  await app.register(pushRoutes);
  // Returns asked of the store (issue 32, decision 076): accept or refuse, and received (the refund).
  await app.register(merchantReturnsRoutes);
  // Handing a pick-up over at the counter with the code, and the proof photo (issue 17).
  await app.register(merchantCourierRoutes);
  // The owner's catalog: products, stock and photos (issue 18).
  await app.register(merchantCatalogRoutes);
  // Who works for the store, and the invitations its owners sent (issue 18).
  await app.register(storeTeamRoutes);
  // Weekly statements: delivered orders, refunds, commission and the net due (issue 18).
  await app.register(storeStatementRoutes);
  // The store's profile, logo and hours per weekday (issue 18, decision 047).
  await app.register(storeProfileRoutes);
  // The payout account and the go-live checklist (issue 31, decision 068).
  await app.register(merchantPayoutRoutes);
  // The store's delivery windows with capacity and cut-off (decision 065).
  await app.register(merchantDeliveryWindowRoutes);
};
