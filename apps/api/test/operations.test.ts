import { randomBytes } from 'node:crypto';
import { writeFile, rm, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { startPaymentSandbox, type RunningPaymentSandbox } from '@store/payment-sandbox';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig, type ConfigError } from '../src/env.ts';
import { build, type TestApp } from './helpers/build.ts';
import { freePort } from './helpers/ports.ts';
import { waitFor } from './helpers/wait-for.ts';

/*
 * Operations (docs/decisions/058-operations.md): liveness and readiness, the metrics, request ids in the logs,
 * and Settings → System's route. The server process's shutdown is in server.test.ts; two instances restarted
 * behind HAProxy in rolling-restart.test.ts.
 */

const METRICS_TOKEN = `metrics-${randomBytes(16).toString('hex')}`;
const REDIS_URL = inject('redisUrl');

interface Check {
  name: string;
  ok: boolean;
  ms: number;
  detail: string | null;
}

/** The log lines an app wrote, parsed. */
function logCollector(): { stream: { write: (line: string) => void }; lines: () => Record<string, unknown>[]; text: () => string } {
  let text = '';
  return {
    stream: { write: (line: string) => void (text += line) },
    lines: () =>
      text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    text: () => text,
  };
}


/** One sample's value from the exposition text, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = match[3] ?? '';
    if (wanted.every((pair) => present.split(/,(?=[a-z_]+=")/).includes(pair))) return Number(match[4]);
  }
  return undefined;
}

describe('liveness and readiness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(() => t.close());

  it('answers /livez and /healthz while the process runs, never cached', async () => {
    for (const url of ['/livez', '/healthz']) {
      const answer = await t.request({ method: 'GET', url });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ status: 'live' });
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it('answers /readyz 200 with each check and its time when every part answers', async () => {
    const answer = await t.request({ method: 'GET', url: '/readyz' });
    expect(answer.statusCode).toBe(200);
    const body = answer.json<{ status: string; checks: Check[] }>();
    expect(body.status).toBe('ready');
    expect(body.checks.map((check) => check.name)).toEqual(['database', 'migrations', 'redis', 'storage', 'shutdown']);
    for (const check of body.checks) {
      expect(check.ok).toBe(true);
      expect(check.ms).toBeGreaterThanOrEqual(0);
    }
    expect(body.checks.find((check) => check.name === 'redis')?.detail).toBe('not configured');
  });

  it('is not rate-limited: a burst of probes all pass, sharing one run of the checks', async () => {
    const answers = await Promise.all(Array.from({ length: 200 }, () => t.request({ method: 'GET', url: '/readyz' })));
    expect(new Set(answers.map((answer) => answer.statusCode))).toEqual(new Set([200]));
    // Within a second every answer is the same run's: the same times.
    const times = new Set(answers.map((answer) => JSON.stringify(answer.json<{ checks: Check[] }>().checks.map((check) => check.ms))));
    expect(times.size).toBeLessThanOrEqual(2);
  });

  it('answers /metrics 404 in JSON on the public port without METRICS_TOKEN, never a page', async () => {
    const answer = await t.request({ method: 'GET', url: '/metrics' });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({ code: 'route_not_found', detail: expect.stringContaining('METRICS_PORT') });
  });
});

describe('readiness fails for what makes an instance unfit, and recovers', () => {
  it('names pending migrations, an unwritable file store and a shutdown; /livez stays 200', { timeout: 30_000 }, async () => {
    const t = await build();
    try {
      // A migration the database has not recorded, and a file where the store writes its temporary files.
      const last = await t.database.db.deleteFrom('kysely_migration' as never).where('name' as never, '=', '2026-12-04-0002-webhooks' as never).returningAll().executeTakeFirstOrThrow();
      const blobs = path.join(t.dataDir, 'blobs');
      await mkdir(blobs, { recursive: true });
      await writeFile(path.join(blobs, '.tmp'), 'not a folder');

      const broken = await t.request({ method: 'GET', url: '/readyz' });
      expect(broken.statusCode).toBe(503);
      const checks = broken.json<{ status: string; checks: Check[] }>();
      expect(checks.status).toBe('not_ready');
      const byName = Object.fromEntries(checks.checks.map((check) => [check.name, check]));
      expect(byName.migrations).toMatchObject({ ok: false, detail: '1 pending, from 2026-12-04-0002-webhooks' });
      expect(byName.storage).toMatchObject({ ok: false, detail: expect.stringMatching(/^E[A-Z]+$/) });
      expect(byName.database?.ok).toBe(true);
      expect((await t.request({ method: 'GET', url: '/livez' })).statusCode).toBe(200);

      // Put right: ready again once the second's shared result has passed.
      await t.database.db.insertInto('kysely_migration' as never).values(last).execute();
      await rm(path.join(blobs, '.tmp'));
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await t.request({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);

      // Shutting down is heard at the very next probe, not a second later.
      t.app.lifecycle.beginShutdown(new Date(Date.now() + 30_000));
      const closing = await t.request({ method: 'GET', url: '/readyz' });
      expect(closing.statusCode).toBe(503);
      expect(closing.json<{ checks: Check[] }>().checks.find((check) => check.name === 'shutdown')).toMatchObject({ ok: false, detail: 'shutting down' });
      expect((await t.request({ method: 'GET', url: '/api/products' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('fails on a Redis that does not answer, and passes on one that does', { timeout: 30_000 }, async () => {
    const down = await build({ REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
    try {
      const answer = await down.request({ method: 'GET', url: '/readyz' });
      expect(answer.statusCode).toBe(503);
      const redis = answer.json<{ checks: Check[] }>().checks.find((check) => check.name === 'redis');
      expect(redis?.ok).toBe(false);
      // A reason in a few words, never the address.
      expect(redis?.detail).not.toContain('127.0.0.1');
    } finally {
      await down.close();
    }
    if (!REDIS_URL) return;
    const up = await build({ REDIS_URL, REDIS_KEY_PREFIX: `ops-test-${randomBytes(3).toString('hex')}:` });
    try {
      const answer = await up.request({ method: 'GET', url: '/readyz' });
      expect(answer.statusCode).toBe(200);
      expect(answer.json<{ checks: Check[] }>().checks.find((check) => check.name === 'redis')).toMatchObject({ ok: true, detail: null });
    } finally {
      await up.close();
    }
  });
});

describe('the metrics', () => {
  let t: TestApp;
  let sandbox: RunningPaymentSandbox;
  let admin: string;
  beforeAll(async () => {
    sandbox = await startPaymentSandbox();
    t = await build({ METRICS_TOKEN, METRICS_PORT: '0', PAYPAL_API_URL: sandbox.url, PUBLIC_URL: 'http://shop.test', AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
    admin = await t.adminToken();
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  const scrape = async () => {
    const answer = await t.request({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return answer.body;
  };

  it('serves /metrics on the public port only to the bearer of METRICS_TOKEN', async () => {
    const none = await t.request({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    const wrong = await t.request({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN.slice(0, -1)}x` } });
    expect(wrong.statusCode).toBe(401);
    expect(await scrape()).toContain('# TYPE http_request_duration_seconds histogram');
  });

  it('serves them on METRICS_PORT without a token, and nothing else there', async () => {
    const address = t.app.metricsAddress();
    expect(address).not.toBeNull();
    const base = `http://127.0.0.1:${address!.port}`;
    const answer = await fetch(`${base}/metrics`);
    expect(answer.status).toBe(200);
    const text = await answer.text();
    expect(text).toContain('# TYPE store_ready gauge');
    // The process's own metrics are there too, event-loop lag among them.
    expect(text).toContain('nodejs_eventloop_lag_p99_seconds');
    expect((await fetch(`${base}/api/products`)).status).toBe(404);
    expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(404);
  });

  it('counts requests by route pattern, the catalogue cache, a purchase and its PayPal calls', { timeout: 30_000 }, async () => {
    const product = await t.request({
      method: 'POST',
      url: '/api/admin/products',
      token: admin,
      payload: { title: `Metered ${randomBytes(3).toString('hex')}`, price: 12.5, description: 'd', detailed_description: 'dd' },
    });
    const productId = product.json<{ id: string }>().id;
    await t.request({ method: 'POST', url: `/api/admin/products/${productId}/keys`, token: admin, payload: { keys: `MET-${randomBytes(4).toString('hex')}` } });
    for (let i = 0; i < 3; i++) await t.request({ method: 'GET', url: '/api/products?limit=5' });
    await t.request({ method: 'GET', url: `/api/products/${productId}` });
    await t.request({ method: 'GET', url: '/no-such-page.txt' });

    const before = await scrape();
    expect(sample(before, 'store_catalog_cache_entries')).toBeGreaterThanOrEqual(1);
    const order = await t.request({
      method: 'POST',
      url: '/api/orders',
      payload: { items: [{ product_id: productId, quantity: 1 }], invoice_data: { email: 'metered@example.com', name: 'M', address: '1 Road', city: 'Leeds', country: 'UK' } },
    });
    const orderId = order.json<{ id: string }>().id;
    const created = await t.request({ method: 'POST', url: `/api/payments/create?order_id=${orderId}` });
    const paypalOrderId = new URL(created.json<{ payment_url: string }>().payment_url).searchParams.get('token')!;
    await fetch(`${sandbox.url}/checkoutnow/${paypalOrderId}/approve`, { method: 'POST', redirect: 'manual' });
    expect((await t.request({ method: 'POST', url: `/api/paypal/capture-order/${paypalOrderId}` })).statusCode).toBe(200);
    // The store-wide figures are read at most every 10 s: wait for the scrape that sees the sale.
    const after = await waitFor(async () => {
      const text = await scrape();
      return (sample(text, 'store_orders_paid_total') ?? 0) > (sample(before, 'store_orders_paid_total') ?? 0) && text;
    }, 'the paid order in the metrics', 15_000);

    const count = (route: string, status = '200') => sample(after, 'http_request_duration_seconds_count', { method: 'GET', route, status_code: status });
    expect(count('/api/products')).toBe(3);
    // The route's pattern, never its ids: one series for every product.
    expect(count('/api/products/:id')).toBe(1);
    expect(after).not.toContain(`route="/api/products/${productId}"`);
    expect(count('(not found)', '404')).toBe(1);
    expect(sample(after, 'store_catalog_cache_hits_total')).toBeGreaterThanOrEqual(2);
    expect(sample(after, 'store_catalog_cache_misses_total')).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'store_orders_created_total')).toBe((sample(before, 'store_orders_created_total') ?? 0) + 1);
    expect(sample(after, 'store_orders', { status: 'completed' })).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'store_paypal_request_duration_seconds_count', { operation: 'POST /v2/checkout/orders', result: 'ok' })).toBe(1);
    expect(sample(after, 'store_paypal_request_duration_seconds_count', { operation: 'POST /v2/checkout/orders/{id}/capture', result: 'ok' })).toBe(1);
    // No SMTP here: the receipt waits in the outbox, and its age shows.
    expect(sample(after, 'store_mail_outbox_pending')).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'store_mail_outbox_oldest_pending_age_seconds')).toBeGreaterThan(0);
    expect(sample(after, 'store_db_pool_connections', { state: 'waiting' })).toBe(0);
    expect(sample(after, 'store_ready')).toBe(1);
    expect(sample(after, 'http_requests_in_flight')).toBeGreaterThanOrEqual(1); // the scrape itself
  });
});

describe('the metrics of background jobs, and metrics turned off', () => {
  it('counts each run of a sweep and its last success', { timeout: 20_000 }, async () => {
    const t = await build({ MAIL_SWEEP_SECONDS: '1', METRICS_TOKEN });
    try {
      const text = await waitFor(async () => {
        const body = (await t.request({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body;
        return (sample(body, 'store_job_runs_total', { job: 'mail outbox', result: 'ok' }) ?? 0) >= 1 && body;
      }, 'a mail sweep run', 10_000);
      const last = sample(text, 'store_job_last_success_timestamp_seconds', { job: 'mail outbox' })!;
      expect(Math.abs(last - Date.now() / 1000)).toBeLessThan(10);
    } finally {
      await t.close();
    }
  });

  it('with METRICS_ENABLED=false, counts no request and serves no metrics', async () => {
    const t = await build({ METRICS_ENABLED: 'false' });
    try {
      await t.request({ method: 'GET', url: '/api/products' });
      expect(t.app.metrics.httpDuration.get().values).toEqual([]);
      const answer = await t.request({ method: 'GET', url: '/metrics' });
      expect(answer.statusCode).toBe(404);
      expect(answer.json<{ detail: string }>().detail).toBe('Metrics are off (METRICS_ENABLED=false)');
    } finally {
      await t.close();
    }
  });

  it('refuses settings that would serve metrics carelessly', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig({ NODE_ENV: 'test', ...env });
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    expect(problems({ METRICS_TOKEN: 'short' })).toEqual([expect.stringContaining('METRICS_TOKEN must be at least 32 printable characters')]);
    expect(problems({ METRICS_TOKEN: `${'a'.repeat(32)} b` })).toHaveLength(1);
    expect(problems({ PORT: '4000', METRICS_PORT: '4000' })).toEqual([expect.stringContaining('METRICS_PORT must differ from PORT')]);
    expect(problems({ METRICS_ENABLED: 'false', METRICS_PORT: '9100' })).toHaveLength(1);
    expect(problems({ SHUTDOWN_DRAIN_SECONDS: '30', SHUTDOWN_TIMEOUT_SECONDS: '30' })).toEqual([expect.stringContaining('SHUTDOWN_DRAIN_SECONDS must be shorter')]);
  });
});

describe('request ids and the logs', () => {
  it('answers each request with its id, and keeps a trusted proxy’s', async () => {
    const direct = await build();
    const proxied = await build({ TRUST_PROXY: 'true' });
    try {
      const a = await direct.request({ method: 'GET', url: '/livez' });
      const b = await direct.request({ method: 'GET', url: '/livez' });
      expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
      // Not from anyone: without a trusted proxy, a client could pose as another request in the logs.
      const posed = await direct.request({ method: 'GET', url: '/livez', headers: { 'x-request-id': 'posed-id-1' } });
      expect(posed.headers['x-request-id']).not.toBe('posed-id-1');

      const kept = await proxied.request({ method: 'GET', url: '/api/products', headers: { 'x-request-id': 'haproxy-7f3a:42' } });
      expect(kept.headers['x-request-id']).toBe('haproxy-7f3a:42');
      for (const hostile of ['a b', 'x'.repeat(129), 'id\u0000', '']) {
        const replaced = await proxied.request({ method: 'GET', url: '/livez', headers: { 'x-request-id': hostile } });
        expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      }
    } finally {
      await Promise.all([direct.close(), proxied.close()]);
    }
  });

  it('puts the request id on every line a request logs, keeps probes out of the info log, and never logs a secret', { timeout: 30_000 }, async () => {
    const log = logCollector();
    const sandbox = await startPaymentSandbox();
    const t = await build({ LOG_LEVEL: 'info', METRICS_TOKEN, PAYPAL_API_URL: sandbox.url, PUBLIC_URL: 'http://shop.test' }, { logStream: log.stream });
    try {
      const admin = await t.adminToken();
      // A mail server that is not there: mail is queued (and fails later), so a reset link is issued.
      const settings = await t.request({
        method: 'PUT',
        url: '/api/admin/settings',
        token: admin,
        payload: { smtp_host: '127.0.0.1', smtp_port: await freePort(), smtp_use_tls: false, smtp_from_email: 'shop@example.com', smtp_password: 'smtp-secret-password-1' },
      });
      expect(settings.statusCode).toBe(200);
      const product = await t.request({
        method: 'POST',
        url: '/api/admin/products',
        token: admin,
        payload: { title: 'Logged product', price: 5, description: 'd', detailed_description: 'dd' },
      });
      const productId = product.json<{ id: string }>().id;
      const licenceKey = `LOG-${randomBytes(6).toString('hex').toUpperCase()}`;
      await t.request({ method: 'POST', url: `/api/admin/products/${productId}/keys`, token: admin, payload: { keys: licenceKey } });
      const order = await t.request({
        method: 'POST',
        url: '/api/orders',
        payload: { items: [{ product_id: productId, quantity: 1 }], invoice_data: { email: 'logged@example.com', name: 'L', address: '1 Road', city: 'Leeds', country: 'UK' } },
      });
      const { id: orderId, access_token: orderToken } = order.json<{ id: string; access_token: string }>();
      const paying = await t.request({ method: 'POST', url: `/api/payments/create?order_id=${orderId}` });
      const payRequestId = paying.headers['x-request-id'] as string;
      const paypalOrderId = new URL(paying.json<{ payment_url: string }>().payment_url).searchParams.get('token')!;
      await fetch(`${sandbox.url}/checkoutnow/${paypalOrderId}/approve`, { method: 'POST', redirect: 'manual' });
      await t.request({ method: 'POST', url: `/api/paypal/capture-order/${paypalOrderId}?token=${paypalOrderId}&PayerID=PAYER123` });
      await t.request({ method: 'GET', url: `/api/guest/orders/${orderId}?token=${orderToken}` });

      // Secrets of the newer features: an API key, a webhook secret, the metrics token, a password reset link.
      const key = (await t.request({ method: 'POST', url: '/api/admin/api-keys', token: admin, payload: { name: 'Logged', scopes: ['orders:read'] } })).json<{ secret: string }>().secret;
      await t.request({ method: 'GET', url: '/api/admin/orders', token: key });
      const hook = await t.request({
        method: 'POST',
        url: '/api/admin/webhooks',
        token: admin,
        payload: { url: 'https://hooks.example.com/store', events: ['order.paid'], description: 'logged' },
      });
      const webhookSecret = hook.json<{ secret: string }>().secret;
      await t.request({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      await t.request({ method: 'POST', url: '/api/auth/password-reset', payload: { email: 'admin@example.com' } });
      const resetMail = await waitFor(
        () => t.database.db.selectFrom('mail_outbox').select('text_body').where('kind', '=', 'password_reset').executeTakeFirst(),
        'the reset mail',
      );
      const resetToken = /token=([\w-]+)/.exec(resetMail.text_body)?.[1];
      expect(resetToken).toBeDefined();

      for (let i = 0; i < 5; i++) {
        await t.request({ method: 'GET', url: '/readyz' });
        await t.request({ method: 'GET', url: '/livez' });
      }
      await new Promise((resolve) => setTimeout(resolve, 200));

      const lines = log.lines();
      // A line the payment's service logged through app.log, not the request's logger, names the request.
      const created = lines.find((line) => line.msg === 'paypal order created');
      expect(created).toMatchObject({ reqId: payRequestId, orderId });
      // Every line logged once requests began names its request: only the start-up's lines come before.
      const firstRequest = lines.findIndex((line) => line.reqId !== undefined);
      expect(firstRequest).toBeGreaterThan(0);
      expect(lines.slice(firstRequest).filter((line) => line.reqId === undefined)).toEqual([]);
      // No request id twice on one line (the request's own logger and the context both name it).
      expect(log.text()).not.toMatch(/"reqId":"[^"]*",[^\n]*"reqId"/);
      // Probes are not logged at info.
      expect(log.text()).not.toContain('/readyz');
      expect(log.text()).not.toContain('/livez');

      const secrets = { 'admin password': 'admin-test-password', 'order token': orderToken, 'API key': key, 'webhook secret': webhookSecret, 'metrics token': METRICS_TOKEN, 'reset token': resetToken!, 'licence key': licenceKey, 'PayPal payer': 'PAYER123', 'admin session': admin, 'SMTP password': 'smtp-secret-password-1' };
      for (const [what, secret] of Object.entries(secrets)) expect(log.text().includes(secret), `the ${what} is in the log`).toBe(false);
    } finally {
      await t.close();
      await sandbox.close();
    }
  });
});

describe('Settings → System', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ RECONCILE_SECONDS: '0' });
  });
  afterAll(() => t.close());

  it("answers staff with the store's health and this instance", async () => {
    await t.database.db
      .insertInto('app_meta')
      .values({ key: 'last_reconciliation_at', value: '2026-11-27T10:00:00.000Z' })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: '2026-11-27T10:00:00.000Z' }))
      .execute();
    const answer = await t.request({ method: 'GET', url: '/api/admin/system', token: await t.adminToken() });
    expect(answer.statusCode).toBe(200);
    const status = answer.json<Record<string, Record<string, unknown>>>();
    expect(status.readiness).toMatchObject({ status: 'ready' });
    expect(status.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(status.instance).toMatch(new RegExp(`:${process.pid}$`));
    expect(status.database).toMatchObject({ kind: t.database.kind, server_version: expect.stringMatching(/^\d+/), size_bytes: expect.any(Number) });
    expect((status.database as { size_bytes: number }).size_bytes).toBeGreaterThan(0);
    const { known, applied, pending, latest } = status.migrations as { known: number; applied: number; pending: string[]; latest: string };
    expect(applied).toBe(known);
    expect(pending).toEqual([]);
    expect(latest).toBe((await sql<{ name: string }>`select max(name) as name from kysely_migration`.execute(t.database.db)).rows[0]!.name);
    expect(status.redis).toEqual({ state: 'not_configured', ms: null });
    expect(status.mail).toMatchObject({ configured: false, outbox: { pending: expect.any(Number), failed: 0 } });
    expect(status.reconciliation).toEqual({ interval_seconds: 0, last_success_at: '2026-11-27T10:00:00.000Z', orders_awaiting: 0 });
    expect(status.storage).toMatchObject({ driver: 'fs', location: path.join(t.dataDir, 'blobs') });
    expect((status.storage as { free_bytes: number }).free_bytes).toBeGreaterThan(0);
  });

  it('refuses shoppers and visitors', async () => {
    const { token } = await t.registerUser();
    expect((await t.request({ method: 'GET', url: '/api/admin/system', token })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/admin/system' })).statusCode).toBe(401);
  });
});
