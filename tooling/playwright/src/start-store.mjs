// Starts the store as the README does (`pnpm start`, run from the repo root) on throwaway data, for
// Playwright's webServer: a fresh DATA_DIR, and on PostgreSQL (TEST_DATABASE_URL set) a fresh database,
// PGlite in the DATA_DIR otherwise. Both are removed when the server stops. Plain JavaScript so that
// plain `node` runs it.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** How long a stop signal may take to reach the store through the process group before it is passed on. */
const FORWARD_AFTER_MS = 10_000;

/** @param {string} message */
const log = (message) => process.stderr.write(`[start-store] ${message}\n`);

/**
 * @param {string} serverUrl a database on the server where the user may create databases
 * @param {string} sql
 */
async function runOnServer(serverUrl, sql) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * @param {string} serverUrl
 * @returns {Promise<{ name: string, url: string }>}
 */
async function createDatabase(serverUrl) {
  const name = `store_e2e_${randomBytes(6).toString('hex')}`;
  await runOnServer(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

const serverUrl = process.env.TEST_DATABASE_URL || undefined;
const database = serverUrl === undefined ? undefined : await createDatabase(serverUrl);
const dataDir = await mkdtemp(path.join(tmpdir(), 'store-e2e-'));

/** @type {NodeJS.ProcessEnv} */
const env = { ...process.env, DATA_DIR: dataDir };
if (database === undefined) delete env.DATABASE_URL;
else env.DATABASE_URL = database.url;
log(`data in ${dataDir}, database ${database === undefined ? 'PGlite' : `PostgreSQL ${database.name}`}`);

// Not detached: a signal to Playwright's process group reaches pnpm too, and pnpm passes it on to the
// store; if Playwright has to SIGKILL the group, pnpm's own watchdog kills the store.
const store = spawn('pnpm', ['start'], { env, stdio: 'inherit' });
/** @type {Promise<number>} */
const exited = new Promise((resolve) => {
  store.once('exit', (code, signal) => resolve(code ?? (signal === null ? 1 : 128)));
  store.once('error', (error) => {
    log(`cannot run pnpm: ${error.message}`);
    resolve(1);
  });
});

let stopping = false;
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    // A signal sent to this process alone (not to its group) still stops the store, but only once:
    // a second signal makes the store exit without draining.
    setTimeout(() => store.kill(signal), FORWARD_AFTER_MS).unref();
  });
}

const code = await exited;
try {
  if (database !== undefined && serverUrl !== undefined) {
    await runOnServer(serverUrl, `DROP DATABASE IF EXISTS ${database.name} WITH (FORCE)`);
  }
  await rm(dataDir, { recursive: true, force: true, maxRetries: 3 });
  log('throwaway data removed');
} catch (error) {
  log(`could not remove the throwaway data: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
// Stopped on request: a clean end. Ended by itself: the store failed to start or crashed.
if (!stopping) {
  log(`the store exited with code ${code}`);
  process.exitCode = code === 0 ? 1 : code;
}
