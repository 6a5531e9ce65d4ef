import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { writeHashed, type Checksum } from './files.ts';
import { BackupError } from './manifest.ts';
import { readStoreFacts, type RunQuery, type StoreFacts } from './store-facts.ts';

/*
 * PostgreSQL: `pg_dump -Fc` in the snapshot the facts were read in, so the counts in the manifest are the
 * dump's own while the store keeps taking orders; `pg_restore` in one transaction, so a restore that fails
 * leaves the target as empty as it found it.
 */

const run = promisify(execFile);

/** The database a URL names, to start a message: never its password. */
export function describeDatabase(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return `The PostgreSQL database ${url.pathname.replace(/^\//, '') || '(default)'} at ${url.host || 'localhost'}`;
  } catch {
    return 'The PostgreSQL database of DATABASE_URL';
  }
}

async function connect(databaseUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl });
  // A connection the server ends mid-way fails the statement running; unheard, the error would crash the command.
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`${describeDatabase(databaseUrl)} could not be reached: ${error instanceof Error ? error.message : String(error)}`);
  }
  return client;
}

const queryOf =
  (client: pg.Client): RunQuery =>
  async (text) =>
    (await client.query<Record<string, unknown>>(text)).rows;

async function serverMajor(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ version: string }>(`SELECT current_setting('server_version_num') AS version`);
  return Math.floor(Number(rows[0]?.version) / 10_000);
}

async function majorOf(tool: string): Promise<number | null> {
  try {
    const { stdout } = await run(tool, ['--version']);
    const match = /\(PostgreSQL\) (\d+)/.exec(stdout);
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/**
 * The `pg_dump` or `pg_restore` for a server of `major`: that version's own, else the closest newer one
 * (a tool reads older servers, never newer ones). Looks where Debian and Ubuntu keep each version
 * (`/usr/lib/postgresql/<n>/bin`), in `pg_config --bindir`, and on the PATH.
 */
export async function findPgTool(tool: 'pg_dump' | 'pg_restore', major: number): Promise<string> {
  const folders: string[] = [];
  const versions = await readdir('/usr/lib/postgresql').catch(() => []);
  for (const version of versions) folders.push(path.join('/usr/lib/postgresql', version, 'bin'));
  const bindir = await run('pg_config', ['--bindir']).then(({ stdout }) => stdout.trim(), () => '');
  if (bindir !== '') folders.push(bindir);
  const candidates = [...new Set([...folders.map((folder) => path.join(folder, tool)), tool])];
  const found = (await Promise.all(candidates.map(async (file) => ({ file, major: await majorOf(file) })))).filter(
    (candidate): candidate is { file: string; major: number } => candidate.major !== null,
  );
  const chosen = found.find((candidate) => candidate.major === major) ?? found.filter((candidate) => candidate.major > major).sort((a, b) => a.major - b.major)[0];
  if (chosen) return chosen.file;
  const seen = found.length > 0 ? `only ${found.map((candidate) => `${candidate.major} (${candidate.file})`).join(', ')} found` : 'none found';
  throw new BackupError(`${tool} ${major} or newer is needed for PostgreSQL ${major}, ${seen}: install the PostgreSQL ${major} client tools (postgresql-client-${major} on Debian and Ubuntu)`);
}

/**
 * Runs `use` with the URL the PostgreSQL tools are given: without its password, which would show in the
 * process list, and with a password file of this run's own (mode 0600, removed after) in its place.
 */
async function withToolUrl<T>(databaseUrl: string, use: (url: string) => Promise<T>): Promise<T> {
  const url = new URL(databaseUrl);
  if (url.password === '') return use(databaseUrl);
  const folder = await mkdtemp(path.join(tmpdir(), 'store-pgpass-'));
  try {
    const passfile = path.join(folder, 'pgpass');
    const password = decodeURIComponent(url.password).replace(/[\\:]/g, (character) => `\\${character}`);
    await writeFile(passfile, `*:*:*:*:${password}\n`, { mode: 0o600 });
    url.password = '';
    // Encoded by hand: libpq decodes %XX only, never `+` as a space as URLSearchParams would write it.
    url.search = `${url.search === '' ? '?' : `${url.search}&`}passfile=${encodeURIComponent(passfile)}`;
    return await use(url.toString());
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * Runs a PostgreSQL tool; its standard output goes to `output` when given (answering the file's
 * checksum). A failure is a BackupError carrying what the tool said, on one line.
 */
async function runTool(tool: string, args: string[], output?: string): Promise<Checksum | null> {
  const child = spawn(tool, args, { stdio: ['ignore', output === undefined ? 'ignore' : 'pipe', 'pipe'] });
  let said = '';
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (text: string) => {
    if (said.length < 4000) said += text;
  });
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  const [written, code] = await Promise.all([output === undefined ? null : writeHashed(child.stdout!, output), exited]);
  if (code !== 0) {
    // What went wrong, without the statement it was running (a whole function body, often).
    const lines = said.split('\n').map((line) => line.trim());
    const cut = lines.findIndex((line) => line.startsWith('Command was:'));
    const message = (cut === -1 ? lines : lines.slice(0, cut)).filter(Boolean).join(' ').slice(0, 500);
    throw new BackupError(`${path.basename(tool)} failed: ${message || `exit code ${code}`}`);
  }
  return written;
}

/**
 * Dumps the database to `file` (custom format) and reads its facts, both in one exported snapshot: the
 * store may keep running, and what the manifest counts is exactly what the dump holds.
 */
export async function dumpPostgres(databaseUrl: string, file: string): Promise<{ facts: StoreFacts; checksum: Checksum }> {
  const client = await connect(databaseUrl);
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const { rows } = await client.query<{ snapshot: string }>('SELECT pg_export_snapshot() AS snapshot');
    const facts = await readStoreFacts(queryOf(client), describeDatabase(databaseUrl));
    const pgDump = await findPgTool('pg_dump', await serverMajor(client));
    // The exporting transaction stays open until pg_dump is done: the snapshot lives as long as it does.
    const checksum = await withToolUrl(databaseUrl, (url) => runTool(pgDump, ['--format=custom', `--snapshot=${rows[0]!.snapshot}`, `--dbname=${url}`], file));
    await client.query('COMMIT');
    return { facts, checksum: checksum! };
  } finally {
    await client.end();
  }
}

/**
 * Checks the target database holds nothing in `public` (a restore never mixes two stores) and finds the
 * `pg_restore` for its server; answers that tool. Writes nothing.
 */
export async function preparePostgresRestore(databaseUrl: string): Promise<string> {
  const client = await connect(databaseUrl);
  try {
    const { rows } = await client.query<{ count: number }>(`SELECT count(*)::int AS count FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S')`);
    const count = rows[0]?.count ?? 0;
    if (count > 0) {
      throw new BackupError(`${describeDatabase(databaseUrl)} is not empty (${count} tables, views or sequences in its public schema): restore into a new, empty database`);
    }
    return await findPgTool('pg_restore', await serverMajor(client));
  } finally {
    await client.end();
  }
}

/** Restores the dump into the (checked, empty) database, all or nothing, and answers the facts read back. */
export async function restorePostgres(databaseUrl: string, file: string, pgRestore: string): Promise<StoreFacts> {
  try {
    await withToolUrl(databaseUrl, (url) => runTool(pgRestore, ['--no-owner', '--exit-on-error', '--single-transaction', `--dbname=${url}`, file]));
  } catch (error) {
    if (error instanceof BackupError) throw new BackupError(`${error.message} (the restore ran in one transaction: the database was left empty)`);
    throw error;
  }
  const client = await connect(databaseUrl);
  try {
    // pg_restore leaves the planner without statistics until autovacuum comes by.
    await client.query('ANALYZE');
    return await readStoreFacts(queryOf(client), describeDatabase(databaseUrl));
  } finally {
    await client.end();
  }
}

