import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { REPO_ROOT, START_STORE, storeEnv } from './config.ts';

/** How long a store may take to start (PGlite's first start, the demo seed, a busy machine). */
export const OWN_STORE_START_MS = 180_000;

/** A store of a spec's own, on throwaway data, apart from the store the other specs share. */
export interface OwnStore {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  stop: () => Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/**
 * Starts a store as the shared one is started (`start-store.mjs`: `pnpm start` on a fresh data folder, and a
 * fresh PostgreSQL database with TEST_DATABASE_URL), on a free port, and waits until it answers. Its data is
 * the demo seed and what the spec adds, whatever the other specs did: what screenshots compared with a
 * baseline need. `stop()` ends the launcher's process group, which removes the data.
 */
export async function startOwnStore(): Promise<OwnStore> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  const child = spawn(process.execPath, [START_STORE], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...storeEnv(port), E2E_PORT: String(port) },
    // A group of its own: one signal reaches the launcher, pnpm and the store at once.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
      const deadline = setTimeout(() => child.pid !== undefined && process.kill(-child.pid, 'SIGKILL'), 30_000);
      await exited(child);
      clearTimeout(deadline);
    }
  };

  const started = Date.now();
  while (Date.now() - started < OWN_STORE_START_MS) {
    if (child.exitCode !== null) throw new Error(`The spec's own store exited with code ${child.exitCode}:\n${output.join('')}`);
    const answer = await fetch(`${origin}/api/site-info`).catch(() => null);
    if (answer?.ok) return { origin, stop };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stop();
  throw new Error(`The spec's own store did not answer within ${OWN_STORE_START_MS / 1000} s:\n${output.join('')}`);
}
