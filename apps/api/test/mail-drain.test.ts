import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimDueEmails } from '../src/modules/mail/mail.repository.ts';
import { type MailTransport, smtpMailTransport } from '../src/modules/mail/mail-transport.ts';
import { MAIL_LEASE_SECONDS, startMailWorker } from '../src/modules/mail/mail-worker.ts';
import { type MailSink, startMailSink } from './mail-sink.ts';
import { createTestApp, queryRows, type TestApp } from './test-app.ts';

const silentLog = Fastify({ logger: false }).log;

let t: TestApp;
let sink: MailSink;
let transport: MailTransport;
beforeAll(async () => {
  t = await createTestApp();
  sink = await startMailSink();
  transport = smtpMailTransport(sink.url, 'Mandado <no-reply@mandado.uy>');
});
afterAll(async () => {
  transport.close();
  await sink.close();
  await t.close();
});

describe('the e-mail outbox keeps up (decision 036)', () => {
  it('drains 1,000 queued e-mails to a local SMTP server in under 30 seconds', async () => {
    await t.database.db.execute(sql`
      insert into email_outbox (to_address, subject, text_body)
      select 'lote' || n || '@correo.com', 'Tu pedido ' || n, 'Hola, tu pedido ' || n || ' está en camino.'
      from generate_series(1, 1000) n
    `);
    const worker = startMailWorker({ db: t.database.db, transport, log: silentLog, intervalMs: 60_000 });
    const started = performance.now();
    try {
      await worker.drain();
    } finally {
      await worker.stop();
    }
    const seconds = (performance.now() - started) / 1000;
    console.info(`outbox: 1,000 e-mails drained in ${seconds.toFixed(1)} s`);
    expect(seconds).toBeLessThan(30);
    const [counts] = await queryRows<{ sent: number; pending: number }>(
      t.database,
      sql`select count(*) filter (where status = 'sent')::int as sent,
                 count(*) filter (where status = 'pending')::int as pending
          from email_outbox where to_address like 'lote%'`,
    );
    expect(counts).toEqual({ sent: 1000, pending: 0 });
    const received = new Set(sink.messages.flatMap((mail) => mail.to).filter((to) => to.startsWith('lote')));
    expect(received.size).toBe(1000);
  }, 60_000);

  it("claims with a lease under a minute, so a crashed instance's e-mails go out within one", async () => {
    await t.database.db.execute(sql`
      insert into email_outbox (to_address, subject, text_body) values ('arrendado@correo.com', 'Hola', 'Hola')
    `);
    expect(MAIL_LEASE_SECONDS).toBeLessThan(60);
    const claimed = await claimDueEmails(t.database.db, 10, MAIL_LEASE_SECONDS);
    expect(claimed.map((email) => email.to)).toContain('arrendado@correo.com');
    const [lease] = await queryRows<{ seconds: number }>(
      t.database,
      sql`select extract(epoch from locked_until - now())::float as seconds
          from email_outbox where to_address = 'arrendado@correo.com'`,
    );
    expect(lease?.seconds).toBeGreaterThan(30);
    expect(lease?.seconds).toBeLessThanOrEqual(MAIL_LEASE_SECONDS);
  });
});

describe('a worker that stops mid-batch (SIGTERM, issue 27)', () => {
  it('finishes the message it is sending and gives back the rows it claimed and did not start', async () => {
    const recipients = Array.from({ length: 4 }, (_, index) => `devuelto${index}@correo.com`);
    for (const to of recipients) {
      await t.database.db.execute(
        sql`insert into email_outbox (to_address, subject, text_body) values (${to}, 'Hola', 'Hola')`,
      );
    }
    let sending: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      sending = resolve;
    });
    let finish: () => void = () => {};
    const sent: string[] = [];
    const slow: MailTransport = {
      async deliver(message) {
        sending();
        await new Promise<void>((resolve) => {
          finish = resolve;
        });
        sent.push(message.to);
        return 'sent';
      },
      close() {},
    };
    const worker = startMailWorker({ db: t.database.db, transport: slow, log: silentLog, concurrency: 1 });
    worker.kick();
    await started;
    const stopped = worker.stop();
    finish();
    await stopped;

    expect(sent).toHaveLength(1);
    const rows = await queryRows<{ to_address: string; status: string; leased: boolean }>(
      t.database,
      sql`select to_address, status, locked_until is not null as leased from email_outbox
          where to_address like 'devuelto%' order by to_address`,
    );
    expect(rows.filter((row) => row.status === 'sent').map((row) => row.to_address)).toEqual(sent);
    // The other three are pending with no lease: the next worker to poll sends them now.
    expect(rows.filter((row) => row.status === 'pending')).toEqual(
      recipients
        .filter((to) => !sent.includes(to))
        .map((to) => ({ to_address: to, status: 'pending', leased: false })),
    );
  });
});
