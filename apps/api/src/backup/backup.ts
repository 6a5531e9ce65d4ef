import { mkdir, open, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Config } from '../env.ts';
import { filesUnder, isEmptyOrMissing, writeHashed } from './files.ts';
import { BackupError, BLOBS_FOLDER, MANIFEST_FORMAT_VERSION, STORE_VERSION, writeManifest, type FsFiles, type Manifest } from './manifest.ts';
import { dumpPglite, pgliteFolder } from './pglite.ts';
import { dumpPostgres } from './postgres.ts';
import { recordBucket } from './s3-bucket.ts';

/*
 * `pnpm --filter @store/api backup <dir>` (scripts/backup.ts): the database and the files, with a manifest
 * of their checksums, into a new folder. Only the database and the blob root are read: the data encryption
 * key beside them in DATA_DIR stays out, and must be kept apart (docs/operations-backup.md).
 */

export interface BackupResult {
  dir: string;
  manifest: Manifest;
  seconds: number;
  /** What the seller should know beyond the figures (the S3 listing's advice, files gone during the backup). */
  notes: string[];
}

/** The fs driver's files skip its unfinished uploads (FsBlobStore's `.tmp/`). */
const TEMP_FOLDER = '.tmp';

const isInside = (child: string, parent: string) => {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
};

/** Creates `dir` (0700: the dump holds every account and order) or takes it empty; refuses anything in it. */
async function prepareFolder(config: Config, dir: string): Promise<{ created: boolean }> {
  const read = [config.databaseUrl ? null : pgliteFolder(config.dataDir), config.storage.driver === 'fs' ? config.storage.root : null];
  for (const folder of read) {
    if (folder !== null && isInside(dir, folder)) throw new BackupError(`${dir} is inside ${folder}, which the backup reads: choose a folder elsewhere`);
  }
  if (!(await isEmptyOrMissing(dir))) throw new BackupError(`${dir} is not empty: a backup goes into a new or empty folder, never over another one`);
  const created = (await readdir(dir).catch(() => null)) === null;
  await mkdir(dir, { recursive: true, mode: 0o700 }).catch((error: NodeJS.ErrnoException) => {
    throw new BackupError(`Could not create ${dir}: ${error.code ?? error.message}`);
  });
  return { created };
}

/** Copies every file below the blob root into `target`, hashing as it goes; a file removed meanwhile is left out. */
async function copyBlobs(root: string, target: string, notes: string[]): Promise<FsFiles> {
  const entries: FsFiles['entries'] = [];
  let gone = 0;
  for (const relative of await filesUnder(root, [TEMP_FOLDER])) {
    const source = await open(path.join(root, ...relative.split('/'))).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (source === null) {
      gone += 1;
      continue;
    }
    // The open file is read whole even if a put renames a new one into its place meanwhile.
    const { size, sha256 } = await writeHashed(source.createReadStream(), path.join(target, ...relative.split('/')));
    entries.push({ path: relative, size, sha256 });
  }
  if (gone > 0) notes.push(`${gone} files were removed from ${root} while the backup ran and are not in it.`);
  return { driver: 'fs', count: entries.length, bytes: entries.reduce((sum, entry) => sum + entry.size, 0), entries };
}

/**
 * Backs up the store `config` names into `dir`, which must be missing or empty. The manifest is written
 * last; a backup that fails removes what it wrote.
 */
export async function backupStore(config: Config, dir: string): Promise<BackupResult> {
  const started = performance.now();
  const target = path.resolve(dir);
  const { created } = await prepareFolder(config, target);
  const notes: string[] = [];
  try {
    // The database first: a file written after its snapshot is one no row names yet, which is harmless.
    const dumpFile = config.databaseUrl ? 'database.dump' : 'database.tar.gz';
    const { facts, checksum } = config.databaseUrl
      ? await dumpPostgres(config.databaseUrl, path.join(target, dumpFile))
      : await dumpPglite(pgliteFolder(config.dataDir), path.join(target, dumpFile));
    const files = config.storage.driver === 'fs' ? await copyBlobs(config.storage.root, path.join(target, BLOBS_FOLDER), notes) : await recordBucket(config.storage);
    if (files.driver === 's3') {
      notes.push(
        `The files stay in the bucket ${files.bucket}: the backup lists them with their checksums, it does not copy them. Turn on the bucket's versioning (and replication to another region or account) so a deleted or overwritten file can be brought back.`,
      );
    }
    const manifest: Manifest = {
      format_version: MANIFEST_FORMAT_VERSION,
      store_version: STORE_VERSION,
      created_at: new Date().toISOString(),
      database: {
        kind: config.databaseUrl ? 'postgres' : 'pglite',
        server_version: facts.serverVersion,
        dump: { file: dumpFile, ...checksum },
        migrations: facts.migrations,
        row_counts: facts.rowCounts,
      },
      data_encryption_key_id: facts.keyId,
      files,
    };
    await writeManifest(target, manifest);
    return { dir: target, manifest, seconds: (performance.now() - started) / 1000, notes };
  } catch (error) {
    if (created) await rm(target, { recursive: true, force: true });
    else for (const name of await readdir(target)) await rm(path.join(target, name), { recursive: true, force: true });
    throw error;
  }
}
