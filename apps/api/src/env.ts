import path from 'node:path';
import { isEmailAddress } from '@store/contracts';
import { isCommonPassword } from './auth/password-rules.ts';
import { parseDataEncryptionKey } from './security/data-encryption.ts';
import type { BlobStoreConfig } from './storage/create-blob-store.ts';

/** The API's configuration, read and checked once at start; the only reader of `process.env`. */
export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** PostgreSQL connection string; absent means the embedded PGlite database under `dataDir`. */
  databaseUrl: string | null;
  dataDir: string;
  jwtSecret: string | null;
  /**
   * The master key of the data encrypted at rest (licence keys, settings secrets), 32 bytes. Absent means
   * the key kept in `dataDir` (created on first start); refused in production (docs/decisions/018-data-encryption.md).
   */
  dataEncryptionKey: Buffer | null;
  jwtTtlSeconds: number;
  adminEmail: string;
  adminPassword: string | null;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  corsOrigins: string[];
  publicUrl: string | null;
  /**
   * Host names (with an optional port) links may lead to when PUBLIC_URL is unset, besides the listen address and
   * CORS_ORIGINS (`ALLOWED_HOSTS`); a request naming any other host gets links to the default origin
   * (docs/decisions/034-links-only-to-the-shop.md).
   */
  allowedHosts: string[];
  seedDemo: boolean;
  trustProxy: boolean;
  authRateLimitPerMinute: number;
  /** Requests per API key per minute on the routes keys may call (docs/decisions/056-api-keys.md). */
  apiKeyRateLimitPerMinute: number;
  /**
   * Requests one licence key may make a minute over the licence check routes, from any number of addresses
   * (`LICENSE_KEY_RATE_LIMIT_PER_MINUTE`, default 60), on top of the per-address limit (docs/decisions/025-licence-check-api.md).
   */
  licenseKeyRateLimitPerMinute: number;
  apiDocs: boolean;
  storefrontDist: string | null;
  adminDist: string | null;
  /**
   * Serve the local payment sandbox under /sandbox and pay through it while no PayPal credentials are
   * stored. On by default only for the embedded demo; never in production.
   */
  paymentSandbox: boolean;
  /** Let SMTP reach loopback, private and link-local hosts (the demo's and tests' local mail server). */
  smtpAllowPrivateHosts: boolean;
  /** Webhooks may go to private, loopback and link-local addresses (docs/decisions/057-webhooks.md). */
  webhookAllowPrivateHosts: boolean;
  /** How long a webhook receiver has to answer, in ms. */
  webhookTimeoutMs: number;
  /** How often queued webhook deliveries are sent (0: never, as tests do). */
  webhookSweepSeconds: number;
  /** Unpaid orders one buyer (account or email) may hold at once. */
  unpaidOrdersPerBuyer: number;
  /** Unpaid orders one network address may hold at once. */
  unpaidOrdersPerAddress: number;
  /** Overrides the PayPal API base URL (tests point it at a sandbox of their own). */
  paypalApiUrl: string | null;
  /** Overrides the CoinGate API base URL (tests). */
  coingateApiUrl: string | null;
  /** How often unpaid orders past their end are failed and holds past their minutes released; 0 turns it off. */
  orderSweepSeconds: number;
  /** How often queued mail (receipts) is sent or retried; 0 turns the timer off. */
  mailSweepSeconds: number;
  /** How often orders PayPal may have captured but we have not settled are checked with PayPal; 0 turns it off. */
  reconcileSeconds: number;
  /** Where files live: under `dataDir`/blobs (fs, the default) or in an S3 bucket (`STORAGE_DRIVER=s3`). */
  storage: BlobStoreConfig;
  /** The largest deliverable file staff may upload, in bytes (`MAX_DELIVERABLE_BYTES`, default 2 GiB). */
  maxDeliverableBytes: number;
  /**
   * How long a download link of the order page works (`DOWNLOAD_LINK_SECONDS`, default a day): a browser
   * resumes an interrupted download through the same link (docs/decisions/035-downloads-that-resume.md).
   */
  downloadLinkSeconds: number;
  /** Public catalogue answers kept in memory (`CATALOG_CACHE_ENTRIES`, default 5,000; 0 keeps none). */
  catalogCacheEntries: number;
  /**
   * The Redis every instance shares (`REDIS_URL`, redis:// or rediss://): rate limits are counted there, so
   * instances behind one load balancer enforce one limit. Absent means each instance counts in its own memory.
   */
  redisUrl: string | null;
  /** Starts every key this store writes to Redis (`REDIS_KEY_PREFIX`, default `store:`), so several stores can share one Redis. */
  redisKeyPrefix: string;
  /**
   * After SIGTERM, how long `/readyz` answers 503 while requests are still served, so the load balancer stops
   * sending new ones before the server stops taking connections (`SHUTDOWN_DRAIN_SECONDS`, default 5).
   */
  shutdownDrainSeconds: number;
  /** After SIGTERM, the longest the whole shutdown may take (downloads in flight included) before the process exits anyway. */
  shutdownTimeoutSeconds: number;
  /** Collect Prometheus metrics (`METRICS_ENABLED`, default true); false leaves out even the per-request hooks. */
  metricsEnabled: boolean;
  /** Serve `/metrics` on a listener of its own (`METRICS_PORT`, on `METRICS_HOST`, default 127.0.0.1); null: none. */
  metricsPort: number | null;
  metricsHost: string;
  /** Serve `/metrics` on the public port too, to requests bearing this token (`METRICS_TOKEN`, 32 characters or more); null: not there. */
  metricsToken: string | null;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/** A host name or address with an optional port, as a URL writes it (`Shop.Example.com:80` is `shop.example.com`), or null. */
function hostOf(entry: string): string | null {
  if (!/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/i.test(entry)) return null;
  try {
    return new URL(`http://${entry}`).host;
  } catch {
    return null;
  }
}

/** Reads the environment into a Config, naming every bad value at once. */
export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const text = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === '' ? undefined : value;
  };
  // Secrets are taken as given: a space may be part of a password.
  const secret = (name: string): string | undefined => (env[name] ? env[name] : undefined);
  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = text(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || value < min || value > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  };
  const boolean = (name: string, fallback: boolean): boolean => {
    const raw = text(name)?.toLowerCase();
    if (raw === undefined) return fallback;
    if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
    if (['0', 'false', 'no', 'off'].includes(raw)) return false;
    problems.push(`${name} must be true or false (got "${raw}")`);
    return fallback;
  };
  const oneOf = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const raw = text(name);
    if (raw === undefined) return fallback;
    if ((allowed as readonly string[]).includes(raw)) return raw as T;
    problems.push(`${name} must be one of ${allowed.join(', ')} (got "${raw}")`);
    return fallback;
  };
  const url = (name: string, protocols: string[]): string | null => {
    const raw = text(name);
    if (raw === undefined) return null;
    try {
      const parsed = new URL(raw);
      if (protocols.includes(parsed.protocol)) return raw.replace(/\/$/, '');
    } catch {
      // reported below
    }
    problems.push(`${name} must be a ${protocols.join(' or ')} URL`);
    return null;
  };

  const nodeEnv = oneOf('NODE_ENV', ['development', 'production', 'test'] as const, 'development');
  const databaseUrl = url('DATABASE_URL', ['postgres:', 'postgresql:']);
  // The embedded demo: no database server named and not production. Only it gets the sandbox by default.
  const demo = nodeEnv !== 'production' && databaseUrl === null;
  const paymentSandbox = boolean('PAYMENT_SANDBOX', demo);
  if (paymentSandbox && nodeEnv === 'production') problems.push('PAYMENT_SANDBOX cannot be on when NODE_ENV is production: it hands out goods without payment');
  const publicUrl = url('PUBLIC_URL', ['http:', 'https:']);
  if (publicUrl === null && nodeEnv === 'production' && text('PUBLIC_URL') === undefined) {
    problems.push('PUBLIC_URL is required when NODE_ENV is production: payment return links and mail lead there');
  }
  const jwtSecret = secret('JWT_SECRET') ?? null;
  if (jwtSecret !== null && jwtSecret.length < 32) problems.push('JWT_SECRET must be at least 32 characters');
  if (jwtSecret === null && nodeEnv === 'production') problems.push('JWT_SECRET is required when NODE_ENV is production');
  // The key's value never appears in a message: it is a secret.
  const dataKeyText = text('DATA_ENCRYPTION_KEY');
  const dataEncryptionKey = dataKeyText === undefined ? null : parseDataEncryptionKey(dataKeyText);
  if (dataKeyText !== undefined && dataEncryptionKey === null) {
    problems.push('DATA_ENCRYPTION_KEY must be 32 random bytes written as 64 hex digits or in base64 (make one with `openssl rand -base64 32`)');
  }
  if (dataKeyText === undefined && nodeEnv === 'production') {
    problems.push('DATA_ENCRYPTION_KEY is required when NODE_ENV is production: licence keys and payment secrets are stored encrypted with it (make one with `openssl rand -base64 32`)');
  }
  const adminPassword = secret('ADMIN_PASSWORD') ?? null;
  if (adminPassword !== null && adminPassword.length < 8) problems.push('ADMIN_PASSWORD must be at least 8 characters');
  else if (adminPassword !== null && isCommonPassword(adminPassword)) problems.push('ADMIN_PASSWORD is one of the most common passwords: choose another');
  const adminEmail = text('ADMIN_EMAIL') ?? 'admin@example.com';
  // The contract's check: an address sign-in would refuse could never sign in.
  if (!isEmailAddress(adminEmail)) problems.push(`ADMIN_EMAIL must be an email address such as admin@example.com (got "${adminEmail}")`);

  const corsOrigins = (text('CORS_ORIGINS') ?? '')
    .split(',')
    .map((origin) => origin.trim().replace(/\/$/, ''))
    .filter(Boolean);
  for (const origin of corsOrigins) {
    if (!/^https?:\/\/[^/\s]+$/.test(origin)) problems.push(`CORS_ORIGINS entries must be origins like https://admin.example.com (got "${origin}")`);
  }

  // Links never lead to a host the request names unless the operator listed it (docs/decisions/034-links-only-to-the-shop.md).
  const allowedHosts = (text('ALLOWED_HOSTS') ?? '')
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean)
    .flatMap((entry) => {
      const host = hostOf(entry);
      if (host === null) problems.push(`ALLOWED_HOSTS entries must be host names with an optional port, like shop.example.com or shop.lan:8080 (got "${entry}")`);
      return host === null ? [] : [host];
    });

  // Files (deliverables, images): on disk under DATA_DIR, or in one S3 bucket that every instance shares.
  let storage: BlobStoreConfig = { driver: 'fs', root: path.join(path.resolve(text('DATA_DIR') ?? '.data'), 'blobs') };
  if (oneOf('STORAGE_DRIVER', ['fs', 's3'] as const, 'fs') === 's3') {
    const required = (name: string, value: string | undefined): string => {
      if (value === undefined) problems.push(`${name} is required when STORAGE_DRIVER is s3`);
      return value ?? '';
    };
    const bucket = required('S3_BUCKET', text('S3_BUCKET'));
    if (bucket !== '' && !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
      problems.push(`S3_BUCKET must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens (got "${bucket}")`);
    }
    const region = required('S3_REGION', text('S3_REGION'));
    if (region !== '' && !/^[a-z0-9-]{1,40}$/.test(region)) problems.push(`S3_REGION must be a region name such as eu-west-1 or auto (got "${region}")`);
    storage = {
      driver: 's3',
      bucket,
      region,
      endpoint: url('S3_ENDPOINT', ['http:', 'https:']),
      // Neither credential is ever repeated in a message.
      accessKeyId: required('S3_ACCESS_KEY_ID', text('S3_ACCESS_KEY_ID')),
      secretAccessKey: required('S3_SECRET_ACCESS_KEY', secret('S3_SECRET_ACCESS_KEY')),
      forcePathStyle: boolean('S3_FORCE_PATH_STYLE', false),
    };
  }

  const redisKeyPrefix = text('REDIS_KEY_PREFIX') ?? 'store:';
  if (!/^[\w.:-]{1,64}$/.test(redisKeyPrefix)) {
    problems.push(`REDIS_KEY_PREFIX must be 1 to 64 letters, digits and . _ : - (got "${redisKeyPrefix}")`);
  }

  const metricsToken = secret('METRICS_TOKEN') ?? null;
  if (metricsToken !== null && (metricsToken.length < 32 || /[^\x21-\x7e]/.test(metricsToken))) {
    problems.push('METRICS_TOKEN must be at least 32 printable characters without spaces (make one with `openssl rand -hex 24`)');
  }
  const metricsPortText = text('METRICS_PORT');
  // 0: a port the system picks (tests); the server logs which.
  const metricsPort = metricsPortText === undefined ? null : integer('METRICS_PORT', 0, 0, 65535);

  const config: Config = {
    nodeEnv,
    host: text('HOST') ?? '0.0.0.0',
    port: integer('PORT', 3000, 1, 65535),
    databaseUrl,
    dataDir: path.resolve(text('DATA_DIR') ?? '.data'),
    jwtSecret,
    dataEncryptionKey,
    jwtTtlSeconds: integer('JWT_TTL_SECONDS', 8 * 3600, 60, 30 * 24 * 3600),
    adminEmail,
    adminPassword,
    logLevel: oneOf('LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const, nodeEnv === 'test' ? 'silent' : 'info'),
    corsOrigins,
    publicUrl,
    allowedHosts,
    // A production store starts empty unless asked: demo products would be on sale.
    seedDemo: boolean('SEED_DEMO', nodeEnv !== 'production'),
    trustProxy: boolean('TRUST_PROXY', false),
    authRateLimitPerMinute: integer('AUTH_RATE_LIMIT_PER_MINUTE', 20, 1, 100_000),
    apiKeyRateLimitPerMinute: integer('API_KEY_RATE_LIMIT_PER_MINUTE', 600, 1, 1_000_000),
    licenseKeyRateLimitPerMinute: integer('LICENSE_KEY_RATE_LIMIT_PER_MINUTE', 60, 1, 100_000),
    apiDocs: boolean('API_DOCS', nodeEnv !== 'production'),
    storefrontDist: text('STOREFRONT_DIST') ? path.resolve(text('STOREFRONT_DIST')!) : null,
    adminDist: text('ADMIN_DIST') ? path.resolve(text('ADMIN_DIST')!) : null,
    paymentSandbox,
    smtpAllowPrivateHosts: boolean('SMTP_ALLOW_PRIVATE_HOSTS', demo),
    webhookAllowPrivateHosts: boolean('WEBHOOK_ALLOW_PRIVATE_HOSTS', demo),
    webhookTimeoutMs: integer('WEBHOOK_TIMEOUT_MS', 10_000, 100, 60_000),
    webhookSweepSeconds: integer('WEBHOOK_SWEEP_SECONDS', nodeEnv === 'test' ? 0 : 2, 0, 86_400),
    unpaidOrdersPerBuyer: integer('UNPAID_ORDERS_PER_BUYER', 3, 1, 1_000_000),
    unpaidOrdersPerAddress: integer('UNPAID_ORDERS_PER_ADDRESS', 10, 1, 1_000_000),
    paypalApiUrl: url('PAYPAL_API_URL', ['http:', 'https:']),
    coingateApiUrl: url('COINGATE_API_URL', ['http:', 'https:']),
    orderSweepSeconds: integer('ORDER_SWEEP_SECONDS', nodeEnv === 'test' ? 0 : 60, 0, 86_400),
    mailSweepSeconds: integer('MAIL_SWEEP_SECONDS', nodeEnv === 'test' ? 0 : 15, 0, 86_400),
    reconcileSeconds: integer('RECONCILE_SECONDS', nodeEnv === 'test' ? 0 : 60, 0, 86_400),
    storage,
    maxDeliverableBytes: integer('MAX_DELIVERABLE_BYTES', 2 * 1024 ** 3, 1, 5 * 1024 ** 4),
    // At least 15 minutes: the storefront asks for fresh links every 10 (docs/decisions/035-downloads-that-resume.md).
    downloadLinkSeconds: integer('DOWNLOAD_LINK_SECONDS', 24 * 3600, 15 * 60, 7 * 24 * 3600),
    catalogCacheEntries: integer('CATALOG_CACHE_ENTRIES', 5000, 0, 1_000_000),
    // The URL may carry a password: the helper's message never repeats it.
    redisUrl: url('REDIS_URL', ['redis:', 'rediss:']),
    redisKeyPrefix,
    shutdownDrainSeconds: integer('SHUTDOWN_DRAIN_SECONDS', nodeEnv === 'test' ? 0 : 5, 0, 300),
    shutdownTimeoutSeconds: integer('SHUTDOWN_TIMEOUT_SECONDS', 30, 1, 3600),
    metricsEnabled: boolean('METRICS_ENABLED', true),
    metricsPort,
    metricsHost: text('METRICS_HOST') ?? '127.0.0.1',
    metricsToken,
  };
  if (config.metricsPort !== null && config.metricsPort !== 0 && config.metricsPort === config.port) problems.push('METRICS_PORT must differ from PORT: metrics are kept off the public port');
  if (!config.metricsEnabled && (config.metricsPort !== null || config.metricsToken !== null)) {
    problems.push('METRICS_PORT and METRICS_TOKEN serve metrics: they cannot be set while METRICS_ENABLED is false');
  }
  if (config.shutdownDrainSeconds >= config.shutdownTimeoutSeconds) {
    problems.push('SHUTDOWN_DRAIN_SECONDS must be shorter than SHUTDOWN_TIMEOUT_SECONDS: the drain is part of the shutdown');
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
