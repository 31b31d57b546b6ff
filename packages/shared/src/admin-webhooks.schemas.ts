import { z } from 'zod';
import { MESSAGES } from './messages.ts';

/** The events a partner's endpoint may subscribe to (issue 19). */
export const WEBHOOK_EVENTS = ['order.paid', 'store_order.status_changed', 'refund.succeeded'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** The longest endpoint URL accepted: partners' URLs are short; this keeps rows and logs small. */
export const WEBHOOK_URL_MAX_LENGTH = 500;

/** The back office's texts for webhooks (issue 19), in the tú voice. */
export const ADMIN_WEBHOOKS_MESSAGES = {
  title: 'Webhooks',
  intro:
    'Los socios reciben avisos firmados cuando se paga un pedido, cambia el estado de un pedido de tienda o se completa una devolución.',
  newEndpoint: 'Nuevo endpoint',
  create: 'Crear endpoint',
  url: 'URL',
  urlHint: 'https:// y una dirección pública. Cada aviso llega como POST con JSON.',
  events: 'Eventos',
  eventLabels: {
    'order.paid': 'Pedido pagado',
    'store_order.status_changed': 'Cambio de estado de un pedido de tienda',
    'refund.succeeded': 'Devolución completada',
  } satisfies Record<WebhookEvent, string>,
  statusLabels: {
    pending: 'Pendiente',
    delivered: 'Entregado',
    failed: 'Fallido',
  } satisfies Record<WebhookDeliveryStatus, string>,
  urlInvalid: 'Escribe una URL completa, como https://socio.example/webhooks.',
  urlNotHttps: 'La URL tiene que empezar con https://.',
  urlNotPublic: 'La URL tiene que apuntar a una dirección pública de internet.',
  urlCredentials: 'La URL no puede llevar usuario ni contraseña.',
  eventsRequired: 'Elige al menos un evento.',
  nothingToChange: 'No hay nada que cambiar.',
  secretOnce: 'Copia el secreto ahora: no se vuelve a mostrar.',
  secretLabel: 'Secreto de firma',
  copySecret: 'Copiar secreto',
  created: 'Endpoint creado.',
  saved: 'Cambios guardados.',
  rotate: 'Cambiar secreto',
  rotateConfirm:
    'Se crea un secreto nuevo. El anterior sigue firmando durante 24 horas, así el socio puede cambiarlo sin perder avisos.',
  rotated: 'Secreto cambiado.',
  disable: 'Pausar',
  enable: 'Reanudar',
  disabled: 'Pausado',
  enabled: 'Activo',
  disabledDone: 'Endpoint pausado: no recibe avisos nuevos.',
  enabledDone: 'Endpoint reanudado.',
  deliveries: 'Entregas',
  hideDeliveries: 'Ocultar entregas',
  noEndpoints: 'Todavía no hay endpoints. Crea uno para empezar a enviar avisos.',
  noDeliveries: 'Este endpoint todavía no recibió avisos.',
  moreDeliveries: 'Ver más',
  replay: 'Reenviar',
  replayed: 'Aviso puesto en cola para reenviar.',
  attempts: 'Intentos',
  lastCode: 'Última respuesta',
  noAnswer: 'Sin respuesta',
  event: 'Evento',
  status: 'Estado',
  time: 'Fecha',
  close: 'Cerrar',
  cancel: 'Cancelar',
  previousSecretUntil: (until: string) => `El secreto anterior firma hasta ${until}.`,
  loadFailed: 'No pudimos cargar los webhooks. Prueba de nuevo.',
} as const;

const urlField = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .max(WEBHOOK_URL_MAX_LENGTH, MESSAGES.tooLong(WEBHOOK_URL_MAX_LENGTH))
  // The shape only (a scheme and a host); the server parses it and applies the rest (https, a public address).
  .refine(
    (value) => /^https?:\/\/[^\s/?#]+/i.test(value) && !/\s/.test(value),
    ADMIN_WEBHOOKS_MESSAGES.urlInvalid,
  );

const eventsField = z
  .array(z.enum(WEBHOOK_EVENTS), { error: ADMIN_WEBHOOKS_MESSAGES.eventsRequired })
  .min(1, ADMIN_WEBHOOKS_MESSAGES.eventsRequired)
  .max(WEBHOOK_EVENTS.length)
  // A list with repeats is the same subscription: stored once each, in the canonical order.
  .transform((events) => WEBHOOK_EVENTS.filter((event) => events.includes(event)));

/** `POST /v1/admin/webhooks/`. */
export const webhookEndpointInputSchema = z.object({ url: urlField, events: eventsField });
export type WebhookEndpointInput = z.input<typeof webhookEndpointInputSchema>;

/** `PUT /v1/admin/webhooks/:id/`: any of the three; at least one. */
export const webhookEndpointUpdateSchema = z.object({
  url: urlField.optional(),
  events: eventsField.optional(),
  disabled: z.boolean().optional(),
});
export type WebhookEndpointUpdate = z.input<typeof webhookEndpointUpdateSchema>;

/** An endpoint as the back office lists it: never its secret. */
export const webhookEndpointSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  disabled: z.boolean(),
  created_at: z.string(),
  /** After a rotation, until when the previous secret also signs; null otherwise. */
  previous_secret_until: z.string().nullable(),
  /** Deliveries waiting (pending) and given up (failed), for the list's badge. */
  pending_count: z.number().int(),
  failed_count: z.number().int(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The answer of creating an endpoint or rotating its secret: the only time the secret is shown. */
export const webhookEndpointWithSecretSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

export const webhookEndpointListSchema = z.object({ results: z.array(webhookEndpointSchema) });
export type WebhookEndpointList = z.infer<typeof webhookEndpointListSchema>;

export const webhookAttemptSchema = z.object({
  at: z.string(),
  status_code: z.number().int().nullable(),
  error: z.string().nullable(),
  duration_ms: z.number().int(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  endpoint_id: z.number().int(),
  event_id: z.string(),
  event_type: z.enum(WEBHOOK_EVENTS),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempt_count: z.number().int(),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  next_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  /** Every POST of this delivery, oldest first. */
  attempts: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryPageSchema = z.object({
  results: z.array(webhookDeliverySchema),
  /** Pass as `cursor` for the next (older) page; null on the last. */
  next_cursor: z.string().nullable(),
});
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPageSchema>;

export const webhookDeliveriesQuerySchema = z.object({
  cursor: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, MESSAGES.invalidValue)
    .refine((value) => Number(value) <= 2_147_483_647, MESSAGES.invalidValue)
    .optional(),
});

/**
 * What a partner's HTTP status means, in a few plain words for operators (issue 27): the code alone tells
 * them little, and what to tell the partner depends on its class.
 */
export function webhookStatusText(code: number): string {
  if (code >= 200 && code < 300) return 'recibido';
  if (code >= 300 && code < 400) return 'redirección: no la seguimos, configura la URL final';
  if (code === 401 || code === 403) return 'acceso negado por el servidor del socio';
  if (code === 404 || code === 410) return 'esa ruta no existe en el servidor del socio';
  if (code === 408 || code === 429) return 'el servidor del socio pidió esperar; se vuelve a intentar';
  if (code >= 400 && code < 500) return 'el servidor del socio rechazó el aviso';
  if (code >= 500) return 'error en el servidor del socio; se vuelve a intentar';
  return 'respuesta inesperada';
}
