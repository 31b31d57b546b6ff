import { whoamiSchema } from '@mandado/shared/settings.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getPublicSettings } from '../settings/settings.service.ts';

export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/whoami/',
    {
      schema: {
        tags: ['cuentas'],
        summary: 'Usuario de la sesión (null para un visitante) y ajustes públicos',
        response: { 200: whoamiSchema },
      },
    },
    async () => ({ whoami: null, settings: await getPublicSettings(app.db) }),
  );
};
