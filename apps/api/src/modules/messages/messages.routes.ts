import { apiErrorSchema } from '@mandado/shared/api-error.schemas';
import type { MessageStatus } from '@mandado/shared/order-messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../http-errors.ts';
import {
  isTwilioSignatureValid,
  isWhatsAppSignatureValid,
  type SmsConfig,
  type WhatsAppConfig,
} from './message-channels.ts';
import { recordDeliveryStatus, recordReply } from './messages.service.ts';

/** Only the providers read these; Spanish like every 4xx of the API. */
export const MESSAGE_WEBHOOK_MESSAGES = {
  signatureMissing: 'Falta la firma del proveedor de mensajes.',
  signatureInvalid: 'La firma del proveedor de mensajes no es válida para este contenido.',
  verifyRefused: 'El token de verificación no coincide.',
  badBody: 'El contenido de la notificación no se pudo leer.',
} as const;

/** WhatsApp's statuses as ours ('sent', 'delivered', 'read', 'failed'); others are ignored. */
const WHATSAPP_STATUSES: Record<string, MessageStatus> = {
  sent: 'sent',
  delivered: 'delivered',
  read: 'read',
  failed: 'failed',
};

/** The parts of Meta's webhook payload we read; the rest is allowed and ignored. */
const whatsAppPayloadSchema = z.object({
  entry: z
    .array(
      z.object({
        changes: z
          .array(
            z.object({
              value: z
                .object({
                  statuses: z
                    .array(
                      z.object({
                        id: z.string().max(200),
                        status: z.string().max(40),
                        errors: z.array(z.object({ title: z.string().optional() })).optional(),
                      }),
                    )
                    .optional(),
                  messages: z
                    .array(
                      z.object({
                        from: z.string().max(40),
                        type: z.string().max(40),
                        text: z.object({ body: z.string().max(4096) }).optional(),
                      }),
                    )
                    .optional(),
                })
                .optional(),
            }),
          )
          .optional(),
      }),
    )
    .optional(),
});

/**
 * The WhatsApp Business webhook (issue 29, decision 063), only where WHATSAPP_APP_SECRET is set: Meta's
 * subscription check (GET, `hub.challenge` echoed when `hub.verify_token` matches) and its signed POSTs
 * (X-Hub-Signature-256 over the raw bytes, so JSON is parsed here, after the check): message statuses move
 * the outbox rows on, and a text reply of BAJA/STOP (or ALTA/START) records the number's choice.
 */
export const whatsAppWebhookRoutes: FastifyPluginAsyncZod<{ whatsapp: WhatsAppConfig }> = async (
  app,
  options,
) => {
  const { whatsapp } = options;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });

  app.get(
    '/messages/whatsapp/webhook/',
    {
      schema: {
        tags: ['mensajes'],
        summary: 'Verificación de la suscripción de WhatsApp (hub.challenge)',
        querystring: z.object({
          'hub.mode': z.string().max(40).optional(),
          'hub.verify_token': z.string().max(500).optional(),
          'hub.challenge': z.string().max(500).optional(),
        }),
        response: { 200: z.string(), 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const token = whatsapp.verifyToken;
      if (query['hub.mode'] !== 'subscribe' || !token || query['hub.verify_token'] !== token) {
        throw new HttpError(403, { detail: MESSAGE_WEBHOOK_MESSAGES.verifyRefused });
      }
      return reply.type('text/plain').send(query['hub.challenge'] ?? '');
    },
  );

  app.post(
    '/messages/whatsapp/webhook/',
    {
      config: { signedWebhook: true },
      bodyLimit: 256 * 1024,
      schema: {
        tags: ['mensajes'],
        summary: 'Estados y respuestas de WhatsApp (firmados con WHATSAPP_APP_SECRET)',
        headers: z.object({ 'x-hub-signature-256': z.string().max(200).optional() }),
        response: { 200: z.object({ received: z.literal(true) }), 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const signature = request.headers['x-hub-signature-256'];
      if (!signature || !Buffer.isBuffer(request.body)) {
        throw new HttpError(401, { detail: MESSAGE_WEBHOOK_MESSAGES.signatureMissing });
      }
      if (!whatsapp.appSecret || !isWhatsAppSignatureValid(whatsapp.appSecret, request.body, signature)) {
        throw new HttpError(401, { detail: MESSAGE_WEBHOOK_MESSAGES.signatureInvalid });
      }
      let json: unknown;
      try {
        json = JSON.parse(request.body.toString('utf8'));
      } catch {
        throw new HttpError(400, { detail: MESSAGE_WEBHOOK_MESSAGES.badBody });
      }
      const payload = whatsAppPayloadSchema.safeParse(json);
      if (!payload.success) throw new HttpError(400, { detail: MESSAGE_WEBHOOK_MESSAGES.badBody });
      for (const entry of payload.data.entry ?? []) {
        for (const change of entry.changes ?? []) {
          for (const status of change.value?.statuses ?? []) {
            const ours = WHATSAPP_STATUSES[status.status];
            const error = status.errors?.[0]?.title ?? null;
            if (ours) await recordDeliveryStatus(app.db, status.id, ours, error);
          }
          for (const message of change.value?.messages ?? []) {
            if (message.type !== 'text' || !message.text) continue;
            await recordReply(app.db, {
              phone: `+${message.from}`,
              channel: 'whatsapp',
              text: message.text.body,
            });
          }
        }
      }
      return { received: true as const };
    },
  );
};

/** Twilio's MessageStatus values as ours; 'queued', 'accepting' and the like change nothing. */
const SMS_STATUSES: Record<string, MessageStatus> = {
  sent: 'sent',
  delivered: 'delivered',
  read: 'read',
  undelivered: 'failed',
  failed: 'failed',
};

const formSchema = z.record(z.string().max(100), z.string().max(2000));

/**
 * The SMS provider's callbacks (Twilio's REST API and webhooks), only where SMS_ACCOUNT_SID is set: the
 * delivery status of a message we sent, and inbound replies (BAJA/STOP, ALTA/START). Both are form posts
 * signed with X-Twilio-Signature over PUBLIC_URL + the path and the sorted parameters.
 */
export const smsWebhookRoutes: FastifyPluginAsyncZod<{ sms: SmsConfig; publicUrl: string }> = async (
  app,
  options,
) => {
  const { sms, publicUrl } = options;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  /** The parameters, once their signature over the URL the provider called is right. */
  function signedParams(request: {
    url: string;
    body: unknown;
    headers: Record<string, string | string[] | undefined>;
  }): Record<string, string> {
    const signature = request.headers['x-twilio-signature'];
    if (typeof signature !== 'string' || !signature) {
      throw new HttpError(401, { detail: MESSAGE_WEBHOOK_MESSAGES.signatureMissing });
    }
    const params = formSchema.safeParse(request.body ?? {});
    if (!params.success) throw new HttpError(400, { detail: MESSAGE_WEBHOOK_MESSAGES.badBody });
    if (!isTwilioSignatureValid(sms.authToken, `${publicUrl}${request.url}`, params.data, signature)) {
      throw new HttpError(401, { detail: MESSAGE_WEBHOOK_MESSAGES.signatureInvalid });
    }
    return params.data;
  }

  const routeSchema = (summary: string) => ({
    tags: ['mensajes'],
    summary,
    response: { 200: z.string(), 400: apiErrorSchema, 401: apiErrorSchema },
  });

  app.post(
    '/messages/sms/status/',
    { config: { signedWebhook: true }, schema: routeSchema('Estado de entrega de un SMS (firmado)') },
    async (request, reply) => {
      const params = signedParams(request);
      const ours = params.MessageStatus ? SMS_STATUSES[params.MessageStatus] : undefined;
      if (params.MessageSid && ours) {
        await recordDeliveryStatus(app.db, params.MessageSid, ours, params.ErrorCode ?? null);
      }
      return reply.type('text/xml').send('<Response></Response>');
    },
  );

  app.post(
    '/messages/sms/inbound/',
    { config: { signedWebhook: true }, schema: routeSchema('Respuesta de SMS: BAJA o ALTA (firmada)') },
    async (request, reply) => {
      const params = signedParams(request);
      if (params.From && params.Body !== undefined) {
        await recordReply(app.db, { phone: params.From, channel: 'sms', text: params.Body });
      }
      // An empty TwiML answer: the provider sends nothing back (its own STOP handling answers, if on).
      return reply.type('text/xml').send('<Response></Response>');
    },
  );
};
