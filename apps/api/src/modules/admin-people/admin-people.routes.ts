import {
  adminLockInputSchema,
  adminMembershipInputSchema,
  adminMembershipParamsSchema,
  adminOperatorGrantListSchema,
  adminOperatorInputSchema,
  adminPeopleListSchema,
  adminPeopleQuerySchema,
  adminPersonSchema,
  adminWalletAdjustmentInputSchema,
  adminWalletSchema,
} from '@mandado/shared/admin-people.schemas';
import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_DENIALS } from '../../admin-guard.ts';
import { idParamsSchema } from '../../http-schemas.ts';
import {
  adjustWallet,
  approveOperatorGrant,
  getAdminPerson,
  getPersonWallet,
  grantPersonMembership,
  listAdminPeople,
  listOperatorGrants,
  lockPerson,
  rejectOperatorGrant,
  removePersonMembership,
  resetPersonSecondFactor,
  setOperatorGroup,
  unlockPerson,
} from './admin-people.service.ts';

const TAGS = ['administración'];
const ACTION_ERRORS = {
  ...ADMIN_DENIALS,
  400: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
} as const;

function singleHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * /v1/admin/people/* (issue 19): accounts, their operator group and store memberships, the lock (which ends
 * their sessions) and the wallet ledger with adjustments; operator groups granted with four eyes (issue 27). Each action answers the account as it is now.
 */
export const adminPeopleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/people/',
    {
      config: { permission: 'admin:read' },
      schema: {
        tags: TAGS,
        summary: 'Cuentas por correo o nombre, las más nuevas primero (q, cursor)',
        querystring: adminPeopleQuerySchema,
        response: { 200: adminPeopleListSchema, 400: apiErrorSchema, ...ADMIN_DENIALS },
      },
    },
    async (request) => listAdminPeople(app.db, request.actor, request.query),
  );

  app.get(
    '/people/:id/',
    {
      config: { permission: 'admin:read' },
      schema: {
        tags: TAGS,
        summary: 'Una cuenta: roles, grupo de operador, tiendas, bloqueo, crédito y pedidos',
        params: idParamsSchema,
        response: { 200: adminPersonSchema, 404: apiErrorSchema, ...ADMIN_DENIALS },
      },
    },
    async (request) => getAdminPerson(app.db, request.actor, request.params.id),
  );

  app.put(
    '/people/:id/operator/',
    {
      config: { permission: 'admin:manage' },
      schema: {
        tags: TAGS,
        summary: 'El grupo de operador de la cuenta, o null para quitarle el rol (nunca a uno mismo)',
        params: idParamsSchema,
        body: adminOperatorInputSchema,
        response: { 200: adminPersonSchema, ...ACTION_ERRORS },
      },
    },
    async (request) => setOperatorGroup(app.db, request.actor, request.params.id, request.body.group),
  );

  app.get(
    '/operator-grants/',
    {
      config: { permission: 'admin:read' },
      schema: {
        tags: TAGS,
        summary: 'Grupos de operador pedidos que esperan la aprobación de otra persona de administración',
        response: { 200: adminOperatorGrantListSchema, ...ADMIN_DENIALS },
      },
    },
    async (request) => listOperatorGrants(app.db, request.actor),
  );

  app.post(
    '/operator-grants/:id/approve/',
    {
      config: { permission: 'admin:manage' },
      schema: {
        tags: TAGS,
        summary: 'Aprueba un grupo pedido (nunca quien lo pidió ni la cuenta que lo recibe) y lo aplica',
        params: idParamsSchema,
        response: { 200: adminOperatorGrantListSchema, ...ACTION_ERRORS },
      },
    },
    async (request) => approveOperatorGrant(app.db, request.actor, request.params.id),
  );

  app.post(
    '/operator-grants/:id/reject/',
    {
      config: { permission: 'admin:manage' },
      schema: {
        tags: TAGS,
        summary: 'Rechaza un grupo pedido',
        params: idParamsSchema,
        response: { 200: adminOperatorGrantListSchema, ...ACTION_ERRORS },
      },
    },
    async (request) => rejectOperatorGrant(app.db, request.actor, request.params.id),
  );

  app.post(
    '/people/:id/memberships/',
    {
      config: { permission: 'admin:manage' },
      schema: {
        tags: TAGS,
        summary: 'Da un rol de comercio: suma la cuenta a una tienda como dueño o personal',
        params: idParamsSchema,
        body: adminMembershipInputSchema,
        response: { 200: adminPersonSchema, ...ACTION_ERRORS },
      },
    },
    async (request) => grantPersonMembership(app.db, request.actor, request.params.id, request.body),
  );

  app.delete(
    '/people/:id/memberships/:storeId/',
    {
      config: { permission: 'admin:manage' },
      schema: {
        tags: TAGS,
        summary: 'Quita la cuenta del equipo de una tienda (nunca al último dueño)',
        params: adminMembershipParamsSchema,
        response: { 200: adminPersonSchema, ...ACTION_ERRORS },
      },
    },
    async (request) =>
      removePersonMembership(app.db, request.actor, request.params.id, request.params.storeId),
  );

  app.post(
    '/people/:id/lock/',
    {
      config: { permission: 'admin:manage' },
      schema: {
        tags: TAGS,
        summary: 'Bloquea la cuenta con un motivo: no puede ingresar y sus sesiones terminan',
        params: idParamsSchema,
        body: adminLockInputSchema,
        response: { 200: adminPersonSchema, ...ACTION_ERRORS },
      },
    },
    async (request) => lockPerson(app.db, request.actor, request.params.id, request.body.reason),
  );

  app.post(
    '/people/:id/unlock/',
    {
      config: { permission: 'admin:manage' },
      schema: {
        tags: TAGS,
        summary: 'Desbloquea la cuenta',
        params: idParamsSchema,
        response: { 200: adminPersonSchema, ...ACTION_ERRORS },
      },
    },
    async (request) => unlockPerson(app.db, request.actor, request.params.id),
  );

  app.post(
    '/people/:id/second-factor/reset/',
    {
      config: { permission: 'admin:manage' },
      schema: {
        tags: TAGS,
        summary: 'Quita la verificación en dos pasos de la cuenta (teléfono perdido) y cierra sus sesiones',
        params: idParamsSchema,
        response: { 200: adminPersonSchema, ...ACTION_ERRORS },
      },
    },
    async (request) => resetPersonSecondFactor(app.db, request.actor, request.params.id),
  );

  app.get(
    '/people/:id/wallet/',
    {
      config: { permission: 'admin:read' },
      schema: {
        tags: TAGS,
        summary: 'El saldo y los movimientos de la billetera, con quién hizo cada ajuste',
        params: idParamsSchema,
        response: { 200: adminWalletSchema, 404: apiErrorSchema, ...ADMIN_DENIALS },
      },
    },
    async (request) => getPersonWallet(app.db, request.actor, request.params.id),
  );

  app.post(
    '/people/:id/wallet/adjustments/',
    {
      config: { permission: 'payment:refund' },
      schema: {
        tags: TAGS,
        summary:
          'Ajusta el saldo (USD, con signo) con un motivo: un movimiento nuevo; encabezado Idempotency-Key obligatorio',
        params: idParamsSchema,
        body: adminWalletAdjustmentInputSchema,
        response: { 200: adminWalletSchema, ...ACTION_ERRORS },
      },
    },
    async (request) =>
      adjustWallet(
        app.db,
        request.actor,
        request.params.id,
        request.body,
        singleHeader(request.headers['idempotency-key']),
      ),
  );
};
