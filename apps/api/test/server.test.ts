import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './helpers/ports.ts';

const serverEntry = path.resolve(import.meta.dirname, '../src/server.ts');

interface Started {
  output: () => string;
  exited: Promise<number | null>;
  kill: (signal: NodeJS.Signals) => void;
}

function startServer(env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'info', SEED_DEMO: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return {
    output: () => output,
    exited: new Promise((resolve) => child.on('exit', (code) => resolve(code))),
    kill: (signal) => child.kill(signal),
  };
}


/** Resolves true once healthy, false when the server exited because its port was taken meanwhile. */
async function waitForHealth(url: string, server: Started, timeoutMs = 90_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void server.exited.then(() => (exited = true));
  while (Date.now() < deadline) {
    if (exited && server.output().includes('EADDRINUSE')) return false;
    try {
      if ((await fetch(url)).ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not become healthy; the server printed:\n${server.output()}`);
}

/**
 * Starts the server on a port the system called free. Between asking and listening another process (a
 * parallel test's outgoing connection) can take that port; the server then exits with EADDRINUSE and is
 * started again on another one, in a fresh data folder, so the first start's output is not mixed in.
 */
async function startHealthy(env: Record<string, string>, newDataDir: () => Promise<string>): Promise<{ server: Started; port: number }> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const server = startServer({ ...env, PORT: String(port), DATA_DIR: await newDataDir() });
    if (await waitForHealth(`http://127.0.0.1:${port}/api/health`, server)) return { server, port };
    if (attempt === 3) throw new Error(`three free ports were taken before the server listened:\n${server.output()}`);
  }
}

describe('the server process', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'store-server-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('refuses to start with bad configuration, naming every bad variable', { timeout: 30_000 }, async () => {
    const server = startServer({ PORT: 'abc', DATABASE_URL: 'mysql://nope', DATA_DIR: dataDir });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT must be a whole number from 1 to 65535 (got "abc")');
    expect(server.output()).toContain('DATABASE_URL must be a postgres: or postgresql: URL');
  });

  it('prints a generated admin password once, serves, and drains and exits cleanly on SIGTERM', { timeout: 120_000 }, async () => {
    const { server, port } = await startHealthy({ HOST: '127.0.0.1' }, () => mkdtemp(path.join(dataDir, 'run-')));
    const printed = /password: (\S+)/.exec(server.output());
    expect(printed?.[1]).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: printed![1] }),
    });
    expect(login.status).toBe(200);
    // The password reaches the console once and never the structured log lines.
    expect(server.output().split(printed![1]!).length - 1).toBe(1);

    // A guest order token in the query never reaches the logs.
    await fetch(`http://127.0.0.1:${port}/api/guest/orders/00000000-0000-4000-8000-000000000000?token=secret-order-token-123`);
    // The log line is written asynchronously after the answer: wait for it.
    for (let waited = 0; waited < 5_000 && !server.output().includes('/api/guest/orders/'); waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(server.output()).toContain('token=[redacted]');
    expect(server.output()).not.toContain('secret-order-token-123');

    server.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('shutting down: not ready, draining requests');
  });

  it('on SIGTERM turns not ready at once, serves through the drain, then exits 0; a second SIGTERM exits at once', { timeout: 120_000 }, async () => {
    const env = { HOST: '127.0.0.1', ADMIN_PASSWORD: 'drain-test-password-1', SHUTDOWN_DRAIN_SECONDS: '3' };
    const { server, port } = await startHealthy(env, () => mkdtemp(path.join(dataDir, 'drain-')));
    const base = `http://127.0.0.1:${port}`;
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    const signalled = Date.now();
    server.kill('SIGTERM');
    // Not ready at the next probe; still serving, so requests the balancer already sent are answered.
    let notReady: Response | undefined;
    for (let tries = 0; tries < 20; tries++) {
      const answer = await fetch(`${base}/readyz`);
      if (answer.status === 503) {
        notReady = answer;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(notReady?.status).toBe(503);
    expect(await notReady!.json()).toMatchObject({ status: 'not_ready', checks: expect.arrayContaining([{ name: 'shutdown', ok: false, ms: expect.any(Number), detail: 'shutting down' }]) });
    expect((await fetch(`${base}/api/products`)).status).toBe(200);
    expect((await fetch(`${base}/livez`)).status).toBe(200);
    expect(await server.exited).toBe(0);
    // The drain is waited out before the server stops taking connections.
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(2900);
    expect(server.output()).toContain('"msg":"shut down"');

    const again = await startHealthy(env, () => mkdtemp(path.join(dataDir, 'twice-')));
    const twice = Date.now();
    again.server.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    again.server.kill('SIGTERM');
    expect(await again.server.exited).toBe(1);
    expect(Date.now() - twice).toBeLessThan(2500);
    expect(again.server.output()).toContain('second signal while shutting down: exiting now');
  });
});
