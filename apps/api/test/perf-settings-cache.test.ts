import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/connect.ts';
import type { Database } from '../src/db/schema.ts';
import { readSettings, SETTINGS_TTL_MS } from '../src/settings/settings-repository.ts';
import { build, type TestApp } from './helpers/build.ts';

describe('the settings an instance keeps for a moment (issue 13: no settings read per purchase)', () => {
  // Its own app: the test changes the one settings row.
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(() => t.close());

  const save = async (payload: Record<string, unknown>) => {
    const saved = await t.request({ method: 'PUT', url: '/api/admin/settings', payload, token: await t.adminToken() });
    expect(saved.statusCode).toBe(200);
  };
  async function sameDatabaseOneConnection(): Promise<{ db: Kysely<Database>; close: () => Promise<void> }> {
    const url = process.env.TEST_DATABASE_URL;
    if (t.database.kind === 'pglite' || !url) return { db: t.app.db.withoutPlugins(), close: async () => {} };
    const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(t.app.db);
    const target = new URL(url);
    target.pathname = `/${rows[0]!.name}`;
    const handle = await openDatabase({ kind: 'postgres', url: target.toString(), poolSize: 1 });
    return { db: handle.db, close: () => handle.close() };
  }
  const siteName = async () => (await readSettings(t.app.db, t.app.dataCipher)).site_name;

  it('answers a save on this instance at once', async () => {
    await save({ site_name: 'First Name' });
    expect(await siteName()).toBe('First Name');
    await save({ site_name: 'Second Name' });
    expect(await siteName()).toBe('Second Name');
  });

  it('shows a change written by another instance within the time it keeps them', async () => {
    await save({ site_name: 'Kept Name' });
    expect(await siteName()).toBe('Kept Name');
    // Another instance's save: the row changes without this instance knowing.
    await t.app.db.updateTable('site_settings').set({ site_name: 'Elsewhere Name' }).where('id', '=', 1).execute();
    expect(await siteName()).toBe('Kept Name');
    await new Promise((resolve) => setTimeout(resolve, SETTINGS_TTL_MS + 50));
    expect(await siteName()).toBe('Elsewhere Name');
  });

  it('never has a transaction wait for a read that waits for the connection the transaction holds', async () => {
    // A handle of its own on the same database, so nothing is cached for it yet: on PostgreSQL with a pool
    // of one connection; PGlite is one connection anyway.
    const { db, close } = await sameDatabaseOneConnection();
    try {
      const answer = await Promise.race([
        db.transaction().execute(async (trx) => {
          // A read outside the transaction, sent first: it waits for the one connection, which this holds.
          const outside = readSettings(db, t.app.dataCipher);
          const inside = await readSettings(db, t.app.dataCipher, trx);
          return { inside, outside };
        }),
        new Promise<'stuck'>((resolve) => setTimeout(() => resolve('stuck'), 3000)),
      ]);
      expect(answer).not.toBe('stuck');
      if (answer === 'stuck') return;
      expect(answer.inside.site_name).toBe((await answer.outside).site_name);
    } finally {
      await close();
    }
  });

  it('always reads the row inside a transaction, and hands each caller a copy of its own', async () => {
    await save({ site_name: 'Row Name' });
    await t.app.db.updateTable('site_settings').set({ site_name: 'Changed Row Name' }).where('id', '=', 1).execute();
    const inTransaction = await t.app.db.transaction().execute((trx) => readSettings(trx, t.app.dataCipher));
    expect(inTransaction.site_name).toBe('Changed Row Name');

    const first = await readSettings(t.app.db, t.app.dataCipher);
    first.site_name = 'Changed by a caller';
    expect((await readSettings(t.app.db, t.app.dataCipher)).site_name).not.toBe('Changed by a caller');
  });
});
