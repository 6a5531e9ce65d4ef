import { randomBytes } from 'node:crypto';
import { Migrator } from 'kysely';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../src/db/connect.ts';
import { migrationProvider } from '../../src/db/migrations/index.ts';

/**
 * A database of its own, migrated only as far as `version`: a store upgraded from an older release, for the
 * tests of the migration that follows. On PostgreSQL (TEST_DATABASE_URL) an empty database made for it; else
 * an empty PGlite. Close the handle, then `drop`.
 */
export async function databaseMigratedTo(version: string): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  let handle: DatabaseHandle;
  let drop = async () => {};
  if (url) {
    const name = `store_test_upgrade_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    admin.on('error', () => {});
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    handle = await openDatabase({ kind: 'postgres', url: target.toString(), poolSize: 5 });
    drop = async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  } else {
    handle = await openDatabase({ kind: 'pglite' });
  }
  const { error } = await new Migrator({ db: handle.db, provider: migrationProvider }).migrateTo(version);
  if (error) throw error instanceof Error ? error : new Error(`migration to ${version} failed`);
  return { handle, drop };
}
