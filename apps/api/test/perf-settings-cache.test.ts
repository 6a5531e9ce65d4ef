import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
