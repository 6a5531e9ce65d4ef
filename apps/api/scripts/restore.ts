import path from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError } from '../src/backup/manifest.ts';
import { describeRestore, runCommand } from '../src/backup/report.ts';
import { restoreStore } from '../src/backup/restore.ts';
import { loadConfig } from '../src/env.ts';

/*
 * `pnpm --filter @store/api restore <dir> [--key-file <path>] [--allow-missing-files]`: a backup made by
 * `backup` into the store the environment names (an empty database, a data folder without files), with the
 * data encryption key from DATA_ENCRYPTION_KEY or --key-file. See docs/operations-backup.md.
 */

const USAGE = 'Usage: pnpm --filter @store/api restore <dir> [--key-file <path>] [--allow-missing-files]';

await runCommand(async () => {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: { 'key-file': { type: 'string' }, 'allow-missing-files': { type: 'boolean', default: false } },
    });
  } catch {
    throw new BackupError(USAGE);
  }
  const { positionals, values } = parsed;
  if (positionals.length !== 1) throw new BackupError(USAGE);
  // pnpm runs the script in apps/api: relative paths are taken from where the command was typed.
  const from = (given: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), given);
  const keyFile = values['key-file'];
  const result = await restoreStore(loadConfig(), from(positionals[0]!), {
    ...(keyFile === undefined ? {} : { keyFile: from(keyFile) }),
    allowMissingFiles: values['allow-missing-files'],
  });
  return describeRestore(result);
});
