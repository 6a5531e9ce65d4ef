import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import Type, { type Static } from 'typebox';
import { Value } from 'typebox/value';
import packageJson from '../../package.json' with { type: 'json' };

/**
 * What a backup folder holds, written last as `manifest.json` (a folder without one is a backup that
 * did not finish): the database dump and its checksum, what the database held when it was dumped, the
 * id of the data encryption key (never the key), and every file with its checksum, or the bucket's listing.
 */

/** Raised by a later format only; `restore` refuses a number it does not know. */
export const MANIFEST_FORMAT_VERSION = 1;
export const MANIFEST_FILE = 'manifest.json';
/** The fs driver's files, in the backup folder, under their paths below the blob root. */
export const BLOBS_FOLDER = 'blobs';

const Sha256Schema = Type.String({ pattern: '^[0-9a-f]{64}$' });
const SizeSchema = Type.Integer({ minimum: 0 });

const DumpSchema = Type.Object({
  /** The file's name in the backup folder. */
  file: Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9._-]*$' }),
  size: SizeSchema,
  sha256: Sha256Schema,
});

const DatabaseSchema = Type.Object({
  /** `postgres`: a `pg_dump -Fc` archive; `pglite`: the embedded database's data folder, as PGlite dumps it (tar.gz). */
  kind: Type.Union([Type.Literal('postgres'), Type.Literal('pglite')]),
  server_version: Type.String(),
  dump: DumpSchema,
  migrations: Type.Object({ count: SizeSchema, latest: Type.Union([Type.String(), Type.Null()]) }),
  /** Rows of every table of the store's schema when it was dumped; a restore counts them again. */
  row_counts: Type.Record(Type.String(), SizeSchema),
});

const FsFilesSchema = Type.Object({
  driver: Type.Literal('fs'),
  count: SizeSchema,
  bytes: SizeSchema,
  /** Every file below the blob root (a blob or its `.<name>.meta.json` type), by its path there with `/`. */
  entries: Type.Array(Type.Object({ path: Type.String({ minLength: 1 }), size: SizeSchema, sha256: Sha256Schema })),
});

const S3FilesSchema = Type.Object({
  driver: Type.Literal('s3'),
  bucket: Type.String(),
  endpoint: Type.Union([Type.String(), Type.Null()]),
  count: SizeSchema,
  bytes: SizeSchema,
  /** The bucket's listing when the backup was made: the objects stay in the bucket, only their facts are kept. */
  objects: Type.Array(Type.Object({ key: Type.String({ minLength: 1 }), size: SizeSchema, etag: Type.String(), sha256: Sha256Schema })),
});

export const ManifestSchema = Type.Object({
  format_version: Type.Integer(),
  store_version: Type.String(),
  created_at: Type.String(),
  database: DatabaseSchema,
  /** The id DataCipher gives the key the database's values are encrypted with; null for a store never started. */
  data_encryption_key_id: Type.Union([Type.String(), Type.Null()]),
  files: Type.Union([FsFilesSchema, S3FilesSchema]),
});
export type Manifest = Static<typeof ManifestSchema>;
export type FsFiles = Static<typeof FsFilesSchema>;
export type S3Files = Static<typeof S3FilesSchema>;

/** The version of the store making the backup (apps/api/package.json). */
export const STORE_VERSION: string = packageJson.version;

/**
 * A problem the seller can act on (no such folder, a wrong key, a target that is not empty, a checksum
 * that does not match): the command prints its one-line message and exits 1, without a stack trace.
 */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

export async function writeManifest(dir: string, manifest: Manifest): Promise<void> {
  await writeFile(path.join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { flag: 'wx' });
}

/** The manifest of the backup in `dir`, checked against the schema and the format version. */
export async function readManifest(dir: string): Promise<Manifest> {
  const file = path.join(dir, MANIFEST_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      throw new BackupError(`${file} does not exist: ${dir} is not a backup, or the backup did not finish`);
    }
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new BackupError(`${file} is not JSON: the backup is damaged`);
  }
  const version = (parsed as { format_version?: unknown } | null)?.format_version;
  if (typeof version === 'number' && version > MANIFEST_FORMAT_VERSION) {
    throw new BackupError(`${file} is format ${version}, made by a newer version of the store: restore it with that version`);
  }
  if (!Value.Check(ManifestSchema, parsed) || parsed.format_version !== MANIFEST_FORMAT_VERSION) {
    throw new BackupError(`${file} is not a manifest this store can read: the backup is damaged`);
  }
  return parsed;
}
