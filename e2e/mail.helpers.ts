import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

interface StoredMail {
  to: string[];
  subject: string;
  text: string;
}

function mailDir(): string {
  const dir = process.env.MANDADO_E2E_MAIL_DIR;
  if (!dir) throw new Error('MANDADO_E2E_MAIL_DIR is set by playwright.config.ts');
  return dir;
}

/**
 * The latest e-mail the app sent to `to` (through the run's SMTP sink, e2e/mail-sink.global-setup.ts),
 * waiting for it to arrive. Use a fresh address per test so an earlier message is never mistaken for it.
 */
export async function waitForMail(
  to: string,
  timeoutMs = 10_000,
): Promise<{ subject: string; text: string }> {
  const wanted = to.trim().toLowerCase();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const names = (await readdir(mailDir()))
      .filter((name) => name.endsWith('.json'))
      .sort()
      .reverse();
    for (const name of names) {
      const mail = JSON.parse(await readFile(path.join(mailDir(), name), 'utf8')) as StoredMail;
      if (mail.to.some((address) => address.toLowerCase() === wanted)) {
        return { subject: mail.subject, text: mail.text };
      }
    }
    if (Date.now() > deadline) throw new Error(`No e-mail to ${to} arrived within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The e-mail to `to` whose subject matches, waiting for it (several may have gone to that address). */
export async function waitForMailWithSubject(
  to: string,
  subject: RegExp,
  timeoutMs = 15_000,
): Promise<{ subject: string; text: string }> {
  const wanted = to.trim().toLowerCase();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const name of (await readdir(mailDir())).filter((file) => file.endsWith('.json'))) {
      const mail = JSON.parse(await readFile(path.join(mailDir(), name), 'utf8')) as StoredMail;
      if (mail.to.some((address) => address.toLowerCase() === wanted) && subject.test(mail.subject)) {
        return { subject: mail.subject, text: mail.text };
      }
    }
    if (Date.now() > deadline)
      throw new Error(`No e-mail to ${to} matching ${subject} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The first http(s) link in an e-mail's text. */
export function linkFrom(text: string): string {
  const link = /https?:\/\/[^\s<>"]+/.exec(text)?.[0];
  if (!link) throw new Error(`No link in the e-mail:\n${text}`);
  return link;
}
