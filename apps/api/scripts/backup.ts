import path from 'node:path';
import { parseArgs } from 'node:util';
import { backupStore } from '../src/backup/backup.ts';
import { BackupError } from '../src/backup/manifest.ts';
import { describeBackup, runCommand } from '../src/backup/report.ts';
import { loadConfig } from '../src/env.ts';

/*
 * `pnpm --filter @store/api backup <dir>`: the store's database and files into a new folder, read from
 * the server's own environment (DATABASE_URL or DATA_DIR, STORAGE_DRIVER, S3_*). See docs/operations-backup.md.
 */

const USAGE = 'Usage: pnpm --filter @store/api backup <dir>   (a new or empty folder)';

await runCommand(async () => {
  let positionals;
  try {
    ({ positionals } = parseArgs({ allowPositionals: true, options: {} }));
  } catch {
    throw new BackupError(USAGE);
  }
  if (positionals.length !== 1) throw new BackupError(USAGE);
  // pnpm runs the script in apps/api: a relative folder is taken from where the command was typed.
  const target = path.resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]!);
  return describeBackup(await backupStore(loadConfig(), target));
});
