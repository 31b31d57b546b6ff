import path from 'node:path';
import { z } from 'zod';
import type { DatabaseOptions } from './db/database.ts';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './plugins/rate-limit.ts';

export interface AppConfig {
  port: number;
  host: string;
  database: DatabaseOptions;
  /** Built web app to serve, or null when only the API runs (tests, `npm run dev`). */
  webDistDir: string | null;
  logLevel: string;
  /**
   * Which proxies may set X-Forwarded-For (Fastify's trustProxy: addresses, CIDRs, 'loopback'); false trusts
   * none, so a client cannot choose the IP that rate limits count.
   */
  trustProxy: string | false;
  /** Overrides of the default rate limits (decision 004), e.g. for a shop behind one office NAT. */
  rateLimits: Partial<RateLimits>;
  /** SMTP server for outgoing e-mail (smtp://user:pass@host:587); null logs messages instead (decision 008). */
  smtpUrl: string | null;
  /** From header of outgoing e-mail. */
  mailFrom: string;
  /** Absolute base URL of the site, for links in e-mails (no trailing slash). */
  publicUrl: string;
}

const ruleSchema = z.object({
  max: z.number().int().positive(),
  windowSeconds: z.number().int().positive(),
});
const rateLimitsSchema = z.partialRecord(
  z.enum(Object.keys(DEFAULT_RATE_LIMITS) as [keyof RateLimits, ...(keyof RateLimits)[]]),
  ruleSchema,
);

/** RATE_LIMITS='{"loginPerIp":{"max":100,"windowSeconds":300}}'; a mistake stops the start, loudly. */
function parseRateLimits(value: string | undefined): Partial<RateLimits> {
  if (!value) return {};
  const parsed = rateLimitsSchema.safeParse(JSON.parse(value));
  if (!parsed.success) throw new Error(`RATE_LIMITS is not valid: ${parsed.error.message}`);
  return parsed.data;
}

/** Reads the environment once, at start; nothing else reads process.env. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const root = path.resolve(import.meta.dirname, '../../..');
  const databaseUrl = env.DATABASE_URL;
  const port = Number(env.PORT ?? 3000);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    database: databaseUrl
      ? { databaseUrl }
      : { dataDir: path.resolve(env.DATA_DIR ?? path.join(root, 'data'), 'pglite') },
    webDistDir:
      env.WEB_DIST_DIR === '' ? null : path.resolve(env.WEB_DIST_DIR ?? path.join(root, 'apps/web/dist')),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: env.TRUST_PROXY ? env.TRUST_PROXY : false,
    rateLimits: parseRateLimits(env.RATE_LIMITS),
    smtpUrl: env.SMTP_URL ? env.SMTP_URL : null,
    mailFrom: env.MAIL_FROM ? env.MAIL_FROM : 'Mandado <no-reply@mandado.uy>',
    publicUrl: (env.PUBLIC_URL ? env.PUBLIC_URL : `http://localhost:${port}`).replace(/\/+$/, ''),
  };
}
