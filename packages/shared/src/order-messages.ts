import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { deliveryWindowText } from './date-text.ts';
import { MONTEVIDEO_OFFSET_MS } from './montevideo-time.ts';
import { isUruguayMobile } from './phone-links.ts';

/**
 * WhatsApp and SMS about an order (issue 29, decision 063): what is sent to the family (the beneficiary) and
 * to the remitter, the Spanish texts, the WhatsApp templates they are approved as, the statuses the back
 * office shows, and the rules every channel shares (E.164 numbers, BAJA/STOP, quiet hours).
 */

export const ORDER_MESSAGE_KINDS = [
  'order_coming',
  'courier_arrived',
  'attempt_failed',
  'substitution_question',
  'delivered',
  'refund',
  'receipt_claimed',
] as const;
export type OrderMessageKind = (typeof ORDER_MESSAGE_KINDS)[number];

export const MESSAGE_AUDIENCES = ['beneficiary', 'remitter'] as const;
export type MessageAudience = (typeof MESSAGE_AUDIENCES)[number];

/** Who hears of each kind: a failed attempt reaches both, every other kind one of them. */
export const MESSAGE_AUDIENCES_OF: Record<OrderMessageKind, readonly MessageAudience[]> = {
  order_coming: ['beneficiary'],
  courier_arrived: ['beneficiary'],
  attempt_failed: ['beneficiary', 'remitter'],
  substitution_question: ['remitter'],
  delivered: ['remitter'],
  refund: ['remitter'],
  receipt_claimed: ['remitter'],
};

export const MESSAGE_CHANNELS = ['whatsapp', 'sms', 'log'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/**
 * A message's life: `pending` in the outbox (possibly deferred to 08:00), then `sent` to the provider (or
 * `captured` in the log without one), `delivered` and `read` from its signed callbacks, `failed` (the
 * provider refused it, or retries ran out), or `opted_out` (the number answered BAJA on that channel).
 */
export const MESSAGE_STATUSES = [
  'pending',
  'sent',
  'captured',
  'delivered',
  'read',
  'failed',
  'opted_out',
] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** How far a message got: a callback only ever moves it forward (the provider's callbacks arrive out of order). */
export const MESSAGE_STATUS_RANK: Record<MessageStatus, number> = {
  pending: 0,
  captured: 1,
  sent: 1,
  delivered: 2,
  read: 3,
  failed: 4,
  opted_out: 4,
};

export const MESSAGE_STATUS_LABELS: Record<MessageStatus, string> = {
  pending: 'en cola',
  sent: 'enviado',
  captured: 'enviado (sin proveedor: solo registrado)',
  delivered: 'entregado',
  read: 'leído',
  failed: 'falló',
  opted_out: 'no enviado: baja',
};

/** A pending message waiting for the morning, in the timeline. */
export const MESSAGE_DEFERRED_LABEL = 'no enviado: horario (sale a las 08:00)';

export const MESSAGE_CHANNEL_LABELS: Record<MessageChannel, string> = {
  whatsapp: 'WhatsApp',
  sms: 'SMS',
  log: 'Registro',
};

export const MESSAGE_KIND_LABELS: Record<OrderMessageKind, string> = {
  order_coming: 'El pedido va en camino',
  courier_arrived: 'Llegó el repartidor',
  attempt_failed: 'Intento de entrega fallido',
  substitution_question: 'Pregunta por un reemplazo',
  delivered: 'Pedido entregado',
  refund: 'Devolución',
  receipt_claimed: 'Aviso de que falta algo',
};

export const MESSAGE_AUDIENCE_LABELS: Record<MessageAudience, string> = {
  beneficiary: 'quien recibe',
  remitter: 'quien compra',
};

/** What a message's text is made of; each kind reads the fields it needs. Links are paths on the site. */
export interface OrderMessageParams {
  /** The first name of whoever receives this message. */
  firstName: string;
  storeOrderNumber: string;
  storeName: string;
  /** The store's address, for a pick-up. */
  storeAddress?: string;
  delivery?: 'standard' | 'pickup';
  /** The beneficiary's first name, in the remitter's messages. */
  beneficiaryFirstName?: string;
  /** The remitter's first name, in the beneficiary's messages. */
  remitterFirstName?: string;
  deliveryCode?: string;
  /** The delivery window's days (YYYY-MM-DD, Montevideo): older orders, without a chosen window. */
  window?: { from: string; to: string };
  /** The chosen delivery window as the shop writes it ('mar 1/12, 9:00 a 13:00'; decision 065). */
  windowSlotText?: string;
  /** Why an attempt failed ('No había nadie'), and whether operators take it from here. */
  reason?: string;
  finalAttempt?: boolean;
  /** Substitution: the missing product and the one offered instead. */
  missing?: string;
  offered?: string;
  /** Delivered: who received it. */
  receivedBy?: string;
  /** Refund: '$ 12,50'. */
  amountText?: string;
  /** A path on the site (the tracking page, the remitter's order), completed with PUBLIC_URL when sent. */
  linkPath?: string;
}

/** The opt-out note every text ends with (the SMS and the WhatsApp template's footer). */
export const OPT_OUT_NOTE = 'Responde BAJA para no recibir más mensajes.';

function greeting(firstName: string): string {
  const name = firstName.trim();
  return name ? `Hola ${name}:` : 'Hola:';
}

function windowText(params: OrderMessageParams): string {
  // The window the remitter chose, with its hours; an order from before windows has only its days.
  if (params.windowSlotText) return `el ${params.windowSlotText}`;
  return params.window ? deliveryWindowText(params.window).toLowerCase() : 'en los próximos días';
}

/** The template's variables ({{1}}, {{2}}, …) in order, and the same text as one SMS body. */
export interface RenderedMessage {
  /** The approved WhatsApp template's name (language `es`). */
  template: string;
  variables: string[];
  body: string;
}

function rendered(template: string, variables: string[], body: string): RenderedMessage {
  return { template, variables, body: `${body} ${OPT_OUT_NOTE}` };
}

function linkOf(params: OrderMessageParams, publicUrl: string): string {
  return params.linkPath ? `${publicUrl}${params.linkPath}` : publicUrl;
}

/**
 * The text of a kind for an audience. The WhatsApp template of the same name must be approved with the same
 * wording and its variables in this order (docs/decisions/063-order-messages-whatsapp-sms.md lists them).
 */
export function renderOrderMessage(
  kind: OrderMessageKind,
  audience: MessageAudience,
  params: OrderMessageParams,
  publicUrl: string,
): RenderedMessage {
  const hello = greeting(params.firstName);
  const number = params.storeOrderNumber;
  const store = params.storeName;
  const link = linkOf(params, publicUrl);
  const code = params.deliveryCode ?? '';
  switch (kind) {
    case 'order_coming':
      if (params.delivery === 'pickup') {
        return rendered(
          'mandado_pedido_para_retirar',
          [params.firstName, number, store, params.storeAddress ?? '', code],
          `${hello} tu pedido ${number} está listo para retirar en ${store} (${params.storeAddress ?? ''}). Al retirarlo, di este código: ${code}.`,
        );
      }
      return rendered(
        'mandado_pedido_en_camino',
        [params.firstName, params.remitterFirstName ?? '', number, store, windowText(params), code, link],
        `${hello} ${params.remitterFirstName ?? 'alguien'} te envió el pedido ${number} de ${store}. Llega ${windowText(params)}. Al recibirlo, di este código: ${code}. Síguelo en ${link}`,
      );
    case 'courier_arrived':
      return rendered(
        'mandado_repartidor_llego',
        [params.firstName, number, store, code],
        `${hello} llegó el repartidor con tu pedido ${number} de ${store}. Ten a mano el código ${code}.`,
      );
    case 'attempt_failed':
      if (audience === 'beneficiary') {
        const next = params.finalAttempt
          ? 'Nuestro equipo te va a escribir para coordinar la entrega.'
          : 'Vamos a intentarlo de nuevo y te avisamos antes.';
        return rendered(
          'mandado_intento_fallido_familia',
          [params.firstName, number, store, params.reason ?? '', next],
          `${hello} no pudimos entregarte el pedido ${number} de ${store} (${params.reason ?? ''}). ${next}`,
        );
      } else {
        const next = params.finalAttempt
          ? 'Nuestro equipo va a coordinar la entrega.'
          : 'Vamos a intentarlo de nuevo.';
        return rendered(
          'mandado_intento_fallido',
          [params.firstName, number, params.beneficiaryFirstName ?? '', params.reason ?? '', next, link],
          `${hello} no pudimos entregar tu pedido ${number} a ${params.beneficiaryFirstName ?? 'quien recibe'} (${params.reason ?? ''}). ${next} Detalle: ${link}`,
        );
      }
    case 'substitution_question':
      return rendered(
        'mandado_pregunta_reemplazo',
        [params.firstName, store, params.missing ?? '', number, params.offered ?? '', link],
        `${hello} en ${store} no hay ${params.missing ?? ''} de tu pedido ${number}. Te proponen ${params.offered ?? ''}. Responde en ${link}`,
      );
    case 'delivered':
      return rendered(
        'mandado_pedido_entregado',
        [params.firstName, number, store, params.receivedBy ?? '', link],
        `${hello} entregamos tu pedido ${number} de ${store}; lo recibió ${params.receivedBy ?? ''}. Mira la constancia en ${link}`,
      );
    case 'refund':
      return rendered(
        'mandado_devolucion',
        [params.firstName, params.amountText ?? '', number, link],
        `${hello} te devolvimos ${params.amountText ?? ''} de tu pedido ${number}. Detalle: ${link}`,
      );
    case 'receipt_claimed':
      return rendered(
        'mandado_falta_algo',
        [params.firstName, params.beneficiaryFirstName ?? '', params.missing ?? '', number, store, link],
        `${hello} ${params.beneficiaryFirstName ?? 'quien recibió'} avisó que falta ${params.missing ?? 'algo'} en tu pedido ${number} de ${store}. Lo revisamos y te contamos. Sigue el aviso en ${link}`,
      );
  }
}

/**
 * A remitter's phone as the account stores it (E.164 already), or a beneficiary's mobile in its mask
 * ('(091) 123456') read as a Uruguayan number, in E.164; null for a landline (it takes neither WhatsApp nor
 * SMS) or a number that is not valid.
 */
export function messagingPhoneE164(value: string, defaultCountry: 'UY' = 'UY'): string | null {
  const trimmed = value.trim();
  if (!trimmed) return null;
  const phone = trimmed.startsWith('+')
    ? parsePhoneNumberFromString(trimmed)
    : parsePhoneNumberFromString(trimmed.replace(/[()\s-]/g, ''), defaultCountry);
  if (!phone?.isValid()) return null;
  if (phone.country === 'UY' && !isUruguayMobile(phone.number)) return null;
  return phone.number;
}

/** '+598 •••• 567': the back office sees whose number it was without reading it whole. */
export function maskedPhone(e164: string): string {
  const phone = parsePhoneNumberFromString(e164);
  const country = phone ? `+${phone.countryCallingCode}` : e164.slice(0, 3);
  return `${country} •••• ${e164.slice(-3)}`;
}

/** What a reply asks for: BAJA/STOP (any case, accents or punctuation) stops, ALTA/START allows again. */
export function optOutReply(text: string): 'stop' | 'start' | null {
  const word = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z]/g, '')
    .toUpperCase();
  if (['BAJA', 'STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCELAR', 'ALTO'].includes(word)) return 'stop';
  if (['ALTA', 'START', 'UNSTOP'].includes(word)) return 'start';
  return null;
}

/** Quiet hours on Montevideo's clock: from 21:00 to 08:00 nothing is sent. */
export const QUIET_HOURS = { fromHour: 21, toHour: 8 } as const;

/**
 * When a message due at `now` may leave: `now` itself between 08:00 and 21:00 in Montevideo, otherwise the
 * next 08:00 there (the same night's morning, or tomorrow's).
 */
export function sendableAt(now: Date): Date {
  const local = new Date(now.getTime() + MONTEVIDEO_OFFSET_MS);
  const hour = local.getUTCHours();
  if (hour >= QUIET_HOURS.toHour && hour < QUIET_HOURS.fromHour) return now;
  const morning = new Date(
    Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), QUIET_HOURS.toHour),
  );
  if (hour >= QUIET_HOURS.fromHour) morning.setUTCDate(morning.getUTCDate() + 1);
  return new Date(morning.getTime() - MONTEVIDEO_OFFSET_MS);
}
