import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import type { Permission } from '@mandado/shared/permissions';

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
 * What every /v1/admin route may also answer besides its own: a visitor, a forbidden group. Outside the admin
 * module, with the route config's `permission`, so the modules whose routes the admin plugin registers import
 * this leaf and never the plugin that imports them (decision 059: no import circles).
 */
export const ADMIN_DENIALS = { 401: apiErrorSchema, 403: apiErrorSchema } as const;
