import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import {
  contactMessageSchema,
  helpSentSchema,
  paymentInstructionsSchema,
  suggestionSchema,
} from '@mandado/shared/help.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rateLimit } from '../../plugins/rate-limit.ts';
import { getPaymentInstructions, sendContactMessage, sendSuggestion } from './help.service.ts';

/** The help area's calls (issue 11, decision 028): anyone may write to us; each client only so often. */
export const helpRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { kickMailWorker: () => app.kickMailWorker() };

  app.post(
    '/contact-us-email/',
    {
      // After validation: a person correcting the form does not spend their allowance.
      preHandler: rateLimit(app, 'contactPerIp'),
      schema: {
        tags: ['ayuda'],
        summary: 'Escribir a soporte desde el formulario de contacto (se guarda y se envía por correo)',
        body: contactMessageSchema,
        response: {
          201: helpSentSchema,
          400: apiErrorSchema,
          403: apiErrorSchema,
          413: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await sendContactMessage(app.db, request.actor, request.body, deps)),
  );

  app.post(
    '/suggestions/',
    {
      preHandler: rateLimit(app, 'suggestionPerIp'),
      schema: {
        tags: ['ayuda'],
        summary: 'Sugerir un producto o una tienda (se guarda y se envía por correo al equipo)',
        body: suggestionSchema,
        response: {
          201: helpSentSchema,
          400: apiErrorSchema,
          403: apiErrorSchema,
          413: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await sendSuggestion(app.db, request.actor, request.body, deps)),
  );

  app.get(
    '/help/payment-instructions/',
    {
      schema: {
        tags: ['ayuda'],
        summary: 'Instrucciones de transferencia y depósito: países, cuenta en USD y país del comprador',
        response: { 200: paymentInstructionsSchema },
      },
    },
    async (request, reply) => {
      // The answer names the logged-in shopper's country: never cached by a browser or a proxy for another.
      reply.header('cache-control', 'private, no-store');
      return getPaymentInstructions(app.db, request.actor);
    },
  );
};
