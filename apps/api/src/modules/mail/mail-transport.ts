import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  /** Reply-To (issue 19: the support inbox answers on behalf of the team, replies go to the writer). */
  replyTo?: string | null;
  /** The outbox row's id and kind, when it comes from the outbox: what a captured message's log line shows. */
  id?: number;
  kind?: string | null;
}

/** How a message left: handed to an SMTP server, or only written to the log (no SMTP configured). */
export type DeliveryOutcome = 'sent' | 'captured';

/** Delivers one message or throws; the outbox worker owns retries. */
export interface MailTransport {
  deliver(message: MailMessage): Promise<DeliveryOutcome>;
  close(): void;
}

export interface MailTransportOptions {
  /** smtp://user:pass@host:587 or smtps://…; null captures every message in `capturedMailDir` instead. */
  smtpUrl: string | null;
  /** Where captured messages are written, one file each (`<DATA_DIR>/mail`). */
  capturedMailDir: string;
  /** The From header, e.g. `Mandado <no-reply@mandado.uy>`. */
  from: string;
  log: FastifyBaseLogger;
}

export function createMailTransport(options: MailTransportOptions): MailTransport {
  return options.smtpUrl
    ? smtpMailTransport(options.smtpUrl, options.from)
    : captureMailTransport(options.log, options.capturedMailDir);
}

export function smtpMailTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(
    {
      url: smtpUrl,
      // Pooled: a few connections stay open and carry many messages each, instead of a TCP and SMTP
      // handshake per message (decision 036). The worker sends up to `maxConnections` at once.
      pool: true,
      maxConnections: 8,
      maxMessages: 500,
      // Short timeouts: a hung server must fail the attempt well within the worker's lease on the row.
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    },
    { from },
  );
  return {
    async deliver(message) {
      const info = await transporter.sendMail({
        // As an address object, so nothing in it can be read as a display name or a second recipient.
        to: { name: '', address: message.to },
        subject: message.subject,
        text: message.text,
        ...(message.html === null ? {} : { html: message.html }),
        ...(message.replyTo ? { replyTo: { name: '', address: message.replyTo } } : {}),
      });
      if (info.rejected.length > 0) throw new Error(`Recipient refused: ${info.response}`);
      return 'sent';
    },
    close() {
      transporter.close();
    },
  };
}

/**
 * Without SMTP (the embedded default) a message is written to a file in `dir` (`<DATA_DIR>/mail/<id>.eml`),
 * where a developer opens a password-reset link; the log only says which outbox row was captured and where
 * (issue 27: addresses and links are personal data and credentials, never log content).
 */
export function captureMailTransport(log: FastifyBaseLogger, dir: string): MailTransport {
  return {
    async deliver(message) {
      await mkdir(dir, { recursive: true });
      const name = `${message.id ?? `${Date.now()}-${randomUUID()}`}.eml`;
      const file = path.join(dir, name);
      const headers = [
        `To: ${message.to}`,
        ...(message.replyTo ? [`Reply-To: ${message.replyTo}`] : []),
        `Subject: ${message.subject}`,
        'Content-Type: text/plain; charset=utf-8',
      ];
      await writeFile(file, `${headers.join('\n')}\n\n${message.text}\n`, { mode: 0o600 });
      log.info(
        { emailId: message.id ?? null, kind: message.kind ?? null, file },
        'E-mail captured (SMTP_URL is not set): written to a file, not sent',
      );
      return 'captured';
    },
    close() {},
  };
}
