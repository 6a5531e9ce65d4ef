import { migrationProvider } from '../db/migrations/index.ts';
import { KEY_ID_META } from '../security/data-key.ts';
import { BackupError } from './manifest.ts';

/** Runs one statement and answers its rows: a pg client's or PGlite's `query`, whichever database it is. */
export type RunQuery = (text: string) => Promise<Record<string, unknown>[]>;

/** What a backup records of the database, read in the dump's own snapshot; a restore reads it again to compare. */
export interface StoreFacts {
  serverVersion: string;
  /** The id of the key the values are encrypted with, as the store recorded it at its first start. */
  keyId: string | null;
  migrations: { count: number; latest: string | null };
  /** Rows of each table of the `public` schema, by name. */
  rowCounts: Record<string, number>;
}

const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Reads the facts of the store's database. Refuses a database the store never migrated: a wrong
 * DATABASE_URL or DATA_DIR must not give a backup of nothing.
 */
export async function readStoreFacts(query: RunQuery, where: string): Promise<StoreFacts> {
  const [marker] = await query(`SELECT to_regclass('public.kysely_migration') IS NOT NULL AS migrated, current_setting('server_version') AS version`);
  if (marker?.migrated !== true) throw new BackupError(`${where} holds no store: no migration was ever run there`);
  const migrations = await query('SELECT name FROM kysely_migration ORDER BY name');
  const key = await query(`SELECT value FROM app_meta WHERE key = '${KEY_ID_META}'`);
  const tables = await query(`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY c.relname`);
  const names = tables.map((row) => String(row.name));
  // One statement for every count: one round trip, and one snapshot even outside a transaction.
  const [counts] = names.length === 0 ? [{}] : await query(`SELECT ${names.map((name) => `(SELECT count(*) FROM ${quoteIdentifier(name)})::int AS ${quoteIdentifier(name)}`).join(', ')}`);
  const last = migrations.at(-1);
  return {
    serverVersion: String(marker.version),
    keyId: typeof key[0]?.value === 'string' ? key[0].value : null,
    migrations: { count: migrations.length, latest: last ? String(last.name) : null },
    rowCounts: Object.fromEntries(names.map((name) => [name, Number(counts?.[name] ?? 0)])),
  };
}

/** The migrations this version of the store knows: a backup made by a later version has one more. */
export async function knownMigrations(): Promise<Set<string>> {
  return new Set(Object.keys(await migrationProvider.getMigrations()));
}

/** The tables whose counts differ between the backup and the restored database, one phrase each. */
export function rowCountDifferences(expected: Record<string, number>, actual: Record<string, number>): string[] {
  const names = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort();
  return names
    .filter((name) => expected[name] !== actual[name])
    .map((name) => `${name}: ${expected[name] ?? 'no table'} in the backup, ${actual[name] ?? 'no table'} restored`);
}
