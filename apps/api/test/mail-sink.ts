import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message as a mail client would show it: decoded headers and bodies. */
export interface ReceivedMail {
  /** The envelope's recipients (RCPT TO). */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string | null;
}

export interface MailSink {
  port: number;
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  messages: ReceivedMail[];
  /** While set, every message is refused at DATA with this reply code (451: try again later). */
  refuseWith(code: number | null): void;
  /** The first message to this address, waiting up to `timeoutMs` for it. */
  waitFor(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server in this process (no TLS, no authentication) that keeps what it receives, so tests read
 * back exactly what a mail server got from nodemailer.
 */
export async function startMailSink(
  options: { port?: number; onMessage?: (mail: ReceivedMail) => void | Promise<void> } = {},
): Promise<MailSink> {
  const messages: ReceivedMail[] = [];
  let refusal: number | null = null;
  const server = new SMTPServer({
    authOptional: true,
    // nodemailer would upgrade to TLS and refuse our self-signed certificate.
    disabledCommands: ['STARTTLS'],
    logger: false,
    // A sink closing says goodbye (421) to its clients after 100 ms instead of smtp-server's 30 s. The app's
    // pool keeps its connections open between messages, and Playwright closes this sink (global teardown)
    // before it stops the web servers: every E2E run sat 29 s waiting after its last test.
    closeTimeout: 100,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        if (refusal !== null) {
          callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: refusal }));
          return;
        }
        const mail = {
          ...readMessage(Buffer.concat(chunks).toString('latin1')),
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
        };
        messages.push(mail);
        Promise.resolve(options.onMessage?.(mail)).then(() => callback(), callback);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refuseWith(code) {
      refusal = code;
    },
    async waitFor(to, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find((mail) => mail.to.includes(to));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No e-mail to ${to} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface Entity {
  headers: Map<string, string>;
  body: string;
}

/** Just enough MIME for what nodemailer writes: text, or multipart/alternative of text and HTML. */
export function readMessage(raw: string): Omit<ReceivedMail, 'to'> {
  const message = splitEntity(raw);
  const parts = leafParts(message);
  const text = parts.find((part) => contentType(part).type === 'text/plain');
  const html = parts.find((part) => contentType(part).type === 'text/html');
  return {
    from: decodeWords(message.headers.get('from') ?? ''),
    subject: decodeWords(message.headers.get('subject') ?? ''),
    text: text ? decodeBody(text) : '',
    html: html ? decodeBody(html) : null,
  };
}

function splitEntity(raw: string): Entity {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function contentType(entity: Entity): { type: string; boundary: string | null } {
  const value = entity.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(value)?.[1] ?? null;
  return { type: (value.split(';')[0] ?? '').trim().toLowerCase(), boundary };
}

function leafParts(entity: Entity): Entity[] {
  const { type, boundary } = contentType(entity);
  if (!type.startsWith('multipart/') || !boundary) return [entity];
  const sections = entity.body.split(`--${boundary}`).slice(1);
  return sections
    .filter((section) => !section.startsWith('--'))
    .flatMap((section) => leafParts(splitEntity(section.replace(/^\n/, '').replace(/\n$/, ''))));
}

function decodeBody(entity: Entity): string {
  const encoding = (entity.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(entity.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(entity.body.replace(/=\n/g, ''));
  return Buffer.from(entity.body, 'latin1').toString('utf8');
}

function decodeQuotedPrintable(text: string): string {
  return quotedPrintableBytes(text).toString('utf8');
}

function quotedPrintableBytes(text: string): Buffer {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(text.charCodeAt(i) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

const ENCODED_WORD = /=\?[^?]+\?([QqBb])\?([^?]*)\?=/g;
const ENCODED_WORD_RUN = /=\?[^?]+\?[QqBb]\?[^?]*\?=(?:\s+=\?[^?]+\?[QqBb]\?[^?]*\?=)*/g;

/**
 * RFC 2047 encoded words (=?UTF-8?Q?...?=, =?UTF-8?B?...?=) in a header. Adjacent words are joined as bytes
 * before decoding, since a character may be split across two of them.
 */
function decodeWords(value: string): string {
  return value.replace(ENCODED_WORD_RUN, (run) =>
    Buffer.concat(
      [...run.matchAll(ENCODED_WORD)].map(([, encoding = 'Q', data = '']) =>
        encoding.toUpperCase() === 'B'
          ? Buffer.from(data, 'base64')
          : quotedPrintableBytes(data.replace(/_/g, ' ')),
      ),
    ).toString('utf8'),
  );
}
