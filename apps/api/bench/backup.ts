/**
 * `pnpm --filter @store/api bench:backup`: how long `backup` and `restore` take, and how large a backup is,
 * for a store with 10,000 orders, on PostgreSQL (a fresh database on BENCH_PG_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres, dropped after) and on PGlite (a data folder of its own).
 *
 * The store is filled by SQL in a few statements, as the app would have left it: 2,000 accounts, 20 products
 * (10 sold as licence keys, 10 as a downloadable file of 1 MB each), 10,000 completed orders of one or two
 * lines, one sold key per key line (encrypted with the app's DataCipher), each download line's allowance,
 * and a sent receipt per order in the outbox. Then `backupStore` and `restoreStore` run as the commands do.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { backupStore } from '../src/backup/backup.ts';
import { formatBytes } from '../src/backup/files.ts';
import { restoreStore } from '../src/backup/restore.ts';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../src/db/connect.ts';
import type { Database } from '../src/db/schema.ts';
import { loadConfig, type Config } from '../src/env.ts';
import { deliverableKey } from '../src/delivery/product-files.ts';
import { sealLicenseKey } from '../src/orders/license-keys.ts';
import { DataCipher } from '../src/security/data-encryption.ts';
import { claimDataEncryptionKey } from '../src/security/data-key.ts';
import { FsBlobStore } from '../src/storage/fs-blob-store.ts';
import { createDatabase, productsInsert } from './store-harness.ts';

const ORDERS = 10_000;
const USERS = 2_000;
const FILE_BYTES = 1024 * 1024;
const KEY = randomBytes(32).toString('base64');
const KEYS_PER_BATCH = 2_000;

/** Fills a migrated, empty store with the orders described above; its files go under `blobRoot`. */
async function fillStore(db: Kysely<Database>, blobRoot: string): Promise<void> {
  const cipher = new DataCipher(Buffer.from(KEY, 'base64'));
  await claimDataEncryptionKey(db, cipher);
  const products = productsInsert(1, 20);
  await db.executeQuery(CompiledQuery.raw(products.text, products.values));
  const ids = (await db.selectFrom('products').select('id').orderBy('created_at').execute()).map((row) => row.id);
  const keyed = ids.slice(0, 10);
  const downloads = ids.slice(10);
  await db.updateTable('products').set({ delivery: 'license_key' }).where('id', 'in', keyed).execute();

  await sql`INSERT INTO users (username, email, password_hash, role, created_at)
    SELECT 'buyer' || n, 'buyer' || n || '@example.com', '$argon2id$v=19$m=19456,t=2,p=1$' || md5(n::text) || '$' || md5('h' || n), 'user', now() - make_interval(days => n % 365)
    FROM generate_series(1, ${USERS}::int) AS n`.execute(db);

  // Every other order is an account's; a guest's otherwise. `payment_id` carries the order's number for the joins below.
  await sql`INSERT INTO orders (user_id, status, total_cents, payment_method, payment_id, invoice_email, invoice_name, invoice_address,
      invoice_city, invoice_country, stock_reserved, paid_at, delivered_at, payment_settled_at, created_at, updated_at)
    SELECT CASE WHEN n % 2 = 0 THEN u.id END, 'completed', 0, 'paypal', 'BENCH-' || n, 'buyer' || n || '@example.com', 'Buyer ' || n,
      n || ' High Street', 'Leeds', 'United Kingdom', false, t, t, t, t, t
    FROM generate_series(1, ${ORDERS}::int) AS n
    CROSS JOIN LATERAL (SELECT now() - make_interval(mins => n * 5) AS t) AS at
    LEFT JOIN (SELECT id, row_number() OVER (ORDER BY username) AS rn FROM users) AS u ON u.rn = 1 + n % ${USERS}::int`.execute(db);

  // A key line for every order, and a download line for every other one.
  await sql`INSERT INTO order_items (order_id, product_id, position, title, unit_price_cents, quantity, delivery)
    SELECT o.id, p.id, line, p.title, p.price_cents, 1, p.delivery
    FROM orders AS o
    CROSS JOIN LATERAL (SELECT substring(o.payment_id FROM 7)::int AS n) AS num
    CROSS JOIN LATERAL generate_series(0, CASE WHEN num.n % 2 = 0 THEN 1 ELSE 0 END) AS line
    JOIN products AS p ON p.id = (CASE WHEN line = 0 THEN ${keyed}::uuid[] ELSE ${downloads}::uuid[] END)[1 + num.n % 10]`.execute(db);
  await sql`UPDATE orders AS o SET total_cents = s.total FROM (SELECT order_id, sum(unit_price_cents * quantity)::int AS total FROM order_items GROUP BY order_id) AS s
    WHERE s.order_id = o.id`.execute(db);

  // One sold key per key line and ten left in each pool, each sealed to its product by the app's cipher.
  const lines = await db.selectFrom('order_items').select(['id', 'product_id']).where('delivery', '=', 'license_key').execute();
  const keys = [...lines.map((line) => ({ productId: line.product_id, lineId: line.id })), ...keyed.flatMap((productId) => Array.from({ length: 10 }, () => ({ productId, lineId: null })))];
  for (let start = 0; start < keys.length; start += KEYS_PER_BATCH) {
    const batch = keys.slice(start, start + KEYS_PER_BATCH).map((key) => ({ ...key, ...sealLicenseKey(cipher, key.productId, `KEY-${randomBytes(10).toString('hex').toUpperCase()}`) }));
    await sql`INSERT INTO license_keys (product_id, key_value, key_digest, order_item_id, sold_at)
      SELECT product_id, key_value, key_digest, line_id, CASE WHEN line_id IS NOT NULL THEN now() END
      FROM unnest(${batch.map((key) => key.productId)}::uuid[], ${batch.map((key) => key.key_value)}::text[], ${batch.map((key) => key.key_digest)}::text[],
        ${batch.map((key) => key.lineId)}::uuid[]) AS k(product_id, key_value, key_digest, line_id)`.execute(db);
  }
  await sql`UPDATE products SET stock_quantity = 10 WHERE delivery = 'license_key'`.execute(db);

  // A file of 1 MB for each download product, stored as the upload route stores it, and every line's allowance.
  const blobs = new FsBlobStore(blobRoot);
  for (const productId of downloads) {
    const file = await db
      .insertInto('product_files')
      .values({ product_id: productId, name: 'course.zip', size: FILE_BYTES, sha256: '', content_type: 'application/zip', storage_key: '' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const key = deliverableKey(productId, file.id);
    const stored = await blobs.put(key, randomBytes(FILE_BYTES), { contentType: 'application/zip' });
    await db.updateTable('product_files').set({ sha256: stored.sha256, storage_key: key }).where('id', '=', file.id).execute();
  }
  await sql`INSERT INTO order_item_files (order_item_id, file_id, position, download_limit)
    SELECT oi.id, f.id, 0, 5 FROM order_items AS oi JOIN product_files AS f ON f.product_id = oi.product_id WHERE oi.delivery = 'download'`.execute(db);

  // The receipt of each order, sent: about 1 kB of text and 4 kB of HTML, as the outbox keeps them.
  await sql`INSERT INTO mail_outbox (kind, order_id, recipient, subject, text_body, html_body, status, attempts, next_attempt_at, created_at, sent_at)
    SELECT 'receipt', o.id, o.invoice_email, 'Your order ' || o.id, repeat('Thank you for your order. Your goods are on the order page. ', 16),
      '<html><body>' || repeat('<p style="font-family:sans-serif">Thank you for your order. Your goods are on the order page.</p>', 40) || '</body></html>',
      'sent', 1, o.created_at, o.created_at, o.created_at
    FROM orders AS o`.execute(db);
}

interface Measured {
  database: string;
  orders: number;
  rows: number;
  dump: number;
  blobs: number;
  backupSeconds: number;
  restoreSeconds: number;
}

/** One store on `databaseUrl` (or PGlite when null): filled, backed up, restored into an empty place. */
async function measure(name: string, source: { databaseUrl: string | null }, target: { databaseUrl: string | null }): Promise<Measured> {
  const folder = await mkdtemp(path.join(tmpdir(), 'store-bench-backup-'));
  try {
    const configOf = (dataDir: string, databaseUrl: string | null): Config =>
      loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DATA_ENCRYPTION_KEY: KEY, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
    const sourceConfig = configOf(path.join(folder, 'source'), source.databaseUrl);
    const handle: DatabaseHandle = source.databaseUrl
      ? await openDatabase({ kind: 'postgres', url: source.databaseUrl, poolSize: 2 })
      : await openDatabase({ kind: 'pglite', dataDir: path.join(sourceConfig.dataDir, 'pglite') });
    try {
      await migrateToLatest(handle.db);
      const filling = performance.now();
      await fillStore(handle.db, sourceConfig.storage.driver === 'fs' ? sourceConfig.storage.root : '');
      process.stdout.write(`${name}: filled in ${((performance.now() - filling) / 1000).toFixed(1)} s\n`);
    } finally {
      await handle.close();
    }
    const backup = await backupStore(sourceConfig, path.join(folder, 'backup'));
    const restored = await restoreStore(configOf(path.join(folder, 'target'), target.databaseUrl), path.join(folder, 'backup'));
    const { manifest } = backup;
    return {
      database: name,
      orders: manifest.database.row_counts.orders ?? 0,
      rows: Object.values(manifest.database.row_counts).reduce((sum, count) => sum + count, 0),
      dump: manifest.database.dump.size,
      blobs: manifest.files.bytes,
      backupSeconds: backup.seconds,
      restoreSeconds: restored.seconds,
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

const results: Measured[] = [];
const source = await createDatabase();
const target = await createDatabase();
try {
  results.push(await measure('PostgreSQL', { databaseUrl: source.url }, { databaseUrl: target.url }));
} finally {
  await source.drop();
  await target.drop();
}
results.push(await measure('PGlite', { databaseUrl: null }, { databaseUrl: null }));

const table = [
  '| database | orders | rows in all | dump | blobs | backup | restore |',
  '|---|---|---|---|---|---|---|',
  ...results.map(
    (result) =>
      `| ${result.database} | ${result.orders.toLocaleString('en-US')} | ${result.rows.toLocaleString('en-US')} | ${formatBytes(result.dump)} | ${formatBytes(result.blobs)} | ${result.backupSeconds.toFixed(1)} s | ${result.restoreSeconds.toFixed(1)} s |`,
  ),
];
process.stdout.write(`\n${table.join('\n')}\n`);
