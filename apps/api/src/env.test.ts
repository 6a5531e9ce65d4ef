import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

const GOOD_SECRET = 'a-jwt-secret-that-is-long-enough-0123456789';
/** What a production start needs at least. */
const PRODUCTION = { NODE_ENV: 'production', JWT_SECRET: GOOD_SECRET, PUBLIC_URL: 'https://shop.example.com' };

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
    ['JWT_SECRET', { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.com' }],
    ['PUBLIC_URL', { NODE_ENV: 'production', JWT_SECRET: GOOD_SECRET }],
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
    const error = configError({ PORT: '70000', NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.com', SEED_DEMO: 'maybe', ADMIN_PASSWORD: 'short' });
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
