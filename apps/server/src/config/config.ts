import crypto from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { AI_ENV, type AiConfig, aiConfig, aiProblems } from './ai';
import { bool, int, splitList, trustProxy, url } from './env-values';
import { OPERATIONS_ENV, type OperationsConfig, operationsConfig } from './operations';
import {
  PLATFORM_MERCHANT_ENV,
  type PlatformMerchantCredentials,
  platformMerchant,
} from './platform-merchant';
import { STORAGE_ENV, type StorageConfig, storageConfig, storageProblems } from './storage';
import { ZOOM_ENV, type ZoomConfig, zoomConfig, zoomProblems } from './zoom';

/**
 * Every setting the server reads, parsed once at start-up. Nothing else in the server reads
 * process.env: everything receives a Config.
 */

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: int(0, 65535).default(8080),
  PUBLIC_URL: url(/^https?:$/, 'https://app.example.com').optional(),
  ALLOW_HTTP_PUBLIC_URL: bool.default(false),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: url(/^postgres(ql)?:$/, 'postgres://user:password@host:5432/batchwise').optional(),
  PG_POOL_MAX: int(1, 500).default(10),
  SQLITE_SYNCHRONOUS: z.enum(['FULL', 'NORMAL', 'EXTRA']).default('FULL'),
  WEB_DIST: z.string().optional(),
  WEB_SSR: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_PRETTY: bool.optional(),
  TRUST_PROXY: trustProxy.default(false),
  SEED_DEMO: bool.optional(),
  RUN_WORKER: bool.default(true),
  JOB_POLL_MS: int(50, 60_000).default(1000),
  JOB_LEASE_MS: int(100, 3_600_000).default(300_000),
  JOB_MAX_ATTEMPTS: int(1, 100).default(5),
  JOB_BACKOFF_MS: int(1, 3_600_000).default(5000),
  SHUTDOWN_TIMEOUT_MS: int(100, 120_000).default(10_000),
  SSE_HEARTBEAT_MS: int(1000, 300_000).default(25_000),
  SESSION_IDLE_HOURS: int(1, 24 * 90).default(12),
  SESSION_MAX_DAYS: int(1, 365).default(30),
  PASSWORD_SCRYPT_LOG2N: int(10, 20).default(17),
  SIGNUP_WEBHOOK_URL: url(/^https?:$/, 'https://chat.example.com/hooks/…').optional(),
  MAIL_DRIVER: z.enum(['console', 'smtp']).default('console'),
  SMTP_URL: url(/^smtps?:$/, 'smtp://user:password@smtp.example.com:587').optional(),
  MAIL_FROM: z.string().min(3).default('Batchwise <no-reply@batchwise.local>'),
  // `http` is the old name of bulksmsbd, kept so existing env files keep working.
  SMS_DRIVER: z.enum(['console', 'bulksmsbd', 'sslwireless', 'http']).default('console'),
  SMS_API_URL: url(/^https?:$/, 'https://bulksmsbd.net/api').optional(),
  SMS_API_KEY: z.string().min(1).optional(),
  SMS_SENDER_ID: z.string().min(1).optional(),
  SMS_SIGNUP_GRANT: int(0, 1_000_000_000).optional(),
  SMS_REQUESTS_PER_SECOND: int(1, 1000).default(10),
  SMS_LEASE_MS: int(100, 3_600_000).default(120_000),
  SMS_REPORTS_TOKEN: z.string().min(24).max(200).optional(),
  PAYMENT_DRIVER: z.enum(['real', 'stand-in']).optional(),
  PAYMENT_SECRETS_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, {
      error: 'must be 32 random bytes in base64, e.g. the output of: openssl rand -base64 32',
    })
    .optional(),
  PAYMENT_GATEWAY_TIMEOUT_MS: int(100, 120_000).default(30_000),
  // Webhook endpoints on loopback over plain http (a receiver on this machine); never in production.
  WEBHOOK_ALLOW_LOOPBACK: bool.optional(),
  PAYMENT_SSLCOMMERZ_URL: url(/^https?:$/, 'http://127.0.0.1:9301').optional(),
  PAYMENT_BKASH_URL: url(/^https?:$/, 'http://127.0.0.1:9302').optional(),
  // The platform's own merchant (plans and SMS packs are paid to Batchwise itself).
  ...PLATFORM_MERCHANT_ENV,
  // Error reports, /metrics and the status page's snapshot (config/operations.ts).
  ...OPERATIONS_ENV,
  // The AI tools' model (config/ai.ts).
  ...AI_ENV,
  // Online classes through Zoom (config/zoom.ts).
  ...ZOOM_ENV,
  // Local disk or an S3-compatible bucket (config/storage.ts).
  ...STORAGE_ENV,
  CONTACT_EMAIL: z.email({ error: 'must be an e-mail address' }).default('hello@batchwise.com.bd'),
  CONTACT_PHONE: z.string().trim().min(3).max(40).optional(),
  MAP_EMBED_URL: url(/^https:$/, 'https://www.openstreetmap.org/export/embed.html?bbox=…').optional(),
  MAP_LINK_URL: url(/^https?:$/, 'https://www.openstreetmap.org/?mlat=23.75&mlon=90.38').default(
    'https://www.openstreetmap.org/?mlat=23.7465&mlon=90.3760#map=16/23.7465/90.3760',
  ),
  SUPPORT_CHAT_SCRIPT: url(/^https:$/, 'https://chat.example.com/widget.js').optional(),
  AI_VIDEO_URLS: z
    .string()
    .refine((v) => splitList(v).every(isVideoSource), {
      error: 'must be up to 5 comma-separated https:// embed URLs or /media/… paths',
    })
    .optional(),
  DEV_OUTBOX: bool.optional(),
  CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_HOUR: int(0, 23).default(2),
  BACKUP_KEEP_DAYS: int(1, 3650).default(14),
});

/** An embeddable player URL on https, or a file this server serves itself. */
function isVideoSource(value: string): boolean {
  if (value.startsWith('/') && !value.startsWith('//')) return true;
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

export type Env = Record<string, string | undefined>;

export interface Config {
  env: 'development' | 'production' | 'test';
  version: string;
  host: string;
  port: number;
  publicUrl: string | undefined;
  /**
   * Where links in SMS and e-mail and the public pages' canonical URLs point: PUBLIC_URL (required
   * in production), else this machine. Never taken from a request's Host header.
   */
  appUrl: string;
  /**
   * Cookies carry the Secure flag whatever a request looked like: in production, and wherever
   * PUBLIC_URL is https (behind a TLS proxy a request may look like plain http).
   */
  secureCookies: boolean;
  dataDir: string;
  database:
    | { kind: 'sqlite'; file: string; synchronous: 'FULL' | 'NORMAL' | 'EXTRA' }
    | { kind: 'postgres'; url: string; poolMax: number };
  webDist: string;
  /** The web build's server-side rendering bundle (renders live parts of static pages). */
  webSsr: string;
  log: { level: string; pretty: boolean };
  /** Fastify's trustProxy: off, or the proxies' addresses and ranges (loopback, 10.0.0.0/8, …). */
  trustProxy: false | string[];
  seedDemo: boolean;
  worker: { enabled: boolean; pollMs: number; leaseMs: number; maxAttempts: number; backoffMs: number };
  shutdownTimeoutMs: number;
  sseHeartbeatMs: number;
  session: { idleMs: number; maxAgeMs: number };
  /** scrypt cost; OWASP's N=2^17 by default (tests lower it for speed). */
  passwordCost: { N: number; r: number; p: number };
  signupWebhookUrl: string | undefined;
  mail: { driver: 'console' } | { driver: 'smtp'; url: string; from: string };
  mailFrom: string;
  /** The SMS gateway: api key = BulkSMSBD api_key / SSL api_token, sender id = senderid / sid. */
  sms:
    | { driver: 'console' }
    | { driver: 'bulksmsbd'; url: string; apiKey: string; senderId: string | undefined }
    | { driver: 'sslwireless'; url: string; apiKey: string; senderId: string };
  /** SMS credited to a new account at sign-up (the SMS capability: production accounts start at 0, the demo and local use get some). */
  smsSignupGrant: number;
  /**
   * How SMS sends are dispatched (modules/sms/sms-dispatcher.ts): gateway requests per second of
   * each worker, and how long a worker holds the messages it is sending before another may.
   */
  smsDispatch: { requestsPerSecond: number; leaseMs: number };
  /** The secret a gateway's delivery reports carry (`?token=`); none: reports are not taken. */
  smsReportsToken: string | undefined;
  /**
   * Online payment: the gateways' real hosts, or loopback stand-ins that speak
   * their protocols (development and tests); the key that seals merchant credentials; how long a
   * gateway call may take before we ask for the payment's status instead.
   */
  payments: {
    driver: 'real' | 'stand-in';
    /**
     * Seals merchant credentials. Production needs PAYMENT_SECRETS_KEY for online payment: without
     * it the server starts, but refuses to store credentials (no account can take payments online).
     */
    secretsKey: Buffer | undefined;
    timeoutMs: number;
    /** A stand-in run elsewhere (the bench's), used for both modes instead of starting one here. */
    urls: { sslcommerz: string | undefined; bkash: string | undefined };
    /**
     * The platform's own merchant credentials (modules/billing: plans and SMS packs). A gateway
     * without them is not offered; with the stand-ins, made-up ones are used when none are set.
     */
    platform: PlatformMerchantCredentials;
  };
  /** Local disk (DATA_DIR/uploads) or an S3-compatible bucket (config/storage.ts). */
  storage: StorageConfig;
  /** Error reports, the metrics token and the status snapshot (config/operations.ts). */
  operations: OperationsConfig;
  /** The model the AI tools use, or none (config/ai.ts). */
  ai: AiConfig;
  /** The Zoom OAuth app, or its loopback stand-in outside production (config/zoom.ts). */
  zoom: ZoomConfig;
  /**
   * Outbound webhooks (modules/webhooks): `allowLoopback` lets endpoints be http:// on loopback,
   * the way the payment stand-ins are (development and tests); private, link-local, CGNAT,
   * multicast and metadata addresses stay refused everywhere.
   */
  webhooks: { allowLoopback: boolean };
  devOutbox: boolean;
  /** The Chromium that renders PDF exports (it shapes Bangla; jsPDF cannot). */
  chromiumPath: string;
  /**
   * Backups: where archives go (`npm run backup` writes there too) and, when `dir` is set, the
   * daily backup's hour in Bangladesh time and how many days of archives are kept.
   */
  backup: { dir: string | undefined; hour: number; keepDays: number };
  /**
   * The public site's settings. Third-party embeds (map, videos, chat) are off unless configured,
   * so a default install makes no request to anyone else.
   */
  publicSite: {
    contactEmail: string;
    contactPhone: string | undefined;
    mapEmbedUrl: string | undefined;
    mapLinkUrl: string;
    supportChatScript: string | undefined;
    aiVideos: string[];
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

/** Parses the environment into a Config, or throws ConfigError listing every bad variable. */
export function loadConfig(env: Env, version = '0.0.0'): Config {
  // Empty strings mean "not set", as in most shells' `VAR= cmd`.
  const cleaned = Object.fromEntries(
    Object.keys(envSchema.shape).map((k) => [k, env[k] === '' ? undefined : env[k]]),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const key = String(issue.path[0] ?? 'config');
        const got = cleaned[key];
        return `${key}: ${issue.message}${got === undefined ? '' : ` (got ${JSON.stringify(got)})`}`;
      }),
    );
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (e.MAIL_DRIVER === 'smtp' && !e.SMTP_URL) problems.push('SMTP_URL: required when MAIL_DRIVER=smtp');
  if (e.SMS_DRIVER !== 'console') {
    if (!e.SMS_API_URL) problems.push(`SMS_API_URL: required when SMS_DRIVER=${e.SMS_DRIVER}`);
    if (!e.SMS_API_KEY) problems.push(`SMS_API_KEY: required when SMS_DRIVER=${e.SMS_DRIVER}`);
    if (e.SMS_DRIVER === 'sslwireless' && !e.SMS_SENDER_ID) {
      problems.push(
        'SMS_SENDER_ID: required when SMS_DRIVER=sslwireless (the sid SSL Wireless gave the account)',
      );
    }
  }
  const production = e.NODE_ENV === 'production';
  if (production && !e.PUBLIC_URL) {
    problems.push(
      'PUBLIC_URL: required when NODE_ENV=production: the address users reach, e.g. https://app.example.com (links in e-mail and SMS are built from it, never from request headers)',
    );
  }
  if (production && e.PUBLIC_URL?.startsWith('http:') && !e.ALLOW_HTTP_PUBLIC_URL) {
    problems.push(
      'PUBLIC_URL: must be https:// when NODE_ENV=production (sign-in cookies and passwords would travel unencrypted); on a private network without TLS set ALLOW_HTTP_PUBLIC_URL=true',
    );
  }
  const uploadsRoot = path.join(path.resolve(e.DATA_DIR), 'uploads');
  if (e.BACKUP_DIR && !path.relative(uploadsRoot, path.resolve(e.BACKUP_DIR)).startsWith('..')) {
    problems.push(
      `BACKUP_DIR: must lie outside the uploads directory ${uploadsRoot} (each backup would copy the ones before it)`,
    );
  }
  if (production && (e.PAYMENT_DRIVER === 'stand-in' || e.PAYMENT_SSLCOMMERZ_URL || e.PAYMENT_BKASH_URL)) {
    problems.push(
      'PAYMENT_DRIVER: stand-in gateways accept made-up payments; not allowed when NODE_ENV=production',
    );
  }
  if (production && e.WEBHOOK_ALLOW_LOOPBACK) {
    problems.push(
      'WEBHOOK_ALLOW_LOOPBACK: webhooks to this machine over plain http are for development and tests; not allowed when NODE_ENV=production',
    );
  }
  problems.push(...aiProblems(e, production));
  problems.push(...zoomProblems(e));
  problems.push(...storageProblems(e));
  if (problems.length) throw new ConfigError(problems);

  const dataDir = path.resolve(e.DATA_DIR);
  const webDist = path.resolve(e.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist'));
  return {
    env: e.NODE_ENV,
    version,
    host: e.HOST,
    port: e.PORT,
    publicUrl: e.PUBLIC_URL,
    appUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    // A production deployment allowed plain http has no TLS anywhere: a Secure cookie would never
    // come back, so there only an https PUBLIC_URL asks for it.
    secureCookies: e.PUBLIC_URL?.startsWith('https:') || (production && !e.ALLOW_HTTP_PUBLIC_URL),
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, poolMax: e.PG_POOL_MAX }
      : { kind: 'sqlite', file: path.join(dataDir, 'batchwise.db'), synchronous: e.SQLITE_SYNCHRONOUS },
    webDist,
    // Beside the build by default: apps/web writes dist/ and dist-ssr/ side by side.
    webSsr: path.resolve(e.WEB_SSR ?? path.join(path.dirname(webDist), 'dist-ssr')),
    log: { level: e.LOG_LEVEL, pretty: e.LOG_PRETTY ?? e.NODE_ENV === 'development' },
    trustProxy: e.TRUST_PROXY,
    seedDemo: e.SEED_DEMO ?? !production,
    worker: {
      enabled: e.RUN_WORKER,
      pollMs: e.JOB_POLL_MS,
      leaseMs: e.JOB_LEASE_MS,
      maxAttempts: e.JOB_MAX_ATTEMPTS,
      backoffMs: e.JOB_BACKOFF_MS,
    },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    sseHeartbeatMs: e.SSE_HEARTBEAT_MS,
    passwordCost: { N: 2 ** e.PASSWORD_SCRYPT_LOG2N, r: 8, p: 1 },
    signupWebhookUrl: e.SIGNUP_WEBHOOK_URL,
    session: { idleMs: e.SESSION_IDLE_HOURS * 3_600_000, maxAgeMs: e.SESSION_MAX_DAYS * 86_400_000 },
    mail:
      e.MAIL_DRIVER === 'smtp'
        ? { driver: 'smtp', url: e.SMTP_URL!, from: e.MAIL_FROM }
        : { driver: 'console' },
    mailFrom: e.MAIL_FROM,
    sms:
      e.SMS_DRIVER === 'console'
        ? { driver: 'console' }
        : e.SMS_DRIVER === 'sslwireless'
          ? { driver: 'sslwireless', url: e.SMS_API_URL!, apiKey: e.SMS_API_KEY!, senderId: e.SMS_SENDER_ID! }
          : { driver: 'bulksmsbd', url: e.SMS_API_URL!, apiKey: e.SMS_API_KEY!, senderId: e.SMS_SENDER_ID },
    smsSignupGrant: e.SMS_SIGNUP_GRANT ?? (production ? 0 : 1000),
    smsDispatch: { requestsPerSecond: e.SMS_REQUESTS_PER_SECOND, leaseMs: e.SMS_LEASE_MS },
    smsReportsToken: e.SMS_REPORTS_TOKEN,
    payments: {
      driver: e.PAYMENT_DRIVER ?? (production ? 'real' : 'stand-in'),
      // Outside production a key derived from the data directory keeps sealed credentials
      // readable across restarts without setting anything; it is not a secret.
      secretsKey: e.PAYMENT_SECRETS_KEY
        ? Buffer.from(e.PAYMENT_SECRETS_KEY, 'base64')
        : production
          ? undefined
          : crypto.createHash('sha256').update(`batchwise-dev-payment-secrets:${dataDir}`).digest(),
      timeoutMs: e.PAYMENT_GATEWAY_TIMEOUT_MS,
      urls: {
        sslcommerz: e.PAYMENT_SSLCOMMERZ_URL?.replace(/\/$/, ''),
        bkash: e.PAYMENT_BKASH_URL?.replace(/\/$/, ''),
      },
      platform: platformMerchant(e, (e.PAYMENT_DRIVER ?? (production ? 'real' : 'stand-in')) === 'stand-in'),
    },
    storage: storageConfig(e, dataDir),
    operations: operationsConfig(e),
    ai: aiConfig(e, production),
    zoom: zoomConfig(e, production),
    webhooks: { allowLoopback: e.WEBHOOK_ALLOW_LOOPBACK ?? !production },
    devOutbox: e.DEV_OUTBOX ?? !production,
    chromiumPath: e.CHROMIUM_PATH,
    backup: {
      dir: e.BACKUP_DIR === undefined ? undefined : path.resolve(e.BACKUP_DIR),
      hour: e.BACKUP_HOUR,
      keepDays: e.BACKUP_KEEP_DAYS,
    },
    publicSite: {
      contactEmail: e.CONTACT_EMAIL,
      contactPhone: e.CONTACT_PHONE,
      mapEmbedUrl: e.MAP_EMBED_URL,
      mapLinkUrl: e.MAP_LINK_URL,
      supportChatScript: e.SUPPORT_CHAT_SCRIPT,
      aiVideos: splitList(e.AI_VIDEO_URLS ?? '').slice(0, 5),
    },
  };
}
