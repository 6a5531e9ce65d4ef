import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { openDatabase, type DatabaseHandle } from '../../src/db/connect.ts';
import { loadConfig } from '../../src/env.ts';
import type { PayPalClient } from '../../src/payments/paypal-client.ts';
import { assertConforms, conformance } from './conformance.ts';

export const ADMIN_PASSWORD = 'admin-test-password';
/** The fixed data encryption key of the tests (32 bytes in base64); a restart on the same database must pass it too. */
export const TEST_DATA_ENCRYPTION_KEY = 'dGVzdC1kYXRhLWVuY3J5cHRpb24ta2V5LTMyLWJ5dGU=';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  dataDir: string;
  /** Sends a request through Fastify's inject, with a Bearer token when given. */
  request: (options: InjectOptions & { token?: string }) => Promise<LightMyRequestResponse>;
  /** Registers a fresh account and answers its token and user. */
  registerUser: (overrides?: Partial<{ username: string; email: string; password: string }>) => Promise<{ token: string; user: { id: string; username: string; email: string }; password: string }>;
  adminToken: () => Promise<string>;
  close: () => Promise<void>;
}

/** A database of its own: a clone of the migrated template on PostgreSQL, or a PGlite loaded from the snapshot. */
async function freshDatabase(): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  const template = inject('pgTemplate');
  const url = process.env.TEST_DATABASE_URL;
  if (template && url) {
    const name = `${template}_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    admin.on('error', () => {});
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const handle = await openDatabase({ kind: 'postgres', url: target.toString(), poolSize: 5 });
    return {
      handle,
      drop: async () => {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const snapshot = inject('pgliteSnapshot');
  if (!snapshot) throw new Error('The global test setup provided no database');
  const handle = await openDatabase({ kind: 'pglite', snapshot: new Blob([await readFile(snapshot)]) });
  return { handle, drop: async () => {} };
}

let counter = 0;

export interface BuildTestOptions {
  /** Receives the generated admin password on a first start without ADMIN_PASSWORD (pass `ADMIN_PASSWORD: ''` in env). */
  announceAdminPassword?: (password: string) => void;
  /** A PayPal client of the test's own (to interleave other work with PayPal's answers). */
  paypal?: PayPalClient;
  /** An open, migrated database shared with another instance (shared-database.ts): the caller closes it. */
  database?: DatabaseHandle;
  /** Receives the log lines (set LOG_LEVEL in env to have any). */
  logStream?: { write: (line: string) => void };
}

/** The address an inject request names, whichever way the test wrote it. */
function urlOf(options: InjectOptions): string {
  const url = options.url ?? options.path;
  if (typeof url === 'string') return url;
  if (url && typeof url === 'object') return `${url.pathname ?? '/'}${url.query ? `?${new URLSearchParams(url.query as Record<string, string>).toString()}` : ''}`;
  return '/';
}

/** Builds the whole app on a fresh database and data folder, as the server does, for `inject` tests. */
export async function build(env: Record<string, string> = {}, { announceAdminPassword, paypal, database, logStream }: BuildTestOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'store-api-'));
  const { handle, drop } = database ? { handle: database, drop: null } : await freshDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    ADMIN_PASSWORD,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
    DATA_ENCRYPTION_KEY: TEST_DATA_ENCRYPTION_KEY,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    // Tests place many orders from one address (inject's 127.0.0.1); the tests of these caps set their own.
    UNPAID_ORDERS_PER_BUYER: '1000',
    UNPAID_ORDERS_PER_ADDRESS: '1000',
    ...env,
  });
  const app = await buildApp({
    config,
    database: handle,
    ...(announceAdminPassword ? { announceAdminPassword } : {}),
    ...(paypal ? { paypal } : {}),
    ...(logStream ? { logStream } : {}),
  });
  await app.ready();

  // Every answer is held against the OpenAPI document (helpers/conformance.ts); a break fails the test file at close().
  const checker = conformance();
  const violations: string[] = [];
  const request: TestApp['request'] = async ({ token, headers, ...options }) => {
    const response = await app.inject({ ...options, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
    const violation = checker.check(options.method ?? 'GET', urlOf(options), response);
    if (violation) violations.push(violation);
    return response;
  };

  let cachedAdminToken: string | undefined;
  return {
    app,
    database: handle,
    dataDir,
    request,
    registerUser: async (overrides = {}) => {
      counter += 1;
      const suffix = `${process.pid}${counter}${randomBytes(2).toString('hex')}`;
      const body = { username: `user${suffix}`, email: `user${suffix}@example.com`, password: 'secret-password', ...overrides };
      const response = await request({ method: 'POST', url: '/api/auth/register', payload: body });
      if (response.statusCode !== 201) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
      const json = response.json();
      return { token: json.access_token, user: json.user, password: body.password };
    },
    adminToken: async () => {
      if (cachedAdminToken) return cachedAdminToken;
      const response = await request({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin', password: ADMIN_PASSWORD } });
      if (response.statusCode !== 200) throw new Error(`admin login failed: ${response.statusCode} ${response.body}`);
      cachedAdminToken = response.json().access_token as string;
      return cachedAdminToken;
    },
    close: async () => {
      await app.close();
      if (drop) {
        await handle.close();
        await drop();
      }
      await rm(dataDir, { recursive: true, force: true });
      assertConforms(violations.splice(0));
    },
  };
}
