import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { claimDueEmails } from '../src/modules/mail/mail.repository.ts';
import { enqueueEmail } from '../src/modules/mail/mail.service.ts';
import {
  captureMailTransport,
  type MailTransport,
  smtpMailTransport,
} from '../src/modules/mail/mail-transport.ts';
import { type MailWorker, retryDelaySeconds, startMailWorker } from '../src/modules/mail/mail-worker.ts';
import { type MailSink, startMailSink } from './mail-sink.ts';
import { createTestApp, queryRows, type TestApp } from './test-app.ts';

interface OutboxRow {
  id: number;
  to_address: string;
  status: string;
  attempts: number;
  last_error: string | null;
  retry_in_seconds: number;
  sent_at: Date | null;
}

const FROM = 'Mandado <no-reply@mandado.uy>';
const silentLog = Fastify({ logger: false }).log;

let t: TestApp;
let sink: MailSink;
let transport: MailTransport;
let worker: MailWorker | null = null;

beforeAll(async () => {
  t = await createTestApp();
  sink = await startMailSink();
  transport = smtpMailTransport(sink.url, FROM);
});
afterEach(async () => {
  await worker?.stop();
  worker = null;
  sink.refuseWith(null);
});
afterAll(async () => {
  transport.close();
  await sink.close();
  await t.close();
});

function startWorker(options: { transport?: MailTransport; intervalMs?: number } = {}): MailWorker {
  worker = startMailWorker({
    db: t.database.db,
    transport: options.transport ?? transport,
    log: silentLog,
    intervalMs: options.intervalMs ?? 60_000,
  });
  return worker;
}

async function outboxRow(to: string): Promise<OutboxRow> {
  const [row] = await queryRows<OutboxRow>(
    t.database,
    sql`select id, to_address, status, attempts, last_error, sent_at,
          extract(epoch from next_attempt_at - now())::float as retry_in_seconds
        from email_outbox where to_address = ${to}`,
  );
  if (!row) throw new Error(`no outbox row for ${to}`);
  return row;
}

/** Lets time pass for one row: its retry becomes due now. */
async function makeDue(to: string): Promise<void> {
  await t.database.db.execute(sql`update email_outbox set next_attempt_at = now() where to_address = ${to}`);
}

/** A local port nobody listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe('e-mail outbox over SMTP', () => {
  it('delivers an enqueued e-mail to the SMTP server, accents and link intact, and marks it sent', async () => {
    const to = 'lucia@correo.com';
    await enqueueEmail(t.database.db, {
      to,
      subject: 'Restablece tu contraseña de Mandado',
      text: 'Hola Lucía:\n\nAbre este enlace: http://localhost:3000/password-reset?token=abc_DEF-123\n',
      html: '<p>Hola Lucía</p>',
    });
    await startWorker().drain();

    const mail = await sink.waitFor(to);
    expect(mail.to).toEqual([to]);
    expect(mail.from).toBe(FROM);
    expect(mail.subject).toBe('Restablece tu contraseña de Mandado');
    expect(mail.text).toContain('Hola Lucía:');
    expect(mail.text).toContain('http://localhost:3000/password-reset?token=abc_DEF-123');
    expect(mail.html).toBe('<p>Hola Lucía</p>');
    const row = await outboxRow(to);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    expect(row.sent_at).not.toBeNull();
  });

  it('keeps a refused e-mail pending with a later retry, and delivers it once the server accepts', async () => {
    const to = 'refused@correo.com';
    sink.refuseWith(451);
    await enqueueEmail(t.database.db, { to, subject: 'Prueba', text: 'Reintento' });
    const mailWorker = startWorker();
    await mailWorker.drain();

    let row = await outboxRow(to);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, sent_at: null });
    expect(row.last_error).toContain('451');
    expect(row.retry_in_seconds).toBeGreaterThan(20);
    expect(row.retry_in_seconds).toBeLessThanOrEqual(30);
    expect(sink.messages.some((mail) => mail.to.includes(to))).toBe(false);

    // Not due yet: another pass leaves it alone.
    sink.refuseWith(null);
    await mailWorker.drain();
    expect((await outboxRow(to)).attempts).toBe(1);

    // A second refusal backs off further.
    sink.refuseWith(451);
    await makeDue(to);
    await mailWorker.drain();
    row = await outboxRow(to);
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });
    expect(row.retry_in_seconds).toBeGreaterThan(50);

    sink.refuseWith(null);
    await makeDue(to);
    await mailWorker.drain();
    expect((await sink.waitFor(to)).text).toContain('Reintento');
    row = await outboxRow(to);
    expect(row).toMatchObject({ status: 'sent', attempts: 3, last_error: null });
  });

  it('keeps an e-mail pending when the SMTP server cannot be reached', async () => {
    const to = 'unreachable@correo.com';
    const deadTransport = smtpMailTransport(`smtp://127.0.0.1:${await closedPort()}`, FROM);
    await enqueueEmail(t.database.db, { to, subject: 'Prueba', text: 'Sin servidor' });
    await startWorker({ transport: deadTransport }).drain();
    deadTransport.close();

    const row = await outboxRow(to);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, sent_at: null });
    expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(row.retry_in_seconds).toBeGreaterThan(20);
  });

  it('sends right away when kicked after an enqueue, without waiting for the next poll', async () => {
    const to = 'kicked@correo.com';
    const mailWorker = startWorker({ intervalMs: 600_000 });
    await enqueueEmail(t.database.db, { to, subject: 'Ya', text: 'Enseguida' });
    mailWorker.kick();
    expect((await sink.waitFor(to, 5000)).subject).toBe('Ya');
  });

  it('polls for due e-mails on its own', async () => {
    const to = 'polled@correo.com';
    startWorker({ intervalMs: 50 });
    await enqueueEmail(t.database.db, { to, subject: 'Sondeo', text: 'Llega solo' });
    expect((await sink.waitFor(to, 5000)).text).toContain('Llega solo');
  });

  it('enqueues with the transaction: a rolled-back change sends nothing', async () => {
    const to = 'rolled-back@correo.com';
    await expect(
      t.database.db.transaction(async (tx) => {
        await enqueueEmail(tx, { to, subject: 'Nunca', text: 'No debe salir' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const rows = await queryRows(t.database, sql`select id from email_outbox where to_address = ${to}`);
    expect(rows).toEqual([]);
  });
});

describe('e-mail outbox leases', () => {
  it('never hands one row to two workers while its lease lasts', async () => {
    const to = 'leased@correo.com';
    await enqueueEmail(t.database.db, { to, subject: 'Una vez', text: 'Solo una' });
    const first = await claimDueEmails(t.database.db, 100, 300);
    expect(first.map((email) => email.to)).toContain(to);
    const second = await claimDueEmails(t.database.db, 100, 300);
    expect(second.map((email) => email.to)).not.toContain(to);

    // A worker that died mid-send: once its lease runs out the row is claimed again.
    await t.database.db.execute(
      sql`update email_outbox set locked_until = now() - interval '1 second' where to_address = ${to}`,
    );
    const third = await claimDueEmails(t.database.db, 100, 300);
    expect(third.map((email) => email.to)).toContain(to);
    await t.database.db.execute(sql`delete from email_outbox where to_address = ${to}`);
  });

  it('splits due rows between workers claiming at the same time, never giving one row to both', async () => {
    const recipients = Array.from({ length: 12 }, (_, i) => `concurrent${i}@correo.com`);
    for (const to of recipients)
      await enqueueEmail(t.database.db, { to, subject: 'A la vez', text: 'Una vez' });
    const [a, b] = await Promise.all([
      claimDueEmails(t.database.db, 8, 300),
      claimDueEmails(t.database.db, 8, 300),
    ]);
    const claimed = [...a, ...b].map((email) => email.to);
    expect(new Set(claimed).size).toBe(claimed.length);
    expect(claimed.sort()).toEqual([...recipients].sort());
    await t.database.db.execute(sql`delete from email_outbox where to_address like 'concurrent%'`);
  });

  it('backs off exponentially from 30 s, capped at an hour, and never gives up', () => {
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([30, 60, 120, 240]);
    expect(retryDelaySeconds(8)).toBe(3600);
    expect(retryDelaySeconds(1000)).toBe(3600);
  });
});

describe('e-mail capture without SMTP', () => {
  it('writes the message to a file, logs only its outbox id and kind, and marks the e-mail captured', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const logger = Fastify({ logger: { level: 'info', stream } }).log;
    const dir = await mkdtemp(path.join(tmpdir(), 'mandado-mail-'));
    const to = 'captured@correo.com';
    const link = 'http://localhost:3000/password-reset?token=xyz';
    await enqueueEmail(t.database.db, {
      to,
      subject: 'Restablece tu contraseña de Mandado',
      text: `Enlace: ${link}`,
      kind: 'password.reset',
    });
    await startWorker({ transport: captureMailTransport(logger, dir) }).drain();

    const row = await outboxRow(to);
    expect(row).toMatchObject({ status: 'captured', attempts: 1 });
    expect(row.sent_at).not.toBeNull();
    // The developer reads the message, link included, in its file…
    const file = await readFile(path.join(dir, `${row.id}.eml`), 'utf8');
    expect(file).toContain(`To: ${to}`);
    expect(file).toContain('Subject: Restablece tu contraseña de Mandado');
    expect(file).toContain(link);
    // …and the log says which row went where, without the address or the link (issue 27).
    const entry = lines
      .map((line) => JSON.parse(line) as { msg: string; emailId?: number; kind?: string; file?: string })
      .find((line) => line.emailId === row.id);
    expect(entry).toMatchObject({ kind: 'password.reset', file: path.join(dir, `${row.id}.eml`) });
    expect(lines.join('')).not.toContain(to);
    expect(lines.join('')).not.toContain('token=xyz');
    expect(sink.messages.some((mail) => mail.to.includes(to))).toBe(false);
    await rm(dir, { recursive: true, force: true });
  });
});
