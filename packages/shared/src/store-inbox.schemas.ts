import { z } from 'zod';
import { decimalString } from './catalog.schemas.ts';
import { INBOX_TABS } from './fulfilment.ts';
import { MESSAGES } from './messages.ts';
import { STORE_ORDER_STATUSES } from './order-status.ts';
import { staffStoreOrderSchema } from './staff-order.schemas.ts';

/** The store inbox's calls (issue 17): the phone-first list, lines not available, Web Push. */

/** Orders per inbox page: a phone shows a few cards at once and older ones are paged. */
export const INBOX_PAGE_SIZE = 20;

export const STORE_INBOX_MESSAGES = {
  lineNotChangeable: 'Solo puedes cambiar los productos de un pedido nuevo o en preparación.',
  lineAlreadyMarked: 'Ya registraste la disponibilidad de este producto.',
  availableTooMany: (quantity: number) => `La cantidad disponible debe ser menor que ${quantity}.`,
  substituteRefused: 'Quien compró pidió el reembolso si falta un producto: no se puede reemplazar.',
  substituteTooDear: 'El reemplazo no puede costar más que el producto que falta.',
  substituteTooMany: 'No puedes reemplazar más unidades de las que faltan.',
  substituteUnknown: 'Ese producto no está disponible en tu tienda.',
  substituteSame: 'El reemplazo debe ser otro producto.',
  pushEndpoint: 'La dirección de notificaciones no es válida.',
  pushKeys: 'Las claves de notificaciones de este navegador no son válidas.',
  pushEndpointTaken: 'Esta dirección de notificaciones ya está registrada por otra persona.',
} as const;

/** `GET /v1/merchant/stores/:id/orders/?tab=new&page=1`: no tab lists every tab's orders together. */
export const inboxQuerySchema = z.object({
  tab: z.enum(INBOX_TABS).optional(),
  page: z.coerce.number({ error: MESSAGES.invalidValue }).int().min(1).max(10_000).default(1),
});

const tabCounts = z.object(
  Object.fromEntries(INBOX_TABS.map((tab) => [tab, z.number().int()])) as Record<
    (typeof INBOX_TABS)[number],
    z.ZodNumber
  >,
);

/**
 * The inbox: one page of a tab, newest first, every tab's count, and how many paid orders nobody opened yet
 * (the phone rings while `unseen` > 0). Answered with an ETag; the same state again is a 304.
 */
export const storeInboxSchema = z.object({
  results: z.array(staffStoreOrderSchema),
  counts: tabCounts,
  unseen: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
});
export type StoreInbox = z.infer<typeof storeInboxSchema>;

/**
 * `POST …/orders/:number/lines/:lineId/availability/`: how many of the line the store can supply (fewer than
 * ordered) and, where the buyer's preference allows it, a product of the same store instead of the missing
 * units, at the same or a lower unit price.
 */
export const lineAvailabilityInputSchema = z.object({
  /** The store order's status the screen showed (compare-and-set, 409 when it moved meanwhile). */
  from: z.enum(STORE_ORDER_STATUSES),
  available_quantity: z.number({ error: MESSAGES.invalidValue }).int().min(0).max(98),
  substitute: z
    .object({
      product_id: z.number().int().positive().max(2_147_483_647),
      quantity: z.number().int().min(1).max(99),
    })
    .nullable()
    .default(null),
  /** 'Marcar como agotado' (issue 31 item 5): the product's stock goes to 0 with the change. */
  mark_sold_out: z.boolean().optional(),
});
export type LineAvailabilityInput = z.infer<typeof lineAvailabilityInputSchema>;

export const substituteQuerySchema = z.object({ q: z.string().trim().max(100).default('') });

/** A product of the store that may replace a missing line: its USD unit price is at most the line's. */
export const substituteCandidateSchema = z.object({
  product_id: z.number().int(),
  name: z.string(),
  image: z.string().nullable(),
  /** USD, as it would be charged (the line's price rule: the effective price converted once). */
  unit_price: decimalString,
  /**
   * Issue 31: the product's own price and currency as the store sells it ('239.00', 'UYU'): the store thinks
   * in pesos, so its dialog shows these rather than the dollars it would be charged at.
   */
  shelf_price: decimalString.optional(),
  currency: z.string().optional(),
  stock: z.number().int(),
});
export const substituteCandidateListSchema = z.object({ results: z.array(substituteCandidateSchema) });
export type SubstituteCandidate = z.infer<typeof substituteCandidateSchema>;

/** `GET /v1/merchant/push/key/`: the VAPID public key the browser subscribes with. */
export const pushKeySchema = z.object({ public_key: z.string() });

const BASE64URL_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * The bytes of a base64url value (padding allowed), or null when it is not one. By hand: this package has
 * neither the browser's nor Node's globals (atob, Buffer).
 */
export function base64UrlBytes(value: string): number[] | null {
  const plain = value.replace(/=+$/, '');
  if (plain.length % 4 === 1) return null;
  const bytes: number[] = [];
  let bits = 0;
  let buffer = 0;
  for (const char of plain) {
    const sextet = BASE64URL_ALPHABET.indexOf(char);
    if (sextet < 0) return null;
    buffer = ((buffer << 6) | sextet) & 0xffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  return bytes;
}

/** A string's length in UTF-8 (a lone surrogate counts as the 3 bytes of its replacement character). */
function utf8Length(value: string): number {
  let length = 0;
  for (const char of value) {
    const point = char.codePointAt(0) ?? 0;
    length += point < 0x80 ? 1 : point < 0x800 ? 2 : point < 0x10000 ? 3 : 4;
  }
  return length;
}

/**
 * A subscription's keys as RFC 8291 makes them: p256dh an uncompressed P-256 point (65 bytes, 0x04 first),
 * auth a 16-byte secret. Anything else could only make the sender throw later, for every message.
 */
const pushKey = (valid: (bytes: readonly number[]) => boolean) =>
  z
    .string()
    .trim()
    .max(200, STORE_INBOX_MESSAGES.pushKeys)
    .refine((value) => {
      const bytes = base64UrlBytes(value);
      return bytes !== null && valid(bytes);
    }, STORE_INBOX_MESSAGES.pushKeys);

/** Push services' URLs are short ASCII; a longer one is no push service's (and would not fit the index). */
export const PUSH_ENDPOINT_MAX_BYTES = 1024;

const pushEndpoint = z
  .string()
  .trim()
  .min(1, MESSAGES.required)
  .refine((value) => utf8Length(value) <= PUSH_ENDPOINT_MAX_BYTES, STORE_INBOX_MESSAGES.pushEndpoint);

/** `POST /v1/merchant/push/subscriptions/`: the browser's PushSubscription.toJSON(). */
export const pushSubscriptionInputSchema = z.object({
  endpoint: pushEndpoint,
  keys: z.object({
    p256dh: pushKey((bytes) => bytes.length === 65 && bytes[0] === 0x04),
    auth: pushKey((bytes) => bytes.length === 16),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;

/** `DELETE /v1/merchant/push/subscriptions/` */
export const pushUnsubscribeInputSchema = z.object({
  endpoint: z.string().trim().min(1, MESSAGES.required).max(2000, MESSAGES.tooLong(2000)),
});

/** What a Web Push message carries to the staff app's service worker. */
export const pushPayloadSchema = z.object({ title: z.string(), body: z.string(), url: z.string() });
export type PushPayload = z.infer<typeof pushPayloadSchema>;
