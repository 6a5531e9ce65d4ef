import { readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Config } from '../env.ts';
import { generateDataEncryptionKey, parseDataEncryptionKey, type DataCipher } from './data-encryption.ts';

/** The embedded demo's key file, in the data folder beside PGlite's files (never in the database). */
export const DATA_KEY_FILE = 'data-encryption.key';

/** The app_meta entry that records which key the database's values are encrypted with (backups carry it). */
export const KEY_ID_META = 'data_encryption_key_id';

/**
 * The master key: DATA_ENCRYPTION_KEY when set; refused in production without it; otherwise the key kept
 * in `DATA_DIR/data-encryption.key`, created (mode 0600) on the first start and read on every later one.
 */
export async function resolveDataEncryptionKey(config: Config, log: FastifyBaseLogger): Promise<Buffer> {
  if (config.dataEncryptionKey) return config.dataEncryptionKey;
  if (config.nodeEnv === 'production') throw new Error('DATA_ENCRYPTION_KEY is required when NODE_ENV is production');
  const file = path.join(config.dataDir, DATA_KEY_FILE);
  await mkdir(config.dataDir, { recursive: true });
  try {
    // 'wx': an instance starting at the same moment cannot overwrite the key another one just wrote.
    await writeFile(file, `${generateDataEncryptionKey()}\n`, { mode: 0o600, flag: 'wx' });
    log.warn({ file }, 'no DATA_ENCRYPTION_KEY: a data encryption key was generated and kept in the data folder; back it up with the database');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = parseDataEncryptionKey(await readFile(file, 'utf8'));
  if (!key) throw new Error(`${file} does not hold a data encryption key (32 bytes in base64 or hex)`);
  return key;
}

/**
 * Records which key the database's values are encrypted with on the first start, and refuses a later
 * start with another one: a lost key file or a mistyped DATA_ENCRYPTION_KEY would otherwise start a store
 * that fails on every delivery and mixes values under two keys.
 */
export async function claimDataEncryptionKey(db: Kysely<Database>, cipher: DataCipher): Promise<void> {
  await db.insertInto('app_meta').values({ key: KEY_ID_META, value: cipher.keyId }).onConflict((oc) => oc.column('key').doNothing()).execute();
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', KEY_ID_META).executeTakeFirstOrThrow();
  if (row.value !== cipher.keyId) {
    throw new Error(
      'The data encryption key is not the one this database was encrypted with: set DATA_ENCRYPTION_KEY to that key (or restore DATA_DIR/data-encryption.key for the embedded demo)',
    );
  }
}
