import { createHmac, timingSafeEqual } from 'node:crypto';
import type { MessageChannel } from '@mandado/shared/order-messages';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The ways a message leaves (issue 29, decision 063): WhatsApp Business Cloud API template messages, an SMS
 * provider with Twilio's REST API, or — with neither configured — the log, as e-mail without SMTP_URL. Each
 * is plain `fetch` against the documented HTTP API: the providers' SDKs (twilio is ~10 MB with axios and
 * more) would add weight for two POSTs and two signature checks.
 */

export interface WhatsAppConfig {
  /** WHATSAPP_TOKEN: a system user's access token. */
  token: string;
  /** WHATSAPP_PHONE_NUMBER_ID: the business number's id in the Graph API. */
  phoneNumberId: string;
  /** WHATSAPP_API_URL: https://graph.facebook.com/v21.0 by default (a test's local peer otherwise). */
  apiUrl: string;
  /** WHATSAPP_APP_SECRET: signs the webhook's POSTs (X-Hub-Signature-256); null: no webhook. */
  appSecret: string | null;
  /** WHATSAPP_VERIFY_TOKEN: what Meta's subscription check (hub.verify_token) must repeat. */
  verifyToken: string | null;
}

export interface SmsConfig {
  /** SMS_API_URL: https://api.twilio.com by default, or any provider speaking its REST API. */
  apiUrl: string;
  /** SMS_ACCOUNT_SID and SMS_AUTH_TOKEN: basic auth of the API, and the key of its callbacks' signature. */
  accountSid: string;
  authToken: string;
  /** SMS_FROM: the sending number (E.164) or a messaging service id (MG…). */
  from: string;
}

export interface MessagingConfig {
  whatsapp: WhatsAppConfig | null;
  sms: SmsConfig | null;
}

export const NO_MESSAGING: MessagingConfig = { whatsapp: null, sms: null };

/** One message as a channel sends it. */
export interface ChannelMessage {
  id: number;
  kind: string;
  /** E.164. */
  to: string;
  /** The approved WhatsApp template and its variables; the SMS body. */
  template: string;
  variables: readonly string[];
  body: string;
}

export interface ChannelResult {
  status: 'sent' | 'captured';
  providerMessageId: string | null;
}

/**
 * A provider's refusal: `message` says who and the HTTP status (what the log shows), `detail` what its body
 * said (kept on the row, never logged: providers echo the number back).
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly detail: string,
  ) {
    super(message);
  }
}

/** The provider said no for good (a bad number, a template it does not know): retrying will not help. */
export class PermanentSendError extends ProviderError {}

export interface MessageSender {
  channel: MessageChannel;
  send(message: ChannelMessage): Promise<ChannelResult>;
}

/** A provider's answer as an error: 4xx other than 429 is permanent, the rest (5xx, 429) is retried. */
async function failure(provider: string, response: Response): Promise<Error> {
  const text = (await response.text().catch(() => '')).slice(0, 300);
  const message = `${provider} answered ${response.status}`;
  return response.status >= 400 && response.status < 500 && response.status !== 429
    ? new PermanentSendError(message, text)
    : new ProviderError(message, text);
}

const SEND_TIMEOUT_MS = 15_000;

/** `POST {api}/{phone-number-id}/messages` with a template message (business-initiated: templates only). */
export function whatsAppSender(config: WhatsAppConfig): MessageSender {
  return {
    channel: 'whatsapp',
    async send(message) {
      const response = await fetch(`${config.apiUrl}/${encodeURIComponent(config.phoneNumberId)}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${config.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: message.to.replace(/^\+/, ''),
          type: 'template',
          template: {
            name: message.template,
            language: { code: 'es' },
            components: [
              {
                type: 'body',
                parameters: message.variables.map((text) => ({ type: 'text', text: text || '-' })),
              },
            ],
          },
        }),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      if (!response.ok) throw await failure('WhatsApp', response);
      const answer = (await response.json()) as { messages?: Array<{ id?: string }> };
      const id = answer.messages?.[0]?.id;
      if (!id) throw new Error('WhatsApp answered without a message id');
      return { status: 'sent', providerMessageId: id };
    },
  };
}

/** `POST {api}/2010-04-01/Accounts/{sid}/Messages.json`, form-encoded, with a signed status callback. */
export function smsSender(config: SmsConfig, statusCallbackUrl: string): MessageSender {
  const auth = Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64');
  return {
    channel: 'sms',
    async send(message) {
      const form = new URLSearchParams({
        To: message.to,
        [config.from.startsWith('MG') ? 'MessagingServiceSid' : 'From']: config.from,
        Body: message.body,
        StatusCallback: statusCallbackUrl,
      });
      const response = await fetch(
        `${config.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`,
        {
          method: 'POST',
          headers: { authorization: `Basic ${auth}`, 'content-type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        },
      );
      if (!response.ok) throw await failure('SMS', response);
      const answer = (await response.json()) as { sid?: string };
      if (!answer.sid) throw new Error('SMS provider answered without a message sid');
      return { status: 'sent', providerMessageId: answer.sid };
    },
  };
}

/**
 * Without a provider: the log says which outbox row would have gone, its kind and channel, never the number
 * or the text (personal data and a delivery code, issue 27); the back office shows the row.
 */
export function logSender(log: FastifyBaseLogger): MessageSender {
  return {
    channel: 'log',
    async send(message) {
      log.info(
        { messageId: message.id, kind: message.kind, template: message.template },
        'Message captured (no WHATSAPP_TOKEN or SMS_ACCOUNT_SID): logged, not sent',
      );
      return { status: 'captured', providerMessageId: null };
    },
  };
}

/** The channel messages leave by: WhatsApp when configured, else SMS, else the log. */
export function preferredSender(
  config: MessagingConfig,
  log: FastifyBaseLogger,
  publicUrl: string,
): MessageSender {
  if (config.whatsapp) return whatsAppSender(config.whatsapp);
  if (config.sms) return smsSender(config.sms, `${publicUrl}${SMS_STATUS_PATH}`);
  return logSender(log);
}

/** Where the SMS provider posts delivery statuses and inbound replies (under /v1). */
export const SMS_STATUS_PATH = '/v1/messages/sms/status/';
export const SMS_INBOUND_PATH = '/v1/messages/sms/inbound/';
export const WHATSAPP_WEBHOOK_PATH = '/v1/messages/whatsapp/webhook/';

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Meta's X-Hub-Signature-256: `sha256=` and the hex HMAC-SHA256 of the raw body with the app secret. */
export function whatsAppSignature(appSecret: string, rawBody: Buffer): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

export function isWhatsAppSignatureValid(appSecret: string, rawBody: Buffer, header: string): boolean {
  return sameText(whatsAppSignature(appSecret, rawBody), header);
}

/**
 * Twilio's X-Twilio-Signature: the base64 HMAC-SHA1, keyed with the auth token, of the full URL it called
 * followed by every POST parameter, sorted by name, as name and value with no separator.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((text, key) => `${text}${key}${params[key] ?? ''}`, url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

export function isTwilioSignatureValid(
  authToken: string,
  url: string,
  params: Record<string, string>,
  header: string,
): boolean {
  return sameText(twilioSignature(authToken, url, params), header);
}
