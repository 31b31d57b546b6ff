import {
  adminSettingListSchema,
  adminSettingSchema,
  settingHistorySchema,
  settingKeyParamsSchema,
  settingUpdateInputSchema,
} from '@mandado/shared/admin-settings.schemas';
import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_DENIALS } from '../../admin-guard.ts';
import { listAdminSettings, settingHistory, updateSetting } from './settings-admin.service.ts';

/** The settings registry in the back office (issue 19, decision 038); registered inside /v1/admin. */
export const settingsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings/',
    {
      config: { permission: 'admin:read' },
      schema: {
        tags: ['administración'],
        summary: 'Los ajustes del registro con su valor vigente, tipo y límites',
        response: { 200: adminSettingListSchema, ...ADMIN_DENIALS },
      },
    },
    async (request) => ({ results: await listAdminSettings(app.db, request.actor) }),
  );

  app.put(
    '/settings/:key/',
    {
      config: { permission: 'admin:manage' },
      schema: {
        tags: ['administración'],
        summary: 'Cambiar un ajuste (validado por el registro; queda en la auditoría)',
        params: settingKeyParamsSchema,
        body: settingUpdateInputSchema,
        response: { 200: adminSettingSchema, 400: apiErrorSchema, 404: apiErrorSchema, ...ADMIN_DENIALS },
      },
    },
    async (request) => updateSetting(app.db, request.actor, request.params.key, request.body.value),
  );

  app.get(
    '/settings/:key/history/',
    {
      config: { permission: 'admin:read' },
      schema: {
        tags: ['administración'],
        summary: 'Los cambios de un ajuste, del más reciente al más antiguo',
        params: settingKeyParamsSchema,
        response: { 200: settingHistorySchema, 404: apiErrorSchema, ...ADMIN_DENIALS },
      },
    },
    async (request) => ({ results: await settingHistory(app.db, request.actor, request.params.key) }),
  );
};
