import { openAsBlob } from 'node:fs';
import { access, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { isEmptyOrMissing, writeHashed, type Checksum } from './files.ts';
import { BackupError } from './manifest.ts';
import { readStoreFacts, type RunQuery, type StoreFacts } from './store-facts.ts';

/*
 * The embedded database: PGlite's own dump of its data folder (a tar.gz of the files), loaded back by
 * PGlite into an empty folder. Only one process may open the folder, so the store must be stopped first.
 */

/** Where the store keeps its embedded database (as plugins/db.ts opens it). */
export const pgliteFolder = (dataDir: string) => path.join(dataDir, 'pglite');

const exists = (file: string) => access(file).then(
  () => true,
  () => false,
);

const queryOf =
  (pglite: PGlite): RunQuery =>
  async (text) =>
    (await pglite.query<Record<string, unknown>>(text)).rows;

/**
 * Dumps the embedded database in `folder` to `file` (tar.gz) and reads its facts. Refuses while the
 * folder is open: PGlite keeps `postmaster.pid` there from its start to its close, and a second process
 * opening the folder would corrupt it.
 */
export async function dumpPglite(folder: string, file: string): Promise<{ facts: StoreFacts; checksum: Checksum }> {
  if (!(await exists(path.join(folder, 'PG_VERSION')))) {
    throw new BackupError(`There is no embedded database in ${folder}: set DATA_DIR to the store's data folder, or DATABASE_URL to back up PostgreSQL`);
  }
  if (await exists(path.join(folder, 'postmaster.pid'))) {
    throw new BackupError(
      `The embedded database in ${folder} is open (postmaster.pid is there): stop the store first, as only one process can open it. If the store is stopped, it did not close cleanly: start it and stop it once, then back up`,
    );
  }
  const pglite = await PGlite.create({ dataDir: folder, extensions: { pg_trgm } });
  try {
    const facts = await readStoreFacts(queryOf(pglite), `The embedded database in ${folder}`);
    const dump = await pglite.dumpDataDir('gzip');
    const checksum = await writeHashed(Readable.fromWeb(dump.stream() as WebReadableStream<Uint8Array>), file);
    return { facts, checksum };
  } finally {
    await pglite.close();
  }
}

/** Refuses a target folder holding anything: a restore never writes over a database. Writes nothing. */
export async function preparePgliteRestore(folder: string): Promise<void> {
  if (!(await isEmptyOrMissing(folder))) {
    throw new BackupError(`${folder} is not empty: restore the embedded database into a data folder without one (move the folder away, or set DATA_DIR to a new one)`);
  }
}

/** Loads the dumped data folder into `folder` (checked empty) and answers the facts read back. */
export async function restorePglite(folder: string, file: string): Promise<StoreFacts> {
  await mkdir(path.dirname(folder), { recursive: true });
  let pglite: PGlite | undefined;
  try {
    pglite = await PGlite.create({ dataDir: folder, loadDataDir: await openAsBlob(file), extensions: { pg_trgm } });
    const facts = await readStoreFacts(queryOf(pglite), `The restored database in ${folder}`);
    await pglite.close();
    return facts;
  } catch (error) {
    // The folder was empty before: a half-loaded database must not be left for the store to open.
    await pglite?.close().catch(() => {});
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
}
