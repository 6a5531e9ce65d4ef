import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

const GOOD_SECRET = 'a-jwt-secret-that-is-long-enough-0123456789';
/** 32 bytes in base64, as `openssl rand -base64 32` writes them. */
const GOOD_DATA_KEY = 'q83vEjRWeJCrze8SNFZ4kKvN7xI0VniQq83vEjRWeJA=';
/** What a production start needs at least. */
const PRODUCTION = { NODE_ENV: 'production', JWT_SECRET: GOOD_SECRET, PUBLIC_URL: 'https://shop.example.com', DATA_ENCRYPTION_KEY: GOOD_DATA_KEY };

/** Runs loadConfig and answers the ConfigError it throws (failing the test when it does not throw one). */
function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('the defaults', () => {
  it('listens on port 3000 with the embedded database under ./.data, the demo catalogue and the API docs', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.dataDir).toBe(path.resolve('./.data'));
    expect(path.isAbsolute(config.dataDir)).toBe(true);
    expect(config.databaseUrl).toBeNull();
    expect(config.seedDemo).toBe(true);
    expect(config.apiDocs).toBe(true);
    expect(config.nodeEnv).toBe('development');
    expect(config.corsOrigins).toEqual([]);
    expect(config.jwtSecret).toBeNull();
    expect(config.adminPassword).toBeNull();
    expect(config.authRateLimitPerMinute).toBe(20);
  });

  it('serves the API docs in test too, and hides them by default in production', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).apiDocs).toBe(true);
    expect(loadConfig(PRODUCTION).apiDocs).toBe(false);
    expect(loadConfig({ ...PRODUCTION, API_DOCS: 'true' }).apiDocs).toBe(true);
  });

  it('treats an empty or blank variable as unset', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '  ', ADMIN_PASSWORD: '', SEED_DEMO: '' });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeNull();
    expect(config.adminPassword).toBeNull();
    expect(config.seedDemo).toBe(true);
  });
});

describe('good values', () => {
  it('reads a port, a PostgreSQL address, a data folder and the switches', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgresql://store:pw@db.example.com:5432/store',
      DATA_DIR: 'var/store',
      SEED_DEMO: 'no',
      API_DOCS: 'off',
      ...PRODUCTION,
      ADMIN_PASSWORD: 'eight-ch',
    });
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBe('postgresql://store:pw@db.example.com:5432/store');
    expect(config.dataDir).toBe(path.resolve('var/store'));
    expect(config.seedDemo).toBe(false);
    expect(config.apiDocs).toBe(false);
    expect(config.jwtSecret).toBe(GOOD_SECRET);
    expect(config.adminPassword).toBe('eight-ch');
  });

  it('splits CORS_ORIGINS on commas, trimming spaces, trailing slashes and empty entries', () => {
    const config = loadConfig({ CORS_ORIGINS: ' https://admin.example.com , http://localhost:5174/,, https://shop.example.com ' });
    expect(config.corsOrigins).toEqual(['https://admin.example.com', 'http://localhost:5174', 'https://shop.example.com']);
  });
});

describe('bad values', () => {
  it.each([
    ['PORT', { PORT: 'abc' }],
    ['PORT', { PORT: '70000' }],
    ['PORT', { PORT: '0' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://x' }],
    ['DATABASE_URL', { DATABASE_URL: 'not a url' }],
    ['JWT_SECRET', { JWT_SECRET: 'too-short' }],
    ['JWT_SECRET', { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.com', DATA_ENCRYPTION_KEY: GOOD_DATA_KEY }],
    ['PUBLIC_URL', { NODE_ENV: 'production', JWT_SECRET: GOOD_SECRET, DATA_ENCRYPTION_KEY: GOOD_DATA_KEY }],
    ['DATA_ENCRYPTION_KEY', { NODE_ENV: 'production', JWT_SECRET: GOOD_SECRET, PUBLIC_URL: 'https://shop.example.com' }],
    ['DATA_ENCRYPTION_KEY', { DATA_ENCRYPTION_KEY: 'too-short' }],
    ['DATA_ENCRYPTION_KEY', { DATA_ENCRYPTION_KEY: Buffer.alloc(33, 7).toString('base64') }],
    ['DATA_ENCRYPTION_KEY', { DATA_ENCRYPTION_KEY: '0'.repeat(64) }],
    ['PUBLIC_URL', { PUBLIC_URL: 'ftp://shop.example.com' }],
    ['PAYMENT_SANDBOX', { ...PRODUCTION, PAYMENT_SANDBOX: 'true' }],
    ['ADMIN_PASSWORD', { ADMIN_PASSWORD: 'password123' }],
    ['UNPAID_ORDERS_PER_BUYER', { UNPAID_ORDERS_PER_BUYER: '0' }],
    ['SEED_DEMO', { SEED_DEMO: 'maybe' }],
    ['CORS_ORIGINS', { CORS_ORIGINS: 'not a url' }],
    ['CORS_ORIGINS', { CORS_ORIGINS: 'https://admin.example.com/path' }],
    ['ADMIN_PASSWORD', { ADMIN_PASSWORD: 'seven-c' }],
    ['NODE_ENV', { NODE_ENV: 'staging' }],
    ['API_DOCS', { API_DOCS: 'sometimes' }],
    ['REDIS_URL', { REDIS_URL: 'http://127.0.0.1:6379' }],
    ['REDIS_URL', { REDIS_URL: '127.0.0.1:6379' }],
    ['REDIS_KEY_PREFIX', { REDIS_KEY_PREFIX: 'my store:' }],
    ['REDIS_KEY_PREFIX', { REDIS_KEY_PREFIX: 'x'.repeat(65) }],
  ] as const)('refuses a bad %s (%j) with a ConfigError naming it', (name, env) => {
    const error = configError(env);
    expect(error.problems).toHaveLength(1);
    expect(error.problems[0]).toContain(name);
    expect(error.message).toContain(name);
  });

  it('names every bad value in one ConfigError, not only the first', () => {
    const error = configError({
      PORT: 'abc',
      DATABASE_URL: 'mysql://x',
      JWT_SECRET: 'short',
      SEED_DEMO: 'maybe',
      CORS_ORIGINS: 'not a url',
      ADMIN_PASSWORD: 'short',
    });
    expect(error.problems).toHaveLength(6);
    for (const name of ['PORT', 'DATABASE_URL', 'JWT_SECRET', 'SEED_DEMO', 'CORS_ORIGINS', 'ADMIN_PASSWORD']) {
      expect(error.problems.some((problem) => problem.startsWith(name))).toBe(true);
      expect(error.message).toContain(name);
    }
    expect(error.problems.find((problem) => problem.startsWith('PORT'))).toContain('"abc"');
  });

  it('lists a port out of range together with a production start that has no JWT_SECRET', () => {
    const error = configError({ PORT: '70000', NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.com', DATA_ENCRYPTION_KEY: GOOD_DATA_KEY, SEED_DEMO: 'maybe', ADMIN_PASSWORD: 'short' });
    expect(error.problems).toHaveLength(4);
    expect(error.problems).toEqual(
      expect.arrayContaining([
        'JWT_SECRET is required when NODE_ENV is production',
        'ADMIN_PASSWORD must be at least 8 characters',
        'PORT must be a whole number from 1 to 65535 (got "70000")',
        'SEED_DEMO must be true or false (got "maybe")',
      ]),
    );
  });

  it('never repeats a secret in its message', () => {
    const error = configError({
      JWT_SECRET: 'short-jwt-secret-value',
      ADMIN_PASSWORD: 'pw1234',
      DATABASE_URL: 'mysql://root:db-password-value@db.example.com/store',
    });
    expect(error.problems).toHaveLength(3);
    expect(error.message).not.toContain('short-jwt-secret-value');
    expect(error.message).not.toContain('pw1234');
    expect(error.message).not.toContain('db-password-value');
  });

  it('refuses a production start without DATA_ENCRYPTION_KEY, saying why and how to make one', () => {
    const { JWT_SECRET, PUBLIC_URL, NODE_ENV } = PRODUCTION;
    const error = configError({ NODE_ENV, JWT_SECRET, PUBLIC_URL });
    expect(error.problems).toEqual([expect.stringMatching(/^DATA_ENCRYPTION_KEY is required when NODE_ENV is production: .*openssl rand -base64 32/)]);
  });

  it('never repeats a bad DATA_ENCRYPTION_KEY in its message', () => {
    const error = configError({ DATA_ENCRYPTION_KEY: 'my-secret-key-value-that-is-wrong' });
    expect(error.message).toContain('DATA_ENCRYPTION_KEY must be 32 random bytes');
    expect(error.message).not.toContain('my-secret-key-value-that-is-wrong');
  });

  it('reads DATA_ENCRYPTION_KEY as 64 hex digits or as base64 with or without padding, and leaves it unset otherwise', () => {
    const bytes = Buffer.from(GOOD_DATA_KEY, 'base64');
    for (const written of [GOOD_DATA_KEY, GOOD_DATA_KEY.replace(/=$/, ''), bytes.toString('base64url'), bytes.toString('hex'), bytes.toString('hex').toUpperCase()]) {
      expect(loadConfig({ DATA_ENCRYPTION_KEY: written }).dataEncryptionKey?.equals(bytes)).toBe(true);
    }
    expect(loadConfig({}).dataEncryptionKey).toBeNull();
  });

  it('starts a production store without demo products unless asked', () => {
    expect(loadConfig(PRODUCTION).seedDemo).toBe(false);
    expect(loadConfig({ ...PRODUCTION, SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('keeps spaces that are part of the admin password', () => {
    expect(loadConfig({ ADMIN_PASSWORD: ' pass word ' }).adminPassword).toBe(' pass word ');
  });
});

describe('the payment sandbox and other demo conveniences', () => {
  it('are on for the embedded demo only: no DATABASE_URL and not production', () => {
    const demo = loadConfig({});
    expect(demo.paymentSandbox).toBe(true);
    expect(demo.smtpAllowPrivateHosts).toBe(true);
    const onPostgres = loadConfig({ DATABASE_URL: 'postgres://store@db.example.com/store' });
    expect(onPostgres.paymentSandbox).toBe(false);
    expect(onPostgres.smtpAllowPrivateHosts).toBe(false);
    expect(loadConfig(PRODUCTION).paymentSandbox).toBe(false);
  });

  it('turn on elsewhere only when asked, and the sandbox never in production', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://store@db.example.com/store', PAYMENT_SANDBOX: 'true' }).paymentSandbox).toBe(true);
    expect(configError({ ...PRODUCTION, PAYMENT_SANDBOX: 'true' }).problems[0]).toMatch(/PAYMENT_SANDBOX cannot be on when NODE_ENV is production/);
  });

  it('caps unpaid orders at 3 per buyer and 10 per address unless told otherwise', () => {
    expect(loadConfig({})).toMatchObject({ unpaidOrdersPerBuyer: 3, unpaidOrdersPerAddress: 10 });
    expect(loadConfig({ UNPAID_ORDERS_PER_BUYER: '5', UNPAID_ORDERS_PER_ADDRESS: '50' })).toMatchObject({ unpaidOrdersPerBuyer: 5, unpaidOrdersPerAddress: 50 });
  });
});

describe('download links (DOWNLOAD_LINK_SECONDS)', () => {
  it('live a day unless told otherwise, from 15 minutes to a week', () => {
    expect(loadConfig({}).downloadLinkSeconds).toBe(86_400);
    expect(loadConfig({ DOWNLOAD_LINK_SECONDS: '3600' }).downloadLinkSeconds).toBe(3600);
    expect(configError({ DOWNLOAD_LINK_SECONDS: '60' }).problems[0]).toBe('DOWNLOAD_LINK_SECONDS must be a whole number from 900 to 604800 (got "60")');
    expect(configError({ DOWNLOAD_LINK_SECONDS: '604801' }).problems[0]).toContain('DOWNLOAD_LINK_SECONDS');
  });
});

describe('file storage (STORAGE_DRIVER and S3_*)', () => {
  const S3 = {
    STORAGE_DRIVER: 's3',
    S3_BUCKET: 'shop-files',
    S3_REGION: 'eu-west-1',
    S3_ACCESS_KEY_ID: 'AKIAEXAMPLEKEYID',
    S3_SECRET_ACCESS_KEY: 'secret-access-key-value/With+Symbols',
  };

  it('keeps files on disk under DATA_DIR/blobs by default', () => {
    expect(loadConfig({}).storage).toEqual({ driver: 'fs', root: path.resolve('.data/blobs') });
    expect(loadConfig({ DATA_DIR: 'var/store', STORAGE_DRIVER: 'fs' }).storage).toEqual({ driver: 'fs', root: path.resolve('var/store/blobs') });
  });

  it('reads an S3 bucket with its region, credentials, endpoint and path style', () => {
    expect(loadConfig({ ...S3, S3_ENDPOINT: 'http://127.0.0.1:9000/', S3_FORCE_PATH_STYLE: 'true' }).storage).toEqual({
      driver: 's3',
      bucket: 'shop-files',
      region: 'eu-west-1',
      endpoint: 'http://127.0.0.1:9000',
      accessKeyId: 'AKIAEXAMPLEKEYID',
      secretAccessKey: 'secret-access-key-value/With+Symbols',
      forcePathStyle: true,
    });
    expect(loadConfig(S3).storage).toMatchObject({ driver: 's3', endpoint: null, forcePathStyle: false });
  });

  it('ignores the S3 settings while the driver is fs', () => {
    expect(loadConfig({ S3_BUCKET: 'shop-files', S3_ENDPOINT: 'not a url' }).storage.driver).toBe('fs');
  });

  it('names every S3 setting the s3 driver is missing, all at once', () => {
    const error = configError({ STORAGE_DRIVER: 's3' });
    expect(error.problems).toEqual([
      'S3_BUCKET is required when STORAGE_DRIVER is s3',
      'S3_REGION is required when STORAGE_DRIVER is s3',
      'S3_ACCESS_KEY_ID is required when STORAGE_DRIVER is s3',
      'S3_SECRET_ACCESS_KEY is required when STORAGE_DRIVER is s3',
    ]);
  });

  it.each([
    ['S3_BUCKET', { ...S3, S3_BUCKET: 'Shop_Files' }],
    ['S3_SECRET_ACCESS_KEY', { ...S3, S3_SECRET_ACCESS_KEY: '' }],
    ['S3_REGION', { ...S3, S3_REGION: 'eu west' }],
    ['S3_ENDPOINT', { ...S3, S3_ENDPOINT: 'ftp://files.example.com' }],
    ['S3_FORCE_PATH_STYLE', { ...S3, S3_FORCE_PATH_STYLE: 'sometimes' }],
    ['STORAGE_DRIVER', { STORAGE_DRIVER: 'gcs' }],
  ] as const)('refuses a bad %s with a ConfigError naming it', (name, env) => {
    const error = configError(env);
    expect(error.problems).toHaveLength(1);
    expect(error.problems[0]).toContain(name);
  });

  it('never repeats the S3 credentials or an endpoint password in a message', () => {
    const error = configError({ ...S3, S3_BUCKET: '', S3_ENDPOINT: 'ftp://user:endpoint-password@files.example.com' });
    expect(error.problems).toHaveLength(2);
    expect(error.message).not.toContain(S3.S3_SECRET_ACCESS_KEY);
    expect(error.message).not.toContain(S3.S3_ACCESS_KEY_ID);
    expect(error.message).not.toContain('endpoint-password');
  });
});

describe('the shared Redis (REDIS_URL, REDIS_KEY_PREFIX)', () => {
  it('is unset by default, so each instance counts rate limits in its own memory', () => {
    expect(loadConfig({})).toMatchObject({ redisUrl: null, redisKeyPrefix: 'store:' });
    expect(loadConfig({ REDIS_URL: ' ' }).redisUrl).toBeNull();
  });

  it('reads a redis:// or rediss:// URL with its password and database, and a key prefix', () => {
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).redisUrl).toBe('redis://127.0.0.1:6379');
    expect(loadConfig({ REDIS_URL: 'rediss://:pass%40word@cache.example.com:6380/2' }).redisUrl).toBe('rediss://:pass%40word@cache.example.com:6380/2');
    expect(loadConfig({ REDIS_KEY_PREFIX: 'shop-eu:' }).redisKeyPrefix).toBe('shop-eu:');
  });

  it('never repeats the Redis password in its message', () => {
    const error = configError({ REDIS_URL: 'https://default:redis-password-value@cache.example.com' });
    expect(error.problems).toEqual(['REDIS_URL must be a redis: or rediss: URL']);
    expect(error.message).not.toContain('redis-password-value');
  });
});
