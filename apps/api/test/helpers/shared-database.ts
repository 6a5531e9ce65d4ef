import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/connect.ts';

/**
 * One fresh database for several API instances, cloned from the migrated template (PostgreSQL) or loaded
 * from the snapshot (PGlite). On PostgreSQL each `open` is a pool and LISTEN connection of its own, as
 * another process would have; PGlite is one embedded connection only one process can open, so there every
 * instance shares the one handle. Close each handle opened, then `drop`.
 */
export async function sharedDatabase(): Promise<{ open: (instance: string) => Promise<DatabaseHandle>; drop: () => Promise<void> }> {
  const template = inject('pgTemplate');
  const url = process.env.TEST_DATABASE_URL;
  if (template && url) {
    const name = `${template}_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    admin.on('error', () => {});
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    return {
      // Each instance's sessions carry its name, so the database can tell which one changed a row.
      open: (instance) => {
        target.searchParams.set('application_name', instance);
        return openDatabase({ kind: 'postgres', url: target.toString(), poolSize: 5 });
      },
      drop: async () => {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const snapshot = inject('pgliteSnapshot');
  if (!snapshot) throw new Error('The global test setup provided no database');
  const handle = await openDatabase({ kind: 'pglite', snapshot: new Blob([await readFile(snapshot)]) });
  return { open: async () => handle, drop: async () => {} };
}
