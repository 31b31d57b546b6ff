import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import Stripe from 'stripe';
import { z } from 'zod';
import { HttpError } from '../../http-errors.ts';
import { ordersContextOf } from '../orders/orders-context.ts';
import type { StripeCardProcessor } from './stripe-processor.ts';
import { handleStripeEvent } from './stripe-webhook.service.ts';

/** Only Stripe reads these; Spanish like every 4xx of the API. */
export const STRIPE_WEBHOOK_MESSAGES = {
  signatureMissing: 'Falta la firma de Stripe (encabezado Stripe-Signature).',
  signatureInvalid: 'La firma de Stripe no es válida para este contenido.',
} as const;

export interface StripeWebhookOptions {
  processor: StripeCardProcessor;
}

/**
 * `POST /v1/payments/stripe/webhook/` (decision 023). Stripe signs the exact bytes it sends, so this plugin
 * parses JSON bodies as raw bytes (only here: content-type parsers are scoped to the plugin) and the route
 * opts out of the session's CSRF check (`signedWebhook`): its caller proves itself with the signature, not a
 * cookie. A verified event goes to handleStripeEvent (once per event id, acting on the intent's current state).
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<StripeWebhookOptions> = async (app, options) => {
  const { processor } = options;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });

  app.post(
    '/payments/stripe/webhook/',
    {
      config: { signedWebhook: true },
      // An event carries a whole PaymentIntent; well above the API's 64 KiB default, still bounded.
      bodyLimit: 256 * 1024,
      schema: {
        tags: ['pagos'],
        summary: 'Notificaciones de Stripe (firmadas con STRIPE_WEBHOOK_SECRET)',
        headers: z.object({ 'stripe-signature': z.string().max(2000).optional() }),
        response: { 200: z.object({ received: z.literal(true) }), 400: apiErrorSchema },
      },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      if (!signature || !Buffer.isBuffer(request.body)) {
        throw new HttpError(400, { detail: STRIPE_WEBHOOK_MESSAGES.signatureMissing });
      }
      let event: Stripe.Event;
      try {
        event = processor.verifyWebhook(request.body, signature);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
          throw new HttpError(400, { detail: STRIPE_WEBHOOK_MESSAGES.signatureInvalid });
        }
        throw error;
      }
      await handleStripeEvent(ordersContextOf(app), processor, event);
      return { received: true as const };
    },
  );
};
