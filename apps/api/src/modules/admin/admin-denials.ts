import { apiErrorSchema } from '@mandado/shared/api-error.schemas';

/**
 * What every /v1/admin route may also answer besides its own: a visitor, a forbidden group. In a file of its
 * own so route files may import it without a cycle: admin.routes.ts imports them, and a const of its own read
 * at their top level would still be uninitialised then.
 */
export const ADMIN_DENIALS = { 401: apiErrorSchema, 403: apiErrorSchema } as const;
