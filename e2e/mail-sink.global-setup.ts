import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startMailSink } from '../apps/api/test/mail-sink.ts';

/**
 * A real SMTP server in the Playwright runner, where the app under test sends its e-mail (SMTP_URL in
 * playwright.config.ts). Each message becomes a JSON file in MANDADO_E2E_MAIL_DIR that e2e/mail.helpers.ts
 * reads. The web server starts before this runs; it only connects when it has an e-mail to send, and no test
 * runs before the sink listens.
 */
// biome-ignore lint/style/noDefaultExport: Playwright runs a global setup file's default export.
export default async function startMailSinkForRun(): Promise<() => Promise<void>> {
  const dir = process.env.MANDADO_E2E_MAIL_DIR;
  const port = Number(process.env.MANDADO_E2E_MAIL_SINK_PORT);
  if (!dir || !port)
    throw new Error('playwright.config.ts sets MANDADO_E2E_MAIL_DIR and MANDADO_E2E_MAIL_SINK_PORT');
  await mkdir(dir, { recursive: true });
  let count = 0;
  const sink = await startMailSink({
    port,
    async onMessage(mail) {
      count += 1;
      const name = `${String(Date.now()).padStart(15, '0')}-${String(count).padStart(5, '0')}.json`;
      const body = JSON.stringify({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      // Written aside then renamed, so a test polling the directory never reads half a file.
      await writeFile(path.join(dir, `.${name}.tmp`), body);
      await rename(path.join(dir, `.${name}.tmp`), path.join(dir, name));
    },
  });
  return () => sink.close();
}
