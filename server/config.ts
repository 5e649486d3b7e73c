import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** Every environment variable the server reads, with its default. The README lists the same. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  WEB_DIR: z.string().default('./dist/web'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres://')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  SEED_DEMO_DATA: flag.default(true),
  SESSION_TTL_HOURS: z.coerce.number().int().min(1).default(336),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: flag.default(false),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\S+$/, 'STRIPE_WEBHOOK_SECRET is the signing secret Stripe shows, whsec_...')
    .optional(),
  SMTP_URL: z.string().optional(),
  /** Unset: e-mails are from the store's name and e-mail in its settings. */
  MAIL_FROM: z.string().optional(),
  /** Defaults to http://localhost:<PORT>, so that a shop on another port prints links that open. */
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http(s) URL' }).optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** The built web app served at /. */
  webDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  seedDemoData: boolean;
  sessionTtlHours: number;
  loginRateLimit: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  trustProxy: boolean;
  stripeSecretKey: string | undefined;
  stripePublishableKey: string | undefined;
  /**
   * The signing secret of the webhook endpoint registered with Stripe (whsec_...). The sandbox
   * signs its events with a secret of its own when this is not set.
   */
  stripeWebhookSecret: string | undefined;
  smtpUrl: string | undefined;
  /** Who e-mails are from; undefined: the store's name and e-mail in its settings. */
  mailFrom: string | undefined;
  /** The shop's address on the web, without a trailing slash: links in e-mails start with it. */
  publicUrl: string;
  /** Sandbox payments, or Stripe test keys: TEST MODE banners and simulate buttons show. */
  testMode: boolean;
  paymentProvider: 'sandbox' | 'stripe';
}

export function parseConfig(env: Record<string, string | undefined>): Readonly<Config> {
  const parsed = envSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== '')),
  );
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const paymentProvider = e.STRIPE_SECRET_KEY ? 'stripe' : 'sandbox';
  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    webDir: path.resolve(e.WEB_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    seedDemoData: e.SEED_DEMO_DATA,
    sessionTtlHours: e.SESSION_TTL_HOURS,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    stripePublishableKey: e.STRIPE_PUBLISHABLE_KEY,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    paymentProvider,
    testMode: paymentProvider === 'sandbox' || (e.STRIPE_SECRET_KEY ?? '').startsWith('sk_test_'),
  });
}

/** The one place that reads process.env (and ./.env, when there is one). */
export function loadConfig(): Readonly<Config> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  return parseConfig(process.env);
}
