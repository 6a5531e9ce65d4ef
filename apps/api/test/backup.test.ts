import { execFile, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { DeleteObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Order, Product, ProductFile } from '@store/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { backupStore, type BackupResult } from '../src/backup/backup.ts';
import { BackupError, MANIFEST_FILE, STORE_VERSION } from '../src/backup/manifest.ts';
import { pgliteFolder } from '../src/backup/pglite.ts';
import { findPgTool } from '../src/backup/postgres.ts';
import { restoreStore } from '../src/backup/restore.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/connect.ts';
import { loadConfig, type Config } from '../src/env.ts';
import { openLicenseKey } from '../src/orders/license-keys.ts';
import { DataCipher, parseDataEncryptionKey } from '../src/security/data-encryption.ts';
import { DATA_KEY_FILE } from '../src/security/data-key.ts';
import { readSettings } from '../src/settings/settings-repository.ts';
import { build, TEST_DATA_ENCRYPTION_KEY, type TestApp } from './helpers/build.ts';
import { S3_CREDENTIALS, startS3Server } from './helpers/s3-server.ts';

/*
 * Backup and restore of a whole store (src/backup/): on PGlite the embedded database's data folder, on
 * PostgreSQL (TEST_DATABASE_URL) pg_dump into a second, empty database; the files of the fs driver copied,
 * those of the s3 driver listed (s3rver). The restored store is opened with the same key and read through
 * its own routes.
 */

const run = promisify(execFile);
const TEMPLATE = inject('pgTemplate');
const SERVER_URL = process.env.TEST_DATABASE_URL;
const ON_POSTGRES = TEMPLATE !== null && SERVER_URL !== undefined;
const SMTP_PASSWORD = `smtp-${randomBytes(6).toString('hex')}`;
const BUCKET = 'store-backup-test';
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Where one store lives: a data folder not made yet and, on PostgreSQL, a database of its own. */
interface Place {
  dataDir: string;
  databaseUrl: string | null;
}

let root: string;
let admin: pg.Client | undefined;
const databases: string[] = [];

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'store-backup-'));
  if (ON_POSTGRES) {
    admin = new pg.Client({ connectionString: SERVER_URL });
    admin.on('error', () => {});
    await admin.connect();
  }
});
afterAll(async () => {
  for (const name of databases) await admin?.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin?.end();
  await rm(root, { recursive: true, force: true });
});

let places = 0;
/** A new place: the migrated template's clone (`migrated`) or an empty database on PostgreSQL; nothing yet on PGlite. */
async function newPlace(migrated: boolean): Promise<Place> {
  places += 1;
  const dataDir = path.join(root, `store-${places}`);
  if (!ON_POSTGRES) return { dataDir, databaseUrl: null };
  // Named after the template, so the global teardown drops what a failed run leaves.
  const name = `${TEMPLATE}_backup_${randomBytes(4).toString('hex')}`;
  await admin!.query(`CREATE DATABASE ${name} TEMPLATE ${migrated ? TEMPLATE : 'template0'}`);
  databases.push(name);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return { dataDir, databaseUrl: url.toString() };
}

/** The configuration the backup and restore commands read for `place`, as the server would. */
const configOf = (place: Place, env: Record<string, string> = {}): Config =>
  loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: place.dataDir, ...(place.databaseUrl ? { DATABASE_URL: place.databaseUrl } : {}), ...env });

interface Store {
  t: TestApp;
  close: () => Promise<void>;
}

/**
 * The whole app on `place`, with no DATA_ENCRYPTION_KEY: the key is the one kept in DATA_DIR, as the
 * embedded demo keeps it. `seed` loads the migrated snapshot into a new PGlite folder.
 */
async function openStore(place: Place, env: Record<string, string> = {}, seed = false): Promise<Store> {
  let handle: DatabaseHandle;
  if (place.databaseUrl) handle = await openDatabase({ kind: 'postgres', url: place.databaseUrl, poolSize: 3 });
  else {
    const snapshot = seed ? new Blob([await readFile(inject('pgliteSnapshot')!)]) : undefined;
    handle = await openDatabase({ kind: 'pglite', dataDir: pgliteFolder(place.dataDir), ...(snapshot ? { snapshot } : {}) });
  }
  const t = await build({ DATA_DIR: place.dataDir, DATA_ENCRYPTION_KEY: '', ...env }, { database: handle });
  return {
    t,
    close: async () => {
      await t.close();
      await handle.close();
    },
  };
}

function multipart(filename: string, data: Buffer) {
  const boundary = `----backup${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return { payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function createProduct(t: TestApp, title: string, stock: number): Promise<Product> {
  const response = await t.request({
    method: 'POST',
    url: '/api/admin/products',
    token: await t.adminToken(),
    payload: { title, price: 12.5, description: 'Kept in the backup', detailed_description: 'Kept in the backup, in detail', stock_quantity: stock },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Product>();
}

async function uploadFile(t: TestApp, productId: string, data: Buffer): Promise<ProductFile> {
  const response = await t.request({ method: 'POST', url: `/api/admin/products/${productId}/files`, token: await t.adminToken(), ...multipart('course.zip', data) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ProductFile>();
}

/** A guest order of `quantity` of each product, confirmed by staff: paid and delivered. Answers its id and token. */
async function deliveredOrder(t: TestApp, lines: { productId: string; quantity: number }[], token?: string): Promise<{ id: string; accessToken: string | null }> {
  const created = await t.request({
    method: 'POST',
    url: '/api/orders',
    ...(token ? { token } : {}),
    payload: {
      items: lines.map((line) => ({ product_id: line.productId, quantity: line.quantity })),
      ...(token ? {} : { invoice_data: { email: 'buyer@example.com', name: 'Ada Buyer', address: '1 High Street', city: 'Leeds', country: 'United Kingdom' } }),
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const order = created.json<Order>();
  const confirmed = await t.request({ method: 'PATCH', url: `/api/admin/orders/${order.id}/status?status=confirmed`, token: await t.adminToken() });
  expect(confirmed.json<Order>().status).toBe('completed');
  return { id: order.id, accessToken: order.access_token ?? null };
}

/** The order as its buyer's page shows it, without the signed links (they carry their time), and the links. */
async function orderPage(t: TestApp, order: { id: string; accessToken: string | null }, buyerToken?: string) {
  const response = order.accessToken
    ? await t.request({ method: 'GET', url: `/api/guest/orders/${order.id}`, query: { token: order.accessToken } })
    : await t.request({ method: 'GET', url: `/api/orders/${order.id}`, token: buyerToken! });
  expect(response.statusCode, response.body).toBe(200);
  const shown = response.json<Order>();
  const links = shown.items.flatMap((item) => (item.downloads ?? []).map((download) => download.url));
  const page = { ...shown, items: shown.items.map((item) => ({ ...item, downloads: (item.downloads ?? []).map(({ url: _url, ...rest }) => rest) })) };
  return { page, links };
}

/** Every key of every product's pool, sold or not, decrypted, by row id. */
async function allKeys(t: TestApp): Promise<Record<string, string>> {
  const rows = await t.app.db.selectFrom('license_keys').select(['id', 'product_id', 'key_value']).orderBy('id').execute();
  return Object.fromEntries(rows.map((row) => [row.id, openLicenseKey(t.app.dataCipher, row)]));
}

/** Tables, views and sequences in the public schema of a place's database; or whether its PGlite folder holds anything. */
async function databaseObjects(place: Place): Promise<number> {
  if (place.databaseUrl === null) return (await readdir(pgliteFolder(place.dataDir)).catch(() => [])).length;
  const client = new pg.Client({ connectionString: place.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: number }>(`SELECT count(*)::int AS count FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S')`);
    return rows[0]!.count;
  } finally {
    await client.end();
  }
}

/** That nothing was written at a place: no database object, and no data folder at all. */
async function expectNothingWritten(place: Place): Promise<void> {
  expect(await databaseObjects(place)).toBe(0);
  await expect(stat(place.dataDir)).rejects.toThrow(/ENOENT/);
}

/** A copy of the backup with one byte of `file` (relative to the backup) flipped. */
async function damagedCopy(backup: string, file: string): Promise<string> {
  const copy = path.join(root, `damaged-${randomBytes(4).toString('hex')}`);
  await cp(backup, copy, { recursive: true });
  const bytes = await readFile(path.join(copy, file));
  const at = Math.floor(bytes.length / 2);
  bytes[at] = bytes[at]! ^ 0x01;
  await writeFile(path.join(copy, file), bytes);
  return copy;
}

/** Every byte a backup folder holds, its compressed dump opened: a PGlite dump's tar, a pg_dump archive as SQL. */
async function backupBytes(dir: string, result: BackupResult): Promise<Buffer[]> {
  const files = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
  const contents = await Promise.all(files.map((entry) => readFile(path.join(entry.parentPath, entry.name))));
  const dump = path.join(dir, result.manifest.database.dump.file);
  if (result.manifest.database.kind === 'pglite') contents.push(gunzipSync(await readFile(dump)));
  else {
    const pgRestore = await findPgTool('pg_restore', 0);
    contents.push(Buffer.from((await run(pgRestore, ['--file=-', dump], { maxBuffer: 256 * 1024 * 1024 })).stdout));
  }
  return contents;
}

describe(`backup and restore of a store on ${ON_POSTGRES ? 'PostgreSQL' : 'PGlite'} with its files on disk`, () => {
  let source: Place;
  let backupDir: string;
  let backup: BackupResult;
  let keyText: string;
  let keyFile: string;
  const deliverable = randomBytes(300 * 1024);
  const before: { orders: unknown[]; adminOrders: unknown; settings: unknown; keys: Record<string, string>; rows: { orders: number } } = {
    orders: [],
    adminOrders: null,
    settings: null,
    keys: {},
    rows: { orders: 0 },
  };
  const orders: { id: string; accessToken: string | null }[] = [];
  let buyer: { token: string; password: string; username: string };

  beforeAll(async () => {
    source = await newPlace(true);
    const store = await openStore(source, {}, true);
    const { t } = store;
    try {
      const keyed = await createProduct(t, `Keys ${randomBytes(3).toString('hex')}`, 0);
      const pool = Array.from({ length: 6 }, () => `KEY-${randomBytes(6).toString('hex').toUpperCase()}`);
      const added = await t.request({ method: 'POST', url: `/api/admin/products/${keyed.id}/keys`, token: await t.adminToken(), payload: { keys: pool.join('\n') } });
      expect(added.statusCode, added.body).toBe(201);
      const course = await createProduct(t, `Course ${randomBytes(3).toString('hex')}`, 50);
      await uploadFile(t, course.id, deliverable);

      orders.push(await deliveredOrder(t, [{ productId: keyed.id, quantity: 2 }]));
      orders.push(await deliveredOrder(t, [{ productId: course.id, quantity: 1 }]));
      const registered = await t.registerUser();
      buyer = { token: registered.token, password: registered.password, username: registered.user.username };
      orders.push({ ...(await deliveredOrder(t, [{ productId: keyed.id, quantity: 1 }, { productId: course.id, quantity: 1 }], buyer.token)), accessToken: null });

      // No SMTP host: no receipt is sent meanwhile, so the orders' receipt states stay as they are.
      const settings = await t.request({ method: 'PUT', url: '/api/admin/settings', token: await t.adminToken(), payload: { site_name: 'Backup Bazaar', smtp_username: 'mailer', smtp_password: SMTP_PASSWORD } });
      expect(settings.statusCode, settings.body).toBe(200);

      for (const order of orders) before.orders.push((await orderPage(t, order, buyer.token)).page);
      before.adminOrders = (await t.request({ method: 'GET', url: '/api/admin/orders', token: await t.adminToken() })).json();
      before.settings = await readSettings(t.app.db, t.app.dataCipher);
      before.keys = await allKeys(t);
      before.rows.orders = Number((await t.app.db.selectFrom('orders').select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow()).count);
    } finally {
      // PGlite must be closed before its backup; PostgreSQL is backed up below while the store still runs.
      if (!ON_POSTGRES) await store.close();
    }
    keyText = (await readFile(path.join(source.dataDir, DATA_KEY_FILE), 'utf8')).trim();
    // The key kept apart from the backup, as the runbook asks.
    keyFile = path.join(root, 'kept-apart.key');
    await writeFile(keyFile, `${keyText}\n`, { mode: 0o600 });

    backupDir = path.join(root, 'backup');
    try {
      backup = await backupStore(configOf(source), backupDir);
    } finally {
      if (ON_POSTGRES) await store.close();
    }
  }, 60_000);

  it('writes a manifest of the dump, the migrations, the key id, the row counts and every file', async () => {
    const { manifest } = backup;
    expect(JSON.parse(await readFile(path.join(backupDir, MANIFEST_FILE), 'utf8'))).toEqual(manifest);
    expect(manifest.format_version).toBe(1);
    expect(manifest.store_version).toBe(STORE_VERSION);
    expect(manifest.database.kind).toBe(ON_POSTGRES ? 'postgres' : 'pglite');
    expect(manifest.database.migrations.latest).toMatch(/^\d{4}-\d{2}-\d{2}-\d{4}-/);
    expect(manifest.data_encryption_key_id).toBe(new DataCipher(parseDataEncryptionKey(keyText)!).keyId);
    expect(manifest.database.row_counts).toMatchObject({ orders: before.rows.orders, users: 2, products: 2, license_keys: 6 });
    const dump = await readFile(path.join(backupDir, manifest.database.dump.file));
    expect(manifest.database.dump).toMatchObject({ size: dump.length, sha256: sha256(dump) });
    expect(manifest.files.driver).toBe('fs');
    if (manifest.files.driver !== 'fs') return;
    // The deliverable and its content-type sidecar, nothing of the unfinished uploads' folder.
    const file = manifest.files.entries.find((entry) => entry.sha256 === sha256(deliverable));
    expect(file).toMatchObject({ size: deliverable.length });
    expect(manifest.files.entries.some((entry) => entry.path.endsWith('.meta.json'))).toBe(true);
    expect(manifest.files.entries.every((entry) => !entry.path.startsWith('.tmp/'))).toBe(true);
    expect(await readFile(path.join(backupDir, 'blobs', ...file!.path.split('/')))).toEqual(deliverable);
  });

  it('never copies the data encryption key, in any form, into the backup', async () => {
    const key = parseDataEncryptionKey(keyText)!;
    const names = await readdir(backupDir, { recursive: true });
    expect(names.some((name) => name.endsWith(DATA_KEY_FILE))).toBe(false);
    const forms = [keyText, key.toString('base64'), key.toString('base64url'), key.toString('hex')].map((text) => Buffer.from(text));
    const contents = await backupBytes(backupDir, backup);
    // The dump was opened: the settings' site name is there to be found, so the key would be too.
    expect(contents.some((bytes) => bytes.includes('Backup Bazaar'))).toBe(true);
    for (const bytes of contents) {
      for (const form of [...forms, key]) expect(bytes.includes(form)).toBe(false);
    }
  });

  it('restores every order, decrypted licence key, file and setting into an empty database and data folder', async () => {
    const target = await newPlace(false);
    const restored = await restoreStore(configOf(target), backupDir, { keyFile });
    expect(restored.keyFileWritten).toBe(path.join(target.dataDir, DATA_KEY_FILE));
    expect((await stat(restored.keyFileWritten!)).mode & 0o777).toBe(0o600);

    const store = await openStore(target);
    try {
      const { t } = store;
      expect(t.app.dataCipher.keyId).toBe(backup.manifest.data_encryption_key_id);
      expect((await t.request({ method: 'GET', url: '/api/admin/orders', token: await t.adminToken() })).json()).toEqual(before.adminOrders);
      // The buyer signs in to the restored store with the same password.
      const login = await t.request({ method: 'POST', url: '/api/auth/login', payload: { username: buyer.username, password: buyer.password } });
      expect(login.statusCode, login.body).toBe(200);
      const buyerToken = login.json<{ access_token: string }>().access_token;
      for (const [index, order] of orders.entries()) {
        const { page, links } = await orderPage(t, order, buyerToken);
        expect(page).toEqual(before.orders[index]);
        for (const link of links) {
          const download = await t.request({ method: 'GET', url: link });
          expect(download.statusCode).toBe(200);
          expect(download.rawPayload).toEqual(deliverable);
        }
      }
      expect(await allKeys(t)).toEqual(before.keys);
      expect(Object.values(before.keys)).toHaveLength(6);
      const settings = await readSettings(t.app.db, t.app.dataCipher);
      expect(settings).toEqual(before.settings);
      expect(settings).toMatchObject({ site_name: 'Backup Bazaar', smtp_password: SMTP_PASSWORD });
    } finally {
      await store.close();
    }

    // A second restore into the same place is refused: it is not empty any more.
    await expect(restoreStore(configOf(target), backupDir, { keyFile })).rejects.toThrow(/is not empty/);
  });

  it('refuses a key other than the backup’s, or none, and writes nothing', async () => {
    const target = await newPlace(false);
    await expect(restoreStore(configOf(target, { DATA_ENCRYPTION_KEY: TEST_DATA_ENCRYPTION_KEY }), backupDir)).rejects.toThrow(
      new BackupError(
        `The data encryption key of DATA_ENCRYPTION_KEY (key id ${new DataCipher(parseDataEncryptionKey(TEST_DATA_ENCRYPTION_KEY)!).keyId}) is not the one this backup's data is encrypted with (key id ${backup.manifest.data_encryption_key_id}): nothing was restored`,
      ),
    );
    const wrongFile = path.join(root, 'wrong.key');
    await writeFile(wrongFile, TEST_DATA_ENCRYPTION_KEY);
    await expect(restoreStore(configOf(target), backupDir, { keyFile: wrongFile })).rejects.toThrow(/is not the one this backup's data is encrypted with/);
    await expect(restoreStore(configOf(target), backupDir)).rejects.toThrow(/needs the data encryption key .* set DATA_ENCRYPTION_KEY or pass --key-file/);
    await expectNothingWritten(target);
  });

  it('refuses a dump or a file with one byte changed before writing anything', async () => {
    const target = await newPlace(false);
    const badDump = await damagedCopy(backupDir, backup.manifest.database.dump.file);
    await expect(restoreStore(configOf(target), badDump, { keyFile })).rejects.toThrow(/does not match its checksum in the manifest: the backup is damaged; nothing was restored/);
    const files = backup.manifest.files;
    const deliverableEntry = files.driver === 'fs' ? files.entries.find((entry) => entry.size === deliverable.length) : undefined;
    const badFile = await damagedCopy(backupDir, path.join('blobs', deliverableEntry!.path));
    await expect(restoreStore(configOf(target), badFile, { keyFile })).rejects.toThrow(/does not match its checksum in the manifest/);
    await expectNothingWritten(target);
  });

  it('fails loudly when the restored database does not hold the rows the manifest counts', async () => {
    const edited = path.join(root, 'edited');
    await cp(backupDir, edited, { recursive: true });
    const manifest = JSON.parse(await readFile(path.join(edited, MANIFEST_FILE), 'utf8'));
    manifest.database.row_counts.orders += 1;
    await writeFile(path.join(edited, MANIFEST_FILE), JSON.stringify(manifest));
    const target = await newPlace(false);
    await expect(restoreStore(configOf(target), edited, { keyFile })).rejects.toThrow(
      `The restored database differs from the backup (orders: ${before.rows.orders + 1} in the backup, ${before.rows.orders} restored): do not start the store on it`,
    );
  });

  it('refuses to back up into a folder that is not empty, and to restore a folder that is no backup', async () => {
    await expect(backupStore(configOf(source), backupDir)).rejects.toThrow(/is not empty: a backup goes into a new or empty folder/);
    const target = await newPlace(false);
    await expect(restoreStore(configOf(target), path.join(root, 'no-such-backup'), { keyFile })).rejects.toThrow(/manifest.json does not exist/);
    await expectNothingWritten(target);
  });

  it.skipIf(ON_POSTGRES)('refuses to back up the embedded database while the store has it open', async () => {
    const handle = await openDatabase({ kind: 'pglite', dataDir: pgliteFolder(source.dataDir) });
    try {
      const dir = path.join(root, 'while-open');
      await expect(backupStore(configOf(source), dir)).rejects.toThrow(/is open .*stop the store first, as only one process can open it/);
      await expect(stat(dir)).rejects.toThrow(/ENOENT/);
    } finally {
      await handle.close();
    }
  });

  it('prints a one-line message and exits 1 for a problem the seller can act on', { timeout: 30_000 }, async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.resolve(import.meta.dirname, '../scripts/restore.ts'), 'no-such-backup'], {
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', DATA_DIR: path.join(root, 'cli-target'), INIT_CWD: root },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(output).toBe(`${path.join(root, 'no-such-backup', MANIFEST_FILE)} does not exist: ${path.join(root, 'no-such-backup')} is not a backup, or the backup did not finish\n`);
  });
});

describe(`backup and restore of a store on ${ON_POSTGRES ? 'PostgreSQL' : 'PGlite'} with its files in S3`, () => {
  let s3: { endpoint: string; stop: () => Promise<void> };
  let s3Env: Record<string, string>;
  let backupDir: string;
  let backup: BackupResult;
  let keyFile: string;
  let fileKey: string;
  const deliverable = randomBytes(64 * 1024);

  beforeAll(async () => {
    s3 = await startS3Server([BUCKET]);
    s3Env = {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: BUCKET,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    };
    const source = await newPlace(true);
    const store = await openStore(source, s3Env, true);
    try {
      const course = await createProduct(store.t, `Course ${randomBytes(3).toString('hex')}`, 10);
      await uploadFile(store.t, course.id, deliverable);
    } finally {
      await store.close();
    }
    keyFile = path.join(source.dataDir, DATA_KEY_FILE);
    backupDir = path.join(root, 'backup-s3');
    backup = await backupStore(configOf(source, s3Env), backupDir);
  }, 60_000);
  afterAll(async () => {
    await s3?.stop();
  });

  it('lists the bucket with each object’s size, ETag and SHA-256 instead of copying it, and says to turn on versioning', async () => {
    const { files } = backup.manifest;
    expect(files.driver).toBe('s3');
    if (files.driver !== 's3') return;
    expect(files).toMatchObject({ bucket: BUCKET, endpoint: s3.endpoint, count: 1, bytes: deliverable.length });
    expect(files.objects[0]).toMatchObject({ key: expect.stringMatching(/^files\//), size: deliverable.length, sha256: sha256(deliverable), etag: expect.stringMatching(/^[0-9a-f]{32}/) });
    fileKey = files.objects[0]!.key;
    expect(await readdir(backupDir)).toEqual([backup.manifest.database.dump.file, MANIFEST_FILE].sort());
    expect(backup.notes.join(' ')).toMatch(/Turn on the bucket's versioning/);
  });

  it('restores when every listed object is in the bucket, and refuses, naming them, when some are not', async () => {
    const target = await newPlace(false);
    await restoreStore(configOf(target, s3Env), backupDir, { keyFile });
    expect(await databaseObjects(target)).toBeGreaterThan(0);

    const client = new S3Client({ region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials: S3_CREDENTIALS });
    await client.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: fileKey }));
    client.destroy();
    const another = await newPlace(false);
    await expect(restoreStore(configOf(another, s3Env), backupDir, { keyFile })).rejects.toThrow(
      `The bucket ${BUCKET} lacks 1 of the 1 files the backup lists: ${fileKey} (missing). Bring them back from the bucket's versions, or pass --allow-missing-files to restore the database without them; nothing was restored`,
    );
    await expectNothingWritten(another);
    const anyway = await restoreStore(configOf(another, s3Env), backupDir, { keyFile, allowMissingFiles: true });
    expect(anyway.notes).toEqual([`The bucket ${BUCKET} lacks 1 of the 1 files the backup lists: ${fileKey} (missing).`]);
  });
});
