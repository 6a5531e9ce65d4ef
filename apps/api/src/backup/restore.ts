import { createReadStream } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Config } from '../env.ts';
import { DataCipher, parseDataEncryptionKey } from '../security/data-encryption.ts';
import { DATA_KEY_FILE } from '../security/data-key.ts';
import { checksumOfFile, filesUnder, mapLimited, pathBelow, writeHashed } from './files.ts';
import { BackupError, BLOBS_FOLDER, readManifest, type FsFiles, type Manifest } from './manifest.ts';
import { pgliteFolder, preparePgliteRestore, restorePglite } from './pglite.ts';
import { preparePostgresRestore, restorePostgres } from './postgres.ts';
import { missingObjects } from './s3-bucket.ts';
import { knownMigrations, rowCountDifferences, type StoreFacts } from './store-facts.ts';

/*
 * `pnpm --filter @store/api restore <dir>` (scripts/restore.ts): everything is checked before anything is
 * written (the manifest, the key, every checksum, empty targets), then the database and the files are
 * written and the database is counted again against the manifest.
 */

export interface RestoreOptions {
  /** A file holding the data encryption key (as DATA_ENCRYPTION_KEY takes it), instead of or beside the environment's. */
  keyFile?: string;
  /** Restore the database even when the bucket lacks objects the backup listed (S3 driver): they are reported. */
  allowMissingFiles?: boolean;
}

export interface RestoreResult {
  dir: string;
  manifest: Manifest;
  seconds: number;
  /** The key file written for a store that reads its key from DATA_DIR, or null. */
  keyFileWritten: string | null;
  notes: string[];
}

/** Where the store would read its key from and what it holds: the given file, the environment, or DATA_DIR's file. */
interface KeySource {
  label: string;
  key: Buffer;
}

async function readKeyFile(file: string, label: string): Promise<Buffer> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new BackupError(`Could not read the key file ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  const key = parseDataEncryptionKey(text);
  if (key === null) throw new BackupError(`${label} does not hold a data encryption key (32 random bytes written as 64 hex digits or in base64)`);
  return key;
}

/**
 * The key the restored store will use, checked against the key id of the backup: a restore with another
 * key is refused before anything is written, since the store would refuse to start on it. Answers the key
 * to write to DATA_DIR when the store reads its key from there and no file is there yet.
 */
async function checkKey(config: Config, manifest: Manifest, keyFile: string | undefined): Promise<{ keyToWrite: Buffer | null; keyFilePath: string }> {
  const keyFilePath = path.join(config.dataDir, DATA_KEY_FILE);
  const sources: KeySource[] = [];
  if (keyFile !== undefined) sources.push({ label: keyFile, key: await readKeyFile(keyFile, keyFile) });
  let storedKeyFile = false;
  if (config.dataEncryptionKey) sources.push({ label: 'DATA_ENCRYPTION_KEY', key: config.dataEncryptionKey });
  else {
    const stored = await readFile(keyFilePath, 'utf8').then(
      (text) => text,
      () => null,
    );
    if (stored !== null) {
      storedKeyFile = true;
      const key = parseDataEncryptionKey(stored);
      if (key === null) throw new BackupError(`${keyFilePath} does not hold a data encryption key: move it away`);
      sources.push({ label: keyFilePath, key });
    }
  }
  const wanted = manifest.data_encryption_key_id;
  if (sources.length === 0 && wanted !== null) {
    throw new BackupError(`Restoring needs the data encryption key this backup's data is encrypted with (key id ${wanted}): set DATA_ENCRYPTION_KEY or pass --key-file <path>`);
  }
  for (const source of sources) {
    const keyId = new DataCipher(source.key).keyId;
    if (wanted !== null && keyId !== wanted) {
      throw new BackupError(`The data encryption key of ${source.label} (key id ${keyId}) is not the one this backup's data is encrypted with (key id ${wanted}): nothing was restored`);
    }
  }
  const [first] = sources;
  if (first && sources.some((source) => !source.key.equals(first.key))) {
    throw new BackupError(`${sources.map((source) => source.label).join(' and ')} hold different keys: give the one key the store will use`);
  }
  // The store reads DATA_DIR's key file when DATA_ENCRYPTION_KEY is unset (security/data-key.ts).
  const keyToWrite = !config.dataEncryptionKey && !storedKeyFile && first ? first.key : null;
  return { keyToWrite, keyFilePath };
}

async function verifyDump(dir: string, manifest: Manifest): Promise<string> {
  const { file, size, sha256 } = manifest.database.dump;
  const dumpPath = path.join(dir, file);
  const actual = await checksumOfFile(dumpPath).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') throw new BackupError(`${dumpPath} is missing: the backup is incomplete; nothing was restored`);
    throw error;
  });
  if (actual.size !== size || actual.sha256 !== sha256) {
    throw new BackupError(`${dumpPath} does not match its checksum in the manifest: the backup is damaged; nothing was restored`);
  }
  return dumpPath;
}

/** Every file the manifest lists, found in the backup with its size and SHA-256. */
async function verifyBlobs(dir: string, files: FsFiles): Promise<void> {
  const folder = path.join(dir, BLOBS_FOLDER);
  await mapLimited(files.entries, 4, async (entry) => {
    const file = pathBelow(folder, entry.path);
    const actual = await checksumOfFile(file).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'EISDIR') throw new BackupError(`${file} is missing: the backup is incomplete; nothing was restored`);
      throw error;
    });
    if (actual.size !== entry.size || actual.sha256 !== entry.sha256) {
      throw new BackupError(`${file} does not match its checksum in the manifest: the backup is damaged; nothing was restored`);
    }
  });
}

/** Checks the target database is empty and the tools are there (writing nothing); answers what writes it. */
async function prepareDatabase(config: Config): Promise<(dump: string) => Promise<StoreFacts>> {
  const url = config.databaseUrl;
  if (url) {
    const pgRestore = await preparePostgresRestore(url);
    return (dump) => restorePostgres(url, dump, pgRestore);
  }
  const folder = pgliteFolder(config.dataDir);
  await preparePgliteRestore(folder);
  return (dump) => restorePglite(folder, dump);
}

/** The restored database against the manifest: every table's rows, the key id and the latest migration. */
function compareFacts(manifest: Manifest, facts: StoreFacts): void {
  const problems = rowCountDifferences(manifest.database.row_counts, facts.rowCounts);
  if (facts.keyId !== manifest.data_encryption_key_id) problems.push(`key id ${facts.keyId ?? 'none'}, ${manifest.data_encryption_key_id ?? 'none'} in the backup`);
  if (facts.migrations.latest !== manifest.database.migrations.latest) {
    problems.push(`latest migration ${facts.migrations.latest ?? 'none'}, ${manifest.database.migrations.latest ?? 'none'} in the backup`);
  }
  if (problems.length > 0) throw new BackupError(`The restored database differs from the backup (${problems.join('; ')}): do not start the store on it`);
}

/**
 * Restores the backup in `dir` into the store `config` names: its database must be empty (PostgreSQL) or
 * missing (PGlite under DATA_DIR), its blob folder must hold no file, and the key must be the backup's.
 */
export async function restoreStore(config: Config, dir: string, options: RestoreOptions = {}): Promise<RestoreResult> {
  const started = performance.now();
  const source = path.resolve(dir);
  const manifest = await readManifest(source);
  const notes: string[] = [];

  const latest = manifest.database.migrations.latest;
  if (latest !== null && !(await knownMigrations()).has(latest)) {
    throw new BackupError(`This backup was made by a newer version of the store (its database has migration ${latest}, store ${manifest.store_version}): restore it with that version or a later one`);
  }
  const { keyToWrite, keyFilePath } = await checkKey(config, manifest, options.keyFile);

  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database.kind !== kind) {
    throw new BackupError(
      manifest.database.kind === 'pglite'
        ? 'This backup is of the embedded database (PGlite): restore it without DATABASE_URL'
        : 'This backup is of a PostgreSQL database: restore it with DATABASE_URL naming a new, empty database',
    );
  }
  if (manifest.files.driver !== config.storage.driver) {
    throw new BackupError(`This backup's files are for STORAGE_DRIVER=${manifest.files.driver}, the store here uses ${config.storage.driver}: restore with STORAGE_DRIVER=${manifest.files.driver}`);
  }

  // Every byte checked before anything is written.
  const dumpPath = await verifyDump(source, manifest);
  if (manifest.files.driver === 'fs') await verifyBlobs(source, manifest.files);

  // Every target checked empty, and the tools found, before anything is written.
  const writeDatabase = await prepareDatabase(config);
  if (config.storage.driver === 'fs') {
    const present = await filesUnder(config.storage.root);
    if (present.length > 0) throw new BackupError(`${config.storage.root} already holds ${present.length} files: restore into a data folder without files`);
  } else if (manifest.files.driver === 's3') {
    const missing = await missingObjects(config.storage, manifest.files.objects);
    const list = `${missing.slice(0, 10).join(', ')}${missing.length > 10 ? `, and ${missing.length - 10} more` : ''}`;
    if (missing.length > 0 && !options.allowMissingFiles) {
      throw new BackupError(`The bucket ${config.storage.bucket} lacks ${missing.length} of the ${manifest.files.count} files the backup lists: ${list}. Bring them back from the bucket's versions, or pass --allow-missing-files to restore the database without them; nothing was restored`);
    }
    if (missing.length > 0) notes.push(`The bucket ${config.storage.bucket} lacks ${missing.length} of the ${manifest.files.count} files the backup lists: ${list}.`);
  }

  compareFacts(manifest, await writeDatabase(dumpPath));

  if (manifest.files.driver === 'fs' && config.storage.driver === 'fs') {
    const root = config.storage.root;
    const folder = path.join(source, BLOBS_FOLDER);
    for (const entry of manifest.files.entries) {
      const written = await writeHashed(createReadStream(pathBelow(folder, entry.path)), pathBelow(root, entry.path), 0o666);
      if (written.sha256 !== entry.sha256) throw new BackupError(`${pathBelow(folder, entry.path)} changed while it was restored: run the restore again into an empty data folder`);
    }
  }

  if (keyToWrite !== null) {
    await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
    await writeFile(keyFilePath, `${keyToWrite.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  }
  return { dir: source, manifest, seconds: (performance.now() - started) / 1000, keyFileWritten: keyToWrite === null ? null : keyFilePath, notes };
}
