import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import { walletSchema } from '@mandado/shared/wallet.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../authorization.ts';
import { getWallet } from './wallet.service.ts';

/** 'Mi Billetera' (issue 10): the credit balance and its append-only movements. */
export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/wallet/',
    {
      preValidation: async (request, reply) => {
        requireActor(request);
        reply.header('cache-control', 'no-store');
      },
      schema: {
        tags: ['billetera'],
        summary: 'El crédito del usuario y sus movimientos (USD), los más nuevos primero',
        response: { 200: walletSchema, 401: apiErrorSchema },
      },
    },
    async (request) => getWallet(app.db, request.actor),
  );
};
