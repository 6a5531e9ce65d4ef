import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLog } from '@store/contracts';
import { auditWritesSettled } from '../src/audit/audit-trail.ts';
import { ORDER_EXPORT_COLUMNS } from '../src/orders/order-export.ts';
import { build, type TestApp } from './helpers/build.ts';
import { waitFor } from './helpers/wait-for.ts';

/*
 * Staff's orders export as CSV (issue 15 item 3, docs/decisions/032-orders-csv-export.md): the exact
 * bytes a spreadsheet receives for values that break naive CSV (commas, quotes, line breaks, formulas,
 * non-Latin names, emoji), the list's filter applied, and a large export streamed through a real socket
 * in bounded memory. The tricky values are written straight into the database: the API's own forms
 * refuse line breaks in a name, but an export must survive whatever the table holds. Runs on PostgreSQL
 * when TEST_DATABASE_URL is set and on PGlite otherwise.
 */

let t: TestApp;
let admin: string;
let productId: string;
let discountCodeId: string;

/** Orders of the large export: 100,000 on both databases (the whole case takes about 17 s on PGlite, 13 s on PostgreSQL, on 2 cores). */
const LARGE_EXPORT_ORDERS = 100_000;

const BOM = '\uFEFF';
const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(1);

// A full collection on demand, to measure the live heap: the flag is turned on at run time, as vitest's worker starts without it.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
const HEADER =
  '"order_id","created_at","paid_at","status","buyer_name","buyer_email","items","subtotal","discount_code","discount","total","currency","payment_method","payment_id","test","refunded_at","type","subscription_id"\r\n';

interface KnownOrder {
  name: string;
  email: string;
  status?: 'completed' | 'refunded' | 'pending';
  createdAt: string;
  paidAt?: string | null;
  refundedAt?: string | null;
  totalCents: number;
  discountCents?: number;
  paymentId?: string | null;
  isTest?: boolean;
  dispute?: 'open' | 'resolved';
  items: { title: string; quantity: number }[];
}

async function insertOrder(order: KnownOrder): Promise<string> {
  const row = await t.app.db
    .insertInto('orders')
    .values({
      status: order.status ?? 'completed',
      total_cents: order.totalCents,
      discount_cents: order.discountCents ?? 0,
      discount_code: order.discountCents ? 'SPRING' : null,
      discount_code_id: order.discountCents ? discountCodeId : null,
      payment_method: 'paypal',
      payment_id: order.paymentId ?? null,
      invoice_email: order.email,
      invoice_name: order.name,
      is_test: order.isTest ?? false,
      created_at: order.createdAt,
      paid_at: order.paidAt ?? null,
      refunded_at: order.refundedAt ?? null,
      dispute_id: order.dispute ? `PP-D-${order.email}` : null,
      dispute_resolved_at: order.dispute === 'resolved' ? order.createdAt : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.app.db
    .insertInto('order_items')
    .values(
      order.items.map((item, position) => ({
        order_id: row.id,
        product_id: productId,
        position,
        title: item.title,
        unit_price_cents: 100,
        quantity: item.quantity,
        delivery: 'license_key' as const,
      })),
    )
    .execute();
  return row.id;
}

/** The store on a real socket (listening once for the whole file): its port. */
async function serverPort(): Promise<number> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  return (t.app.server.address() as AddressInfo).port;
}

/** The trail's entries of the export, newest first. */
const exportEntries = () =>
  t.app.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', 'adminExportOrders')
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .execute();

/** Orders of one buyer domain, written in one statement, each with a line of a long title (about 500 bytes of CSV a row). */
async function insertBulkOrders(domain: string, count: number): Promise<void> {
  const title = `Bulk bundle ${'x'.repeat(400)}`;
  await sql`
    INSERT INTO orders (status, total_cents, payment_method, payment_id, invoice_email, invoice_name, created_at, paid_at)
    SELECT 'completed', 1000 + n % 500, 'paypal', ${`CAP-${domain}-`} || n, 'bulk' || n || ${`@${domain}`}, 'Bulk Buyer ' || lpad(n::text, 6, '0'),
           timestamptz '2025-06-01T00:00:00Z' - n * interval '1 second', timestamptz '2025-06-01T00:00:00Z' - n * interval '1 second'
    FROM generate_series(1, ${count}::int) AS n`.execute(t.app.db);
  await sql`
    INSERT INTO order_items (order_id, product_id, position, title, unit_price_cents, quantity, delivery)
    SELECT id, ${productId}::uuid, 0, ${title}, total_cents, 1, 'license_key' FROM orders WHERE invoice_email LIKE ${`%@${domain}`}`.execute(
    t.app.db,
  );
}

const exportCsv = (query = '', token = admin) => t.request({ method: 'GET', url: `/api/admin/orders/export.csv${query}`, token });
const rowsOf = (body: Buffer) => body.toString('utf8').slice(1).split('\r\n').slice(1, -1);

beforeAll(async () => {
  t = await build();
  admin = await t.adminToken();
  const product = await t.app.db
    .insertInto('products')
    .values({
      title: 'Export product',
      description: 'Sold for the export',
      detailed_description: 'Sold for the export',
      price_cents: 100,
      category: 'plugins',
      product_type: 'single',
      images: JSON.stringify([]),
      features: JSON.stringify([]),
      system_requirements: JSON.stringify({}),
      stock_quantity: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  productId = product.id;
  const code = await t.app.db
    .insertInto('discount_codes')
    .values({ code: 'SPRING', kind: 'fixed', value: 250, product_ids: JSON.stringify([]), categories: JSON.stringify([]) })
    .returning('id')
    .executeTakeFirstOrThrow();
  discountCodeId = code.id;
});
afterAll(async () => {
  await t.close();
});

describe('orders export (CSV)', () => {
  it('writes the exact bytes a spreadsheet reads: BOM, header, CRLF, every field quoted, formulas defused, any script', async () => {
    const tricky = await insertOrder({
      name: '=SUM(A1:A9), "Boss"\nsecond line',
      email: '+tricky@example.com',
      createdAt: '2026-01-02T03:04:05.678Z',
      paidAt: '2026-01-02T03:05:00.000Z',
      totalCents: 1750,
      discountCents: 250,
      paymentId: '=HYPERLINK("http://evil.example")',
      items: [
        { title: '-minus, with a comma', quantity: 2 },
        { title: '@at "quoted"\r\nline', quantity: 1 },
      ],
    });
    const latin = await insertOrder({
      name: 'Zoë Ångström',
      email: 'zoe@example.com',
      createdAt: '2026-01-01T00:00:00.000Z',
      paidAt: '2026-01-01T00:00:01.000Z',
      refundedAt: '2026-01-03T12:00:00.000Z',
      status: 'refunded',
      totalCents: 999,
      paymentId: 'CAP-1',
      items: [{ title: 'Курс «Ершов» 🚀', quantity: 1 }],
    });
    const japanese = await insertOrder({
      name: '山田太郎',
      email: 'yamada@example.com',
      createdAt: '2025-12-31T23:59:59.999Z',
      totalCents: 0,
      isTest: true,
      status: 'pending',
      items: [{ title: '\tTabbed', quantity: 3 }],
    });
    const cyrillic = await insertOrder({
      name: 'Ершов 👩‍💻',
      email: 'ershov@example.com',
      createdAt: '2025-12-30T10:00:00.000Z',
      paidAt: '2025-12-30T10:01:00.000Z',
      totalCents: 100_000_000,
      paymentId: 'CAP-2',
      items: [{ title: 'Plain', quantity: 1 }],
    });

    const response = await exportCsv('?search=example.com');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="orders-${new Date().toISOString().slice(0, 10)}.csv"`);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const expected =
      BOM +
      HEADER +
      `"${tricky}","2026-01-02T03:04:05.678Z","2026-01-02T03:05:00.000Z","completed","'=SUM(A1:A9), ""Boss""\nsecond line","'+tricky@example.com",` +
      `"'-minus, with a comma × 2; @at ""quoted""\r\nline × 1","20.00","SPRING","2.50","17.50","USD","paypal","'=HYPERLINK(""http://evil.example"")","no","","order",""\r\n` +
      `"${latin}","2026-01-01T00:00:00.000Z","2026-01-01T00:00:01.000Z","refunded","Zoë Ångström","zoe@example.com",` +
      `"Курс «Ершов» 🚀 × 1","9.99","","0.00","9.99","USD","paypal","CAP-1","no","2026-01-03T12:00:00.000Z","order",""\r\n` +
      `"${japanese}","2025-12-31T23:59:59.999Z","","pending","山田太郎","yamada@example.com","'\tTabbed × 3","0.00","","0.00","0.00","USD","paypal","","yes","","order",""\r\n` +
      `"${cyrillic}","2025-12-30T10:00:00.000Z","2025-12-30T10:01:00.000Z","completed","Ершов 👩‍💻","ershov@example.com",` +
      `"Plain × 1","1000000.00","","0.00","1000000.00","USD","paypal","CAP-2","no","","order",""\r\n`;
    expect(response.rawPayload.toString('utf8')).toBe(expected);
    expect(response.rawPayload.equals(Buffer.from(expected, 'utf8'))).toBe(true);
    expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(HEADER.split(',')).toHaveLength(ORDER_EXPORT_COLUMNS.length);
  });

  it('applies the list’s filter: status, dispute and search, newest first', async () => {
    const tag = `filter${Date.now()}`;
    const open = await insertOrder({
      name: 'Open Dispute',
      email: `${tag}-open@example.org`,
      createdAt: '2026-02-03T00:00:00Z',
      totalCents: 100,
      dispute: 'open',
      items: [{ title: 'A', quantity: 1 }],
    });
    const resolved = await insertOrder({
      name: 'Resolved Dispute',
      email: `${tag}-resolved@example.org`,
      createdAt: '2026-02-02T00:00:00Z',
      totalCents: 100,
      dispute: 'resolved',
      items: [{ title: 'B', quantity: 1 }],
    });
    const pending = await insertOrder({
      name: 'Waiting Buyer',
      email: `${tag}-pending@example.org`,
      status: 'pending',
      createdAt: '2026-02-01T00:00:00Z',
      totalCents: 100,
      items: [{ title: 'C', quantity: 1 }],
    });
    const idsOf = async (query: string) => {
      const response = await exportCsv(query);
      expect(response.statusCode).toBe(200);
      return rowsOf(response.rawPayload).map((row) => row.slice(1, 37));
    };
    expect(await idsOf(`?search=${tag}`)).toEqual([open, resolved, pending]);
    expect(await idsOf(`?search=${tag}&status=pending`)).toEqual([pending]);
    expect(await idsOf(`?search=${tag}&dispute=any`)).toEqual([open, resolved]);
    expect(await idsOf(`?search=${tag}&dispute=open`)).toEqual([open]);
    expect(await idsOf(`?search=waiting%20BUYER`)).toEqual([pending]);
    expect(await idsOf(`?search=${open.slice(-8)}`)).toEqual([open]);
    // Nothing matches: the header row alone.
    const empty = await exportCsv('?search=nobody-has-this-name');
    expect(empty.rawPayload.toString('utf8')).toBe(BOM + HEADER);
  });

  it('refuses a bad filter with 400 and anyone but staff', async () => {
    expect((await exportCsv('?status=shipped')).json()).toMatchObject({ code: 'validation_error' });
    expect((await exportCsv('?dispute=maybe')).statusCode).toBe(400);
    const { token } = await t.registerUser();
    expect((await exportCsv('', token)).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/admin/orders/export.csv' })).statusCode).toBe(401);
  });

  it('streams 100,000 orders through a socket with every row, in memory far below the file’s size', { timeout: 300_000 }, async () => {
    const count = LARGE_EXPORT_ORDERS;
    // A long title makes the file much larger than the bound on the heap: holding it would show.
    await insertBulkOrders('bulk.test', count);
    const port = await serverPort();
    // The heap that is live (after a full collection), sampled while the file streams: what the export holds,
    // not the garbage a lazy collector has yet to sweep (reported beside it as the raw peak).
    collectGarbage();
    const before = process.memoryUsage().heapUsed;
    let rawPeak = before;
    let livePeak = before;
    let samples = 0;
    const sampler = setInterval(() => {
      rawPeak = Math.max(rawPeak, process.memoryUsage().heapUsed);
      collectGarbage();
      livePeak = Math.max(livePeak, process.memoryUsage().heapUsed);
      samples += 1;
    }, 20);
    // Read as a browser would, counting as the bytes arrive and keeping only the first and the last row.
    const received = await new Promise<{ status: number; bytes: number; rows: number; first: string; last: string }>((resolve, reject) => {
      get(
        {
          host: '127.0.0.1',
          port,
          path: '/api/admin/orders/export.csv?search=%40bulk.test',
          headers: { authorization: `Bearer ${admin}` },
        },
        (response) => {
          let bytes = 0;
          let rows = 0;
          let head = '';
          let tail = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            bytes += Buffer.byteLength(chunk);
            for (let at = chunk.indexOf('\n'); at !== -1; at = chunk.indexOf('\n', at + 1)) rows += 1;
            if (head.length < 2000) head += chunk.slice(0, 2000);
            tail = (tail + chunk).slice(-2000);
            rawPeak = Math.max(rawPeak, process.memoryUsage().heapUsed);
          });
          response.on('end', () => {
            const lines = tail.split('\r\n');
            resolve({ status: response.statusCode ?? 0, bytes, rows, first: head.split('\r\n')[1]!, last: lines.at(-2)! });
          });
          response.on('error', reject);
        },
      ).on('error', reject);
    });
    clearInterval(sampler);
    const growth = livePeak - before;
    expect(received.status).toBe(200);
    // The header and one line an order, newest first.
    expect(received.rows).toBe(count + 1);
    expect(received.first).toContain('"Bulk Buyer 000001"');
    expect(received.last).toContain(`"Bulk Buyer ${String(count).padStart(6, '0')}"`);
    expect(received.bytes).toBeGreaterThan(count * 450);
    process.stdout.write(
      `orders export: ${count} orders, ${mb(received.bytes)} MB of CSV in ${samples} samples; live heap growth at peak ${mb(growth)} MB, raw heapUsed growth at peak ${mb(rawPeak - before)} MB\n`,
    );
    expect(samples).toBeGreaterThan(10);
    expect(growth).toBeLessThan(64 * 2 ** 20);
    // Holding the file (or its rows) would take at least its size.
    expect(growth).toBeLessThan(received.bytes / 4);
    // Who took them, the filter and every row: the trail has it once the stream ended.
    await auditWritesSettled(t.app);
    expect((await exportEntries())[0]!.changes).toMatchObject({
      search: { after: '@bulk.test' },
      rows: { after: count },
      complete: { after: true },
    });
  });
});

describe('orders export in the audit trail', () => {
  it('records who exported, the filter and the rows, shown in words on the Audit list', async () => {
    const email = 'audited-export@example.com';
    for (const createdAt of ['2024-01-01T10:00:00Z', '2024-01-02T10:00:00Z', '2024-01-03T10:00:00Z']) {
      await insertOrder({ name: 'Audited Buyer', email, createdAt, totalCents: 500, items: [{ title: 'Audited', quantity: 1 }] });
    }
    const answer = await t.request({
      method: 'GET',
      url: `/api/admin/orders/export.csv?search=${email}&status=completed&dispute=any`,
      token: admin,
      headers: { 'user-agent': 'Export test browser' },
    });
    expect(answer.statusCode).toBe(200);
    await auditWritesSettled(t.app);
    const list = await t.request({ method: 'GET', url: '/api/admin/audit?action=adminExportOrders', token: admin });
    expect(list.statusCode, list.body).toBe(200);
    const [entry] = list.json<AuditLog>().entries;
    expect(entry).toMatchObject({
      actor_username: 'admin',
      action: 'adminExportOrders',
      action_label: 'Exported orders',
      action_area: 'Orders',
      target_type_label: 'Order',
      method: 'GET',
      path: '/api/admin/orders/export.csv',
      target_type: 'orders',
      target_id: null,
      target_label: '0 orders',
      user_agent: 'Export test browser',
      status_code: 200,
      changes: {
        search: { after: email },
        status: { after: 'completed' },
        dispute: { after: 'any' },
        rows: { after: 0 },
        complete: { after: true },
      },
    });
    // Without the dispute filter the three orders match.
    await exportCsv(`?search=${email}`);
    await auditWritesSettled(t.app);
    expect((await exportEntries())[0]).toMatchObject({ target_label: '3 orders' });
    expect((await exportEntries())[0]!.changes).toEqual({
      search: { after: email },
      status: { after: null },
      dispute: { after: null },
      rows: { after: 3 },
      complete: { after: true },
    });
  });

  it('records a refused export as refused, and a shopper’s attempt not at all', async () => {
    const before = (await exportEntries()).length;
    expect((await exportCsv('?status=shipped')).statusCode).toBe(400);
    await auditWritesSettled(t.app);
    const entries = await exportEntries();
    expect(entries).toHaveLength(before + 1);
    expect(entries[0]).toMatchObject({ status_code: 400, error_code: 'validation_error', changes: null });
    const { token } = await t.registerUser();
    expect((await exportCsv('', token)).statusCode).toBe(403);
    expect(await exportEntries()).toHaveLength(before + 1);
  });

  it('answers a HEAD with the export’s headers alone, handing out no row and recording nothing', async () => {
    const before = (await exportEntries()).length;
    const head = await t.request({ method: 'HEAD', url: '/api/admin/orders/export.csv', token: admin });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(head.headers['content-disposition']).toMatch(/^attachment; filename="orders-/);
    expect(head.body).toBe('');
    await auditWritesSettled(t.app);
    expect(await exportEntries()).toHaveLength(before);
  });

  it('records an export the client cut short as incomplete, with the rows handed out', { timeout: 60_000 }, async () => {
    const count = 20_000;
    await insertBulkOrders('cut.test', count);
    const port = await serverPort();
    const before = (await exportEntries()).length;
    // The client reads the first bytes (about 10 MB would follow) and goes away.
    await new Promise<void>((resolve, reject) => {
      const request = get(
        { host: '127.0.0.1', port, path: '/api/admin/orders/export.csv?search=%40cut.test', headers: { authorization: `Bearer ${admin}` } },
        (response) => {
          response.once('data', () => {
            request.destroy();
            resolve();
          });
        },
      );
      request.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? resolve() : reject(error)));
    });
    const [entry] = await waitFor(async () => {
      const entries = await exportEntries();
      return entries.length > before ? entries : undefined;
    }, 'the entry of the export cut short');
    const changes = entry!.changes!;
    expect(changes.complete).toEqual({ after: false });
    expect(changes.rows!.after).toBeGreaterThan(0);
    expect(changes.rows!.after).toBeLessThan(count);
    expect(entry).toMatchObject({ status_code: 200, target_label: `${String(changes.rows!.after)} orders` });
  });
});
