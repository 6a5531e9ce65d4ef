// The built store for the storefront's benchmarks: apps/api/dist/server.js, which serves apps/storefront/dist,
// started as `pnpm start` starts it (NODE_ENV=production) on a free port, with the embedded database in a
// temporary data folder of its own that is removed when it stops.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiRoot = fileURLToPath(new URL('../../api/', import.meta.url));
const storefrontDist = fileURLToPath(new URL('../dist/', import.meta.url));

/** A port free right now: listened on (port 0) and closed, so the store can be told its public URL before it starts. */
async function freePort() {
  const server = createServer();
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  return address.port;
}

/**
 * Starts the built store with the demo catalogue (SEED_DEMO=true: products with pictures and reviews) and
 * answers its address once `/api/health` answers 200, and `stop`, which ends it and removes its data folder.
 * @param {{ env?: Record<string, string> }} [options] variables added to the store's environment
 * @returns {Promise<{ base: string, stop: () => Promise<void> }>}
 */
export async function startBuiltStore({ env = {} } = {}) {
  for (const built of [path.join(apiRoot, 'dist/server.js'), path.join(storefrontDist, 'index.html')]) {
    if (!existsSync(built)) throw new Error(`${built} is missing: build the store first (pnpm build)`);
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'store-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['dist/server.js'], {
    cwd: apiRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      DATA_ENCRYPTION_KEY: 'YmVuY2gtZGF0YS1lbmNyeXB0aW9uLWtleS0zMmJ5dGU=',
      ADMIN_PASSWORD: 'bench-admin-password',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exit = new Promise((resolve) => child.once('exit', resolve));
  const exited = () => child.exitCode !== null || child.signalCode !== null;

  const stop = async () => {
    if (!exited()) {
      child.kill('SIGTERM');
      // The store drains for up to 10 s on SIGTERM; past that it is killed.
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exit;
      clearTimeout(killer);
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (exited()) {
      await stop();
      throw new Error(`the store exited while starting:\n${output}`);
    }
    try {
      const response = await fetch(`${base}/api/health`);
      await response.arrayBuffer();
      if (response.status === 200) return { base, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`the store did not answer ${base}/api/health within 120 s:\n${output}`);
}
