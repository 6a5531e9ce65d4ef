import { ConfigError } from '../env.ts';
import type { BackupResult } from './backup.ts';
import { formatBytes } from './files.ts';
import { BackupError, BLOBS_FOLDER, type Manifest } from './manifest.ts';
import type { RestoreResult } from './restore.ts';

/** The tables a summary names, in this order, when the store has them. */
const SUMMARY_TABLES = ['orders', 'order_items', 'users', 'products', 'license_keys', 'subscriptions'];

const count = (value: number) => value.toLocaleString('en-US');

function databaseLine(manifest: Manifest): string {
  const { kind, server_version: version, migrations } = manifest.database;
  return `${kind === 'postgres' ? 'PostgreSQL' : 'PGlite (PostgreSQL)'} ${version}, ${migrations.count} migrations (latest ${migrations.latest ?? 'none'})`;
}

function rowsLine(manifest: Manifest): string {
  const rows = manifest.database.row_counts;
  const total = Object.values(rows).reduce((sum, value) => sum + value, 0);
  const named = SUMMARY_TABLES.filter((table) => table in rows).map((table) => `${count(rows[table]!)} ${table}`);
  return `${named.join(', ')}; ${count(total)} rows in ${Object.keys(rows).length} tables`;
}

/** What `backup` prints once done. */
export function describeBackup({ dir, manifest, seconds, notes }: BackupResult): string {
  const { dump } = manifest.database;
  const files = manifest.files;
  const lines = [
    `Backed up the store into ${dir} in ${seconds.toFixed(1)} s`,
    `  database  ${dump.file}, ${formatBytes(dump.size)}: ${databaseLine(manifest)}`,
    `            ${rowsLine(manifest)}`,
    files.driver === 'fs'
      ? `  files     ${count(files.count)} files, ${formatBytes(files.bytes)}${files.count > 0 ? `, in ${BLOBS_FOLDER}/` : ''}`
      : `  files     ${count(files.count)} objects, ${formatBytes(files.bytes)}, of the bucket ${files.bucket}: listed with their checksums, not copied`,
    manifest.data_encryption_key_id === null
      ? '  key       none recorded (the store was never started on this database)'
      : `  key       not in the backup: keep the data encryption key (key id ${manifest.data_encryption_key_id}) apart; restore needs it`,
    `  manifest  manifest.json`,
  ];
  return [...lines, ...notes.map((note) => `Note: ${note}`)].join('\n');
}

/** What `restore` prints once done. */
export function describeRestore({ dir, manifest, seconds, keyFileWritten, notes }: RestoreResult): string {
  const files = manifest.files;
  const lines = [
    `Restored the backup ${dir} (made ${manifest.created_at} by store ${manifest.store_version}) in ${seconds.toFixed(1)} s`,
    `  database  ${databaseLine(manifest)}; every table counted again, as in the backup`,
    `            ${rowsLine(manifest)}`,
    files.driver === 'fs'
      ? `  files     ${count(files.count)} files, ${formatBytes(files.bytes)}, checked and copied`
      : `  files     ${count(files.count)} objects of the bucket ${files.bucket} checked present`,
    manifest.data_encryption_key_id === null
      ? '  key       none recorded in the backup'
      : `  key       the backup's (key id ${manifest.data_encryption_key_id})${keyFileWritten ? `, written to ${keyFileWritten} (mode 0600)` : ''}`,
  ];
  return [...lines, ...notes.map((note) => `Note: ${note}`)].join('\n');
}

/**
 * Runs a command's body: an expected problem (a BackupError, a bad configuration) is printed as its message
 * alone and exits 1; anything else is a bug or an outage, printed whole.
 */
export async function runCommand(body: () => Promise<string>): Promise<void> {
  try {
    process.stdout.write(`${await body()}\n`);
  } catch (error) {
    if (error instanceof BackupError || error instanceof ConfigError) console.error(error.message);
    else console.error(error);
    process.exitCode = 1;
  }
}
