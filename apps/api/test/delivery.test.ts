import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { readdir, readlink } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { LIMITS, type DeliveryLog, type Order, type OrderDownload, type Product, type ProductFile } from '@store/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reserveDownload, settleDownload } from '../src/delivery/download-allowance.ts';
import { ANSWER_MAX_SECONDS, downloadUrl, releaseStaleDownloads } from '../src/delivery/downloads.ts';
import { build, type TestApp } from './helpers/build.ts';
import { S3_CREDENTIALS, startS3Server } from './helpers/s3-server.ts';

/*
 * Real delivery end to end, on each storage driver: staff upload a file, a buyer buys it and downloads
 * the exact bytes (whole or by range), a limited number of times, through a signed link; every key
 * reveal and download lands in the delivery log. The S3 driver runs against s3rver, started here.
 */

const BUCKET = 'store-delivery-test';
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function multipart(parts: { name: string; filename?: string; data: Buffer }[]) {
  const boundary = `----delivery${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    chunks.push(Buffer.from(`${head}\r\nContent-Type: application/octet-stream\r\n\r\n`), part.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const drivers = [
  { driver: 'fs' as const, env: async () => ({ env: {}, stop: async () => {} }) },
  {
    driver: 's3' as const,
    env: async () => {
      const server = await startS3Server([BUCKET]);
      return {
        env: {
          STORAGE_DRIVER: 's3',
          S3_BUCKET: BUCKET,
          S3_REGION: 'us-east-1',
          S3_ENDPOINT: server.endpoint,
          S3_FORCE_PATH_STYLE: 'true',
          S3_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId,
          S3_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey,
        },
        stop: server.stop,
      };
    },
  },
];

/** A GET or HEAD over real sockets, as a download client sends it. */
interface SocketAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes that arrived. */
  body: Buffer;
}

/**
 * Sends `method` to `url` over a real socket and counts the bytes that arrive; follows the store's redirect
 * to S3 with the same headers, as a browser does; with `cutAfter`, drops the connection once that many bytes
 * of the body have arrived, as a network that fails mid-way.
 */
function overSocket(url: URL, options: { method?: string; headers?: Record<string, string>; cutAfter?: number } = {}): Promise<SocketAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: options.method ?? 'GET', headers: options.headers ?? {}, agent: false }, (response) => {
      if (response.statusCode === 302 && response.headers.location) {
        response.resume();
        overSocket(new URL(response.headers.location, url), options).then(resolve, reject);
        return;
      }
      const chunks: Buffer[] = [];
      let received = 0;
      const done = () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) });
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        received += chunk.length;
        if (options.cutAfter !== undefined && received >= options.cutAfter) {
          request.destroy();
          done();
        }
      });
      response.once('end', done);
      response.once('aborted', done);
      response.once('error', done);
    });
    request.once('error', (error) => (request.destroyed && options.cutAfter !== undefined ? undefined : reject(error)));
    request.end();
  });
}

describe.each(drivers)('delivery on the $driver driver', ({ driver, env }) => {
  let t: TestApp;
  let stopStorage: () => Promise<void>;
  /** The store listening on a free port, for clients on real sockets. */
  let base: URL;

  beforeAll(async () => {
    const storage = await env();
    stopStorage = storage.stop;
    // Many guest orders and order pages from one address: above the per-address limit of those routes.
    t = await build({ ...storage.env, MAX_DELIVERABLE_BYTES: String(3 * 1024 * 1024), AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    base = new URL(`http://127.0.0.1:${port}`);
  });
  afterAll(async () => {
    await t?.close();
    await stopStorage?.();
  });

  const admin = async () => t.adminToken();

  async function createProduct(overrides: Record<string, unknown> = {}): Promise<Product> {
    const response = await t.request({
      method: 'POST',
      url: '/api/admin/products',
      token: await admin(),
      payload: {
        title: `Course ${randomUUID().slice(0, 8)}`,
        price: 10,
        category: 'courses',
        description: 'A course',
        detailed_description: 'A course, in detail',
        stock_quantity: 50,
        ...overrides,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Product>();
  }

  async function uploadFile(productId: string, data: Buffer, filename = 'course.zip') {
    return t.request({
      method: 'POST',
      url: `/api/admin/products/${productId}/files`,
      token: await admin(),
      ...multipart([{ name: 'file', filename, data }]),
    });
  }

  async function productWithFile(data: Buffer, overrides: Record<string, unknown> = {}, filename?: string) {
    const product = await createProduct(overrides);
    const uploaded = await uploadFile(product.id, data, filename);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    return { product, file: uploaded.json<ProductFile>() };
  }

  /** A guest order of the product, confirmed by staff (delivered), as the buyer's order page shows it. */
  async function deliveredOrder(productId: string, headers: Record<string, string> = {}) {
    const created = await t.request({
      method: 'POST',
      url: '/api/orders',
      payload: {
        items: [{ product_id: productId, quantity: 1 }],
        invoice_data: { email: 'buyer@example.com', name: 'Buyer', address: '1 Road', city: 'Leeds', country: 'UK' },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json<Order>();
    const confirmed = await t.request({
      method: 'PATCH',
      url: `/api/admin/orders/${order.id}/status?status=confirmed`,
      token: await admin(),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const shown = await t.request({ method: 'GET', url: `/api/guest/orders/${order.id}`, query: { token: order.access_token! }, headers });
    return { ...shown.json<Order>(), access_token: order.access_token! };
  }

  /** GETs a download link; on S3 follows the redirect to the presigned URL over HTTP, as a browser does. */
  async function download(url: string, headers: Record<string, string> = {}) {
    const answer = await t.request({ method: 'GET', url, headers });
    if (driver === 'fs' || answer.statusCode !== 302) {
      return {
        status: answer.statusCode,
        headers: answer.headers as Record<string, string | undefined>,
        body: answer.rawPayload,
        api: answer,
      };
    }
    expect(answer.headers['cache-control']).toBe('private, no-store');
    const followed = await fetch(answer.headers.location!, { headers });
    return {
      status: followed.status,
      headers: Object.fromEntries(followed.headers.entries()) as Record<string, string | undefined>,
      body: Buffer.from(await followed.arrayBuffer()),
      api: answer,
    };
  }

  const fileOf = (order: Order): OrderDownload => order.items[0]!.downloads![0]!;

  /** The file as the buyer's order page shows it now (its download count and a fresh link). */
  async function shownFile(order: { id: string; access_token: string }): Promise<OrderDownload> {
    const shown = await t.request({ method: 'GET', url: `/api/guest/orders/${order.id}`, query: { token: order.access_token } });
    return fileOf(shown.json<Order>());
  }

  /** Resolves once every download answer of the order has ended and been settled (its bytes written). */
  async function settled(orderId: string): Promise<void> {
    const unsettled = async () =>
      (
        await t.app.db
          .selectFrom('delivery_events')
          .select('id')
          .where('order_id', '=', orderId)
          .where('kind', '=', 'download')
          .where('bytes_sent', 'is', null)
          .execute()
      ).length;
    await expect.poll(unsettled).toBe(0);
  }

  const downloadEvents = async (orderId: string) =>
    (await t.request({ method: 'GET', url: `/api/admin/orders/${orderId}/delivery-log`, token: await admin() }))
      .json<DeliveryLog>()
      .events.filter((event) => event.kind === 'download');

  it('answers HEAD with the file’s length, type, validators and Accept-Ranges, counting and logging nothing', async () => {
    const data = randomBytes(70_000);
    const { product, file } = await productWithFile(data, {}, 'manual.pdf');
    const order = await deliveredOrder(product.id);
    const { url } = fileOf(order);
    const lastModified = new Date(Math.floor(Date.parse(file.created_at) / 1000) * 1000).toUTCString();

    // Over a real socket, as curl -I and download managers ask.
    const head = await overSocket(new URL(url, base), { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers).toMatchObject({
      'content-length': '70000',
      'content-type': 'application/pdf',
      'accept-ranges': 'bytes',
      etag: `"${file.sha256}"`,
      'last-modified': lastModified,
    });
    expect(head.headers['content-disposition']).toMatch(/^attachment; filename="manual.pdf"/);
    expect(head.headers.location).toBeUndefined();
    expect(head.body).toHaveLength(0);
    const part = await t.request({ method: 'HEAD', url, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers).toMatchObject({ 'content-length': '100', 'content-range': 'bytes 100-199/70000', etag: `"${file.sha256}"` });

    expect((await shownFile(order)).download_count).toBe(0);
    expect(await downloadEvents(order.id)).toEqual([]);
  });

  it('answers 304 to an If-None-Match or If-Modified-Since naming the file, counting nothing', async () => {
    const { product, file } = await productWithFile(randomBytes(20_000));
    const order = await deliveredOrder(product.id);
    const { url } = fileOf(order);
    const byTag = await t.request({ method: 'GET', url, headers: { 'if-none-match': `"other", "${file.sha256}"` } });
    expect(byTag.statusCode).toBe(304);
    expect(byTag.rawPayload).toHaveLength(0);
    expect(byTag.headers.etag).toBe(`"${file.sha256}"`);
    const byDate = await t.request({ method: 'GET', url, headers: { 'if-modified-since': new Date(Date.now() + 60_000).toUTCString() } });
    expect(byDate.statusCode).toBe(304);
    expect((await shownFile(order)).download_count).toBe(0);
    expect(await downloadEvents(order.id)).toEqual([]);

    const stale = await download(url, { 'if-none-match': `"${'0'.repeat(64)}"` });
    expect(stale.status).toBe(200);
    expect(sha256(stale.body)).toBe(file.sha256);
  });

  it('does not count a probe of bytes=0-0 as a download; the whole copy after it counts once', async () => {
    const data = randomBytes(50_000);
    const { product } = await productWithFile(data);
    const order = await deliveredOrder(product.id);
    const { url } = fileOf(order);
    for (let probe = 0; probe < 3; probe += 1) {
      const answer = await download(url, { range: 'bytes=0-0' });
      expect(answer.status).toBe(206);
      // s3rver answers bytes=0-0 with more than the one byte (S3 itself follows RFC 9110).
      if (driver === 'fs') expect(answer.body.equals(data.subarray(0, 1))).toBe(true);
    }
    await settled(order.id);
    expect((await shownFile(order)).download_count).toBe(0);

    expect((await download(url)).status).toBe(200);
    await settled(order.id);
    expect((await shownFile(order)).download_count).toBe(1);
  });

  it('counts parallel ranges of one copy, as aria2c -x4 fetches it, as one download', async () => {
    const data = randomBytes(400_000);
    const { product } = await productWithFile(data);
    const order = await deliveredOrder(product.id);
    const { url } = fileOf(order);
    const quarter = data.length / 4;
    // A downloader that splits the file into four ranges, the first one probing from byte 0 (old clients of
    // this store counted a copy for every request from byte 0).
    const probe = await download(url, { range: 'bytes=0-1' });
    expect(probe.status).toBe(206);
    const parts = await Promise.all(
      [0, 1, 2, 3].map((index) => download(url, { range: `bytes=${index * quarter}-${index === 3 ? '' : (index + 1) * quarter - 1}` })),
    );
    expect(parts.map((part) => part.status)).toEqual([206, 206, 206, 206]);
    expect(sha256(Buffer.concat(parts.map((part) => part.body)))).toBe(sha256(data));
    await settled(order.id);
    expect((await shownFile(order)).download_count).toBe(1);
  });

  it('lets 20 parallel Range: bytes=1- requests past the limit deliver at most one more copy, counted over real sockets', async () => {
    const data = randomBytes(100_000);
    const { product } = await productWithFile(data);
    const order = await deliveredOrder(product.id);
    const { url } = fileOf(order);
    for (let copy = 0; copy < LIMITS.downloadLimitDefault; copy += 1) expect((await download(url)).status).toBe(200);
    await settled(order.id);
    expect((await shownFile(order)).download_count).toBe(LIMITS.downloadLimitDefault);

    const answers = await Promise.all(Array.from({ length: 20 }, () => overSocket(new URL(url, base), { headers: { range: 'bytes=1-' } })));
    const delivered = answers.filter((answer) => answer.status === 206);
    const received = delivered.reduce((sum, answer) => sum + answer.body.length, 0);
    expect(received).toBeLessThanOrEqual(data.length);
    expect(delivered.length).toBeLessThanOrEqual(1);
    const refused = answers.filter((answer) => answer.status === 403);
    expect(refused).toHaveLength(20 - delivered.length);
    // A refusal is not the file: a browser must not save its text under the file's name.
    expect(refused[0]!.headers['content-disposition']).toBeUndefined();
    expect(refused[0]!.headers.etag).toBeUndefined();
    expect(JSON.parse(refused[0]!.body.toString()).code).toBe('download_limit_reached');
    await settled(order.id);
    const line = await t.app.db
      .selectFrom('order_item_files')
      .select(['bytes_sent', 'bytes_reserved'])
      .where('order_item_id', '=', order.items[0]!.id)
      .executeTakeFirstOrThrow();
    expect(Number(line.bytes_sent)).toBeLessThanOrEqual((LIMITS.downloadLimitDefault + 1) * data.length);
    expect(Number(line.bytes_reserved)).toBe(0);
    expect((await shownFile(order)).download_count).toBe(LIMITS.downloadLimitDefault);
  });

  it('resumes with If-Range while the file is the same (206), and sends the whole changed file (200) once it is not', async () => {
    const data = randomBytes(80_000);
    const { product, file } = await productWithFile(data);
    const order = await deliveredOrder(product.id);
    const { url } = fileOf(order);
    const first = await download(url, { range: 'bytes=0-29999' });
    expect(first.status).toBe(206);
    const head = await t.request({ method: 'HEAD', url });
    const etag = head.headers.etag as string;
    const lastModified = head.headers['last-modified'] as string;
    expect(etag).toBe(`"${file.sha256}"`);

    for (const validator of [etag, lastModified]) {
      const resumed = await download(url, { range: 'bytes=30000-', 'if-range': validator });
      expect(resumed.status, validator).toBe(206);
      expect(resumed.body.equals(data.subarray(30_000)), validator).toBe(true);
    }

    // The stored file changes under its id (as a restore from an older backup would do): new bytes, new SHA-256.
    const changed = randomBytes(80_000);
    await t.app.blobs.put(`files/${product.id}/${file.id}`, changed, { contentType: 'application/zip' });
    await t.app.db
      .updateTable('product_files')
      .set({ sha256: sha256(changed), created_at: new Date(Date.parse(file.created_at) + 5_000) })
      .where('id', '=', file.id)
      .execute();
    for (const validator of [etag, lastModified, `W/${etag}`]) {
      const stale = await download(url, { range: 'bytes=30000-', 'if-range': validator });
      expect(stale.status, validator).toBe(200);
      expect(stale.headers['content-range'], validator).toBeUndefined();
      expect(stale.body.equals(changed), validator).toBe(true);
      expect(stale.headers.etag, validator).toBe(`"${sha256(changed)}"`);
    }
  });

  it('hands out links that live a day (DOWNLOAD_LINK_SECONDS), fresh with every answer of the order', async () => {
    const { product, file } = await productWithFile(randomBytes(5_000));
    const before = Math.floor(Date.now() / 1000);
    const order = await deliveredOrder(product.id);
    const expiresOf = (url: string) => Number(new URL(url, base).searchParams.get('expires'));
    const first = expiresOf(fileOf(order).url);
    expect(first).toBeGreaterThanOrEqual(before + 86_400);
    expect(first).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 86_400);
    // A link from the order page of 20 hours ago still downloads (a browser resumes through the link it has).
    const itemId = order.items[0]!.id;
    const earlier = downloadUrl(t.app, itemId, file.id, Date.now() - 20 * 3600 * 1000);
    expect((await download(earlier)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(expiresOf((await shownFile(order)).url)).toBeGreaterThan(first);
  });

  it('upload, buy, download: the buyer gets the exact bytes, and the upload answered their size and sha256', async () => {
    const data = randomBytes(300_000);
    const { product, file } = await productWithFile(data);
    expect(file).toMatchObject({ name: 'course.zip', size: data.length, sha256: sha256(data), content_type: 'application/zip' });
    const list = await t.request({ method: 'GET', url: `/api/admin/products/${product.id}/files`, token: await admin() });
    expect(list.json()).toEqual({ files: [file] });

    const order = await deliveredOrder(product.id);
    const offered = fileOf(order);
    expect(offered).toMatchObject({
      file_id: file.id,
      name: 'course.zip',
      size: data.length,
      download_count: 0,
      download_limit: LIMITS.downloadLimitDefault,
    });
    expect(offered.url).toMatch(new RegExp(`^/api/downloads/${order.items[0]!.id}/${file.id}\\?expires=\\d+&signature=[A-Za-z0-9_-]{43}$`));

    const got = await download(offered.url);
    expect(got.status).toBe(200);
    expect(sha256(got.body)).toBe(file.sha256);
    expect(got.headers['content-disposition']).toMatch(/^attachment; filename="course.zip"; filename\*=UTF-8''course.zip$/);
    expect(got.headers['content-type']).toBe('application/zip');
    if (driver === 'fs') {
      expect(got.headers['accept-ranges']).toBe('bytes');
      expect(got.headers['cache-control']).toBe('private, no-store');
      expect(got.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('answers a Range with 206 and exactly those bytes, and a range past the end with 416', async () => {
    const data = randomBytes(100_000);
    const { product } = await productWithFile(data);
    const order = await deliveredOrder(product.id);
    const { url } = fileOf(order);
    const whole = await download(url);
    expect(whole.status).toBe(200);
    const part = await download(url, { range: 'bytes=1000-1999' });
    expect(part.status).toBe(206);
    expect(part.body.equals(data.subarray(1000, 2000))).toBe(true);
    expect(part.headers['content-range']).toBe(`bytes 1000-1999/${data.length}`);
    // The last 500 bytes: on S3 the range goes to the bucket as the browser sent it, and s3rver answers a
    // suffix range wrongly (S3 itself follows RFC 9110), so the suffix form is checked on disk only.
    if (driver === 'fs') {
      const tail = await download(url, { range: 'bytes=-500' });
      expect(tail.status).toBe(206);
      expect(tail.body.equals(data.subarray(data.length - 500))).toBe(true);
    }
    const past = await t.request({ method: 'GET', url, headers: { range: `bytes=${data.length}-` } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${data.length}`);
    expect(past.json().code).toBe('range_not_satisfiable');
  });

  it('names the file in UTF-8 in Content-Disposition', async () => {
    const { product } = await productWithFile(Buffer.from('%PDF-1.4 chapter'), {}, 'Глава 1 – naïve €.pdf');
    const order = await deliveredOrder(product.id);
    expect(fileOf(order).name).toBe('Глава 1 – naïve €.pdf');
    const got = await download(fileOf(order).url);
    expect(got.status).toBe(200);
    const disposition = got.headers['content-disposition']!;
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent('Глава 1 – naïve €.pdf')}`);
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"/);
    expect(got.headers['content-type']).toBe('application/pdf');
  });

  it('refuses past the download limit with a 403 naming the limit; a resumed download is not counted again', async () => {
    const data = randomBytes(10_000);
    const { product } = await productWithFile(data, { download_limit: 2 });
    const order = await deliveredOrder(product.id);
    const { url } = fileOf(order);
    expect((await download(url)).status).toBe(200);
    expect((await download(url)).status).toBe(200);
    // A resume (from byte 5,000) of the second download still works.
    expect((await download(url, { range: 'bytes=5000-' })).status).toBe(206);
    const refused = await t.request({ method: 'GET', url });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'download_limit_reached' });
    expect(refused.json().detail).toContain('2 times');
    expect(refused.json().detail).toMatch(/contact us/i);
    const again = await t.request({ method: 'GET', url: `/api/guest/orders/${order.id}`, query: { token: order.access_token } });
    expect(again.json<Order>().items[0]!.downloads![0]).toMatchObject({ download_count: 2, download_limit: 2 });
    // Staff answers carry no links: a download through them would use the buyer's allowance.
    const staff = await t.request({ method: 'GET', url: `/api/admin/orders?search=${order.id}`, token: await admin() });
    expect(staff.json<{ orders: Order[] }>().orders[0]!.items[0]!.downloads).toBeUndefined();
  });

  it('lets parallel downloads past the limit through exactly limit times', async () => {
    const { product } = await productWithFile(randomBytes(2_000), { download_limit: 3 });
    const order = await deliveredOrder(product.id);
    const answers = await Promise.all(Array.from({ length: 10 }, () => t.request({ method: 'GET', url: fileOf(order).url })));
    const ok = answers.filter((answer) => answer.statusCode === 200 || answer.statusCode === 302);
    expect(ok).toHaveLength(3);
    expect(answers.filter((answer) => answer.statusCode === 403)).toHaveLength(7);
  });

  it('refuses an expired link, a tampered signature, and a link moved to another order’s file', async () => {
    const first = await productWithFile(randomBytes(1_000));
    const second = await productWithFile(randomBytes(1_000));
    const a = await deliveredOrder(first.product.id);
    const b = await deliveredOrder(second.product.id);
    const itemA = a.items[0]!.id;
    const sign = (itemId: string, fileId: string, expires: number) =>
      `/api/downloads/${itemId}/${fileId}?expires=${expires}&signature=${t.app.sign('download', `${itemId}.${fileId}.${expires}`)}`;

    const past = Math.floor(Date.now() / 1000) - 60;
    const expired = await t.request({ method: 'GET', url: sign(itemA, first.file.id, past) });
    expect(expired.statusCode).toBe(403);
    expect(expired.json().code).toBe('invalid_download_link');

    const url = new URL(fileOf(a).url, 'http://store.test');
    const signature = url.searchParams.get('signature')!;
    url.searchParams.set('signature', `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`);
    const tampered = await t.request({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(tampered.statusCode).toBe(403);
    expect(tampered.headers['content-disposition']).toBeUndefined();

    // A's signature on B's file: the signature covers the line and the file, so it does not open it.
    const moved = fileOf(a).url.replace(first.file.id, second.file.id);
    expect((await t.request({ method: 'GET', url: moved })).statusCode).toBe(403);
    // A valid signature for a line and a file it was never sold: nothing to serve.
    const foreign = await t.request({ method: 'GET', url: sign(itemA, second.file.id, past + 3600) });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('download_not_found');
    expect(b.items[0]!.downloads).toHaveLength(1);
  });

  it('never serves a deliverable under /uploads or any unsigned path', async () => {
    const data = Buffer.from(`secret course ${randomUUID()}`);
    const { product, file } = await productWithFile(data);
    const key = `files/${product.id}/${file.id}`;
    for (const url of [
      `/uploads/${key}`,
      `/uploads/${encodeURIComponent(key)}`,
      `/uploads/..%2F${encodeURIComponent(key)}`,
      `/uploads/${file.id}`,
      `/api/downloads/${randomUUID()}/${file.id}`,
      `/${key}`,
    ]) {
      const answer = await t.request({ method: 'GET', url });
      // Outside /api and /uploads a built shop answers its page (200): it must not carry the file either.
      if (url.startsWith('/api/') || url.startsWith('/uploads/')) expect(answer.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(answer.rawPayload.includes(data), url).toBe(false);
    }
  });

  it('keeps a delivered line’s copy when staff remove the file; new orders no longer get it', async () => {
    const data = randomBytes(5_000);
    const { product, file } = await productWithFile(data);
    const before = await deliveredOrder(product.id);
    const removed = await t.request({ method: 'DELETE', url: `/api/admin/products/${product.id}/files/${file.id}`, token: await admin() });
    expect(removed.statusCode).toBe(204);
    expect((await t.request({ method: 'GET', url: `/api/admin/products/${product.id}/files`, token: await admin() })).json()).toEqual({
      files: [],
    });
    const got = await download(fileOf(before).url);
    expect(got.status).toBe(200);
    expect(got.body.equals(data)).toBe(true);
    const after = await deliveredOrder(product.id);
    expect(after.items[0]!.downloads).toBeUndefined();
    const again = await t.request({ method: 'DELETE', url: `/api/admin/products/${product.id}/files/${file.id}`, token: await admin() });
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('file_not_found');
  });

  it('refuses a file over MAX_DELIVERABLE_BYTES with 413 and keeps nothing of it', async () => {
    const product = await createProduct();
    const response = await uploadFile(product.id, Buffer.alloc(3 * 1024 * 1024 + 1, 7));
    expect(response.statusCode).toBe(413);
    expect(response.json().detail).toContain('3 MiB');
    expect((await t.request({ method: 'GET', url: `/api/admin/products/${product.id}/files`, token: await admin() })).json()).toEqual({
      files: [],
    });
    if (driver === 'fs') {
      const folder = path.join(t.dataDir, 'blobs', 'files', product.id);
      expect((await readdir(folder).catch(() => [] as string[])).filter((name) => !name.startsWith('.'))).toEqual([]);
    }
  });

  it('refuses uploads that are not one file in the field file, and staff-only', async () => {
    const product = await createProduct();
    const url = `/api/admin/products/${product.id}/files`;
    const wrongField = await t.request({
      method: 'POST',
      url,
      token: await admin(),
      ...multipart([{ name: 'other', filename: 'a.zip', data: Buffer.from('x') }]),
    });
    expect(wrongField.statusCode).toBe(400);
    const json = await t.request({ method: 'POST', url, token: await admin(), payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    const buyer = await t.registerUser();
    const asBuyer = await t.request({
      method: 'POST',
      url,
      token: buyer.token,
      ...multipart([{ name: 'file', filename: 'a.zip', data: Buffer.from('x') }]),
    });
    expect(asBuyer.statusCode).toBe(403);
    const unknown = await uploadFile(randomUUID(), Buffer.from('x'));
    expect(unknown.statusCode).toBe(404);
  });

  it('logs every key reveal and download with the address and browser, as JSON and as CSV', async () => {
    const keyed = await createProduct({ key_mode: 'generated', key_pattern: 'LOG-XXXX-XXXX-XXXX' });
    const fileProduct = await productWithFile(randomBytes(4_000), {}, '=cmd.zip');
    const created = await t.request({
      method: 'POST',
      url: '/api/orders',
      payload: {
        items: [
          { product_id: keyed.id, quantity: 1 },
          { product_id: fileProduct.product.id, quantity: 1 },
        ],
        invoice_data: { email: 'log@example.com', name: 'Log Buyer', address: '1 Road', city: 'Leeds', country: 'UK' },
      },
    });
    const order = created.json<Order>();
    await t.request({ method: 'PATCH', url: `/api/admin/orders/${order.id}/status?status=confirmed`, token: await admin() });
    const buyerHeaders = { 'user-agent': 'BuyerBrowser/1.0 (dispute test)' };
    const shown = await t.request({
      method: 'GET',
      url: `/api/guest/orders/${order.id}`,
      query: { token: order.access_token! },
      headers: buyerHeaders,
      remoteAddress: '203.0.113.7',
    });
    const delivered = shown.json<Order>();
    const keyLine = delivered.items.find((item) => item.product_id === keyed.id)!;
    expect(keyLine.keys).toHaveLength(1);
    expect(keyLine.keys![0]).toMatch(/^LOG-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const fileLine = delivered.items.find((item) => item.product_id === fileProduct.product.id)!;
    const answer = await t.request({
      method: 'GET',
      url: fileLine.downloads![0]!.url,
      headers: buyerHeaders,
      remoteAddress: '198.51.100.23',
    });
    expect([200, 302]).toContain(answer.statusCode);

    const log = (
      await t.request({ method: 'GET', url: `/api/admin/orders/${order.id}/delivery-log`, token: await admin() })
    ).json<DeliveryLog>();
    expect(log.order_id).toBe(order.id);
    expect(log.buyer_email).toBe('log@example.com');
    const reveal = log.events.find((event) => event.kind === 'key_reveal');
    expect(reveal).toMatchObject({
      order_item_id: keyLine.id,
      ip: '203.0.113.7',
      user_agent: 'BuyerBrowser/1.0 (dispute test)',
      keys_shown: 1,
    });
    const downloaded = log.events.find((event) => event.kind === 'download');
    expect(downloaded).toMatchObject({
      order_item_id: fileLine.id,
      file_name: '=cmd.zip',
      ip: '198.51.100.23',
      user_agent: 'BuyerBrowser/1.0 (dispute test)',
    });
    // The bytes are written when the answer ends; inject has consumed it whole.
    await expect
      .poll(
        async () =>
          (await t.request({ method: 'GET', url: `/api/admin/orders/${order.id}/delivery-log`, token: await admin() }))
            .json<DeliveryLog>()
            .events.find((event) => event.kind === 'download')?.bytes_sent,
      )
      .toBe(4_000);

    const csv = await t.request({ method: 'GET', url: `/api/admin/orders/${order.id}/delivery-log?format=csv`, token: await admin() });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.rawPayload.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(true);
    const text = csv.rawPayload.toString('utf8').slice(1);
    expect(text.split('\r\n')[0]).toBe(
      '"time","event","order","line","product","file","ip","user_agent","bytes_sent","range","keys_shown"',
    );
    expect(text).toContain('"203.0.113.7"');
    // A file name that a spreadsheet would run as a formula is defused.
    expect(text).toContain(`"'=cmd.zip"`);

    const buyer = await t.registerUser();
    expect((await t.request({ method: 'GET', url: `/api/admin/orders/${order.id}/delivery-log`, token: buyer.token })).statusCode).toBe(
      403,
    );
    expect(
      (await t.request({ method: 'GET', url: `/api/admin/orders/${randomUUID()}/delivery-log`, token: await admin() })).statusCode,
    ).toBe(404);
  });
});

describe('a download cut off mid-way', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ MAX_DELIVERABLE_BYTES: String(64 * 1024 * 1024) });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t?.close());

  /** The descriptors this process holds open on files under the app's DATA_DIR (Linux: /proc/self/fd). */
  async function openStoredFiles(): Promise<string[]> {
    const links = await Promise.all(
      (await readdir('/proc/self/fd')).map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => '')),
    );
    return links.filter((link) => link.startsWith(t.dataDir) && link.includes(`${path.sep}files${path.sep}`));
  }

  it('closes the stored file at once and logs the bytes that went out, not the file’s size', async () => {
    const token = await t.adminToken();
    const size = 48 * 1024 * 1024;
    const created = await t.request({
      method: 'POST',
      url: '/api/admin/products',
      token,
      payload: { title: 'Big course', price: 0, description: 'd', detailed_description: 'dd', stock_quantity: 5 },
    });
    const product = created.json<Product>();
    const upload = await t.request({
      method: 'POST',
      url: `/api/admin/products/${product.id}/files`,
      token,
      ...multipart([{ name: 'file', filename: 'big.zip', data: randomBytes(size) }]),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const ordered = await t.request({
      method: 'POST',
      url: '/api/orders',
      payload: {
        items: [{ product_id: product.id, quantity: 1 }],
        invoice_data: { email: 'cut@example.com', name: 'Cut', address: '1 Road', city: 'Leeds', country: 'UK' },
      },
    });
    const order = ordered.json<Order>();
    const shown = await t.request({ method: 'GET', url: `/api/guest/orders/${order.id}`, query: { token: order.access_token! } });
    const link = shown.json<Order>().items[0]!.downloads![0]!.url;

    // A buyer whose connection drops after the first chunk, while the server still has most of the file to send.
    const { port } = t.app.server.address() as { port: number };
    await new Promise<void>((resolve, reject) => {
      const request = http.get({ host: '127.0.0.1', port, path: link }, (response) => {
        expect(response.statusCode).toBe(200);
        response.once('data', () => {
          request.destroy();
          resolve();
        });
      });
      request.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? resolve() : reject(error)));
    });
    await expect.poll(openStoredFiles, { timeout: 5_000 }).toEqual([]);
    const sent = async () =>
      (await t.request({ method: 'GET', url: `/api/admin/orders/${order.id}/delivery-log`, token }))
        .json<DeliveryLog>()
        .events.find((event) => event.kind === 'download')?.bytes_sent;
    await expect.poll(sent).toBeGreaterThan(0);
    expect(await sent()).toBeLessThan(size);
  });
});

/** A free product with one file of `data`, ordered by a guest: the order (with its access token) and the download link. */
async function freeDownload(t: TestApp, data: Buffer) {
  const token = await t.adminToken();
  const created = await t.request({
    method: 'POST',
    url: '/api/admin/products',
    token,
    payload: { title: `Course ${randomUUID().slice(0, 8)}`, price: 0, description: 'd', detailed_description: 'dd', stock_quantity: 5 },
  });
  expect(created.statusCode, created.body).toBe(201);
  const product = created.json<Product>();
  const upload = await t.request({
    method: 'POST',
    url: `/api/admin/products/${product.id}/files`,
    token,
    ...multipart([{ name: 'file', filename: 'course.zip', data }]),
  });
  expect(upload.statusCode, upload.body).toBe(201);
  const ordered = await t.request({
    method: 'POST',
    url: '/api/orders',
    payload: {
      items: [{ product_id: product.id, quantity: 1 }],
      invoice_data: { email: 'resume@example.com', name: 'Resume', address: '1 Road', city: 'Leeds', country: 'UK' },
    },
  });
  expect(ordered.statusCode, ordered.body).toBe(201);
  const order = ordered.json<Order>();
  const file = upload.json<ProductFile>();
  const shownFile = async () =>
    (await t.request({ method: 'GET', url: `/api/guest/orders/${order.id}`, query: { token: order.access_token! } })).json<Order>().items[0]!
      .downloads![0]!;
  return { order, file, url: (await shownFile()).url, shownFile };
}

/** The address of a test app listening on a free port. */
const addressOf = (t: TestApp) => `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;

describe('downloads cut off and resumed, over real sockets', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ MAX_DELIVERABLE_BYTES: String(64 * 1024 * 1024), AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t?.close());

  const unsettled = async (orderId: string) =>
    (
      await t.app.db
        .selectFrom('delivery_events')
        .select('id')
        .where('order_id', '=', orderId)
        .where('kind', '=', 'download')
        .where('bytes_sent', 'is', null)
        .where('bytes_reserved', '>', '0')
        .execute()
    ).length;

  it('counts a parallel download cut off and resumed, as aria2c -x4 -c fetches it, as one download', async () => {
    // Larger than the socket buffers of loopback, so a connection dropped early has not sent the whole file.
    const size = 48 * 1024 * 1024;
    const data = randomBytes(size);
    const { order, url, file, shownFile } = await freeDownload(t, data);
    const link = new URL(url, addressOf(t));
    const quarter = size / 4;
    const assembled = Buffer.alloc(size);
    const filled: [number, number][] = [];
    const keep = (start: number, body: Buffer) => {
      body.copy(assembled, start);
      filled.push([start, start + body.length]);
    };
    const ask = async (start: number, end: number | null, cutAfter?: number) => {
      const answer = await overSocket(link, {
        headers: start === 0 && end === null ? {} : { range: `bytes=${start}-${end ?? ''}` },
        ...(cutAfter === undefined ? {} : { cutAfter }),
      });
      expect(answer.status).toBe(start === 0 && end === null ? 200 : 206);
      keep(start, answer.body);
      return answer.body.length;
    };

    // First run: the first connection asks for the whole file, three more for the other quarters; two of the
    // four are cut off half-way (the run is interrupted).
    const [, secondGot] = await Promise.all([
      ask(0, null, quarter / 2),
      ask(quarter, 2 * quarter - 1, quarter / 2),
      ask(2 * quarter, 3 * quarter - 1),
      ask(3 * quarter, size - 1),
    ]);
    // Resumed (-c): the first connection asks for the whole file again and is dropped once it has its quarter;
    // another fetches the rest of the second quarter.
    await Promise.all([ask(0, null, quarter), ask(quarter + secondGot, 2 * quarter - 1)]);
    expect(createHash('sha256').update(assembled).digest('hex')).toBe(file.sha256);
    await expect.poll(() => unsettled(order.id)).toBe(0);
    expect((await shownFile()).download_count).toBe(1);
  });

  it('gives back the reservation of an answer that never ended (its instance stopped) once no answer could still run', async () => {
    const data = randomBytes(64 * 1024);
    const { order, file, shownFile } = await freeDownload(t, data);
    const target = { ledger: { kind: 'order_line' as const, orderId: order.id, itemId: order.items[0]!.id }, fileId: file.id, size: data.length };
    const requester = { ip: '198.51.100.9', userAgent: 'Stopped/1.0' };
    // Two answers that reserved a whole copy each and never settled, as an instance killed mid-answer leaves them.
    const stale = await reserveDownload(t.app.db, { target, offset: 0, length: data.length, settledAtOnce: false, requester, range: null });
    const recent = await reserveDownload(t.app.db, { target, offset: 0, length: data.length, settledAtOnce: false, requester, range: null });
    expect(stale).not.toBeNull();
    await t.app.db
      .updateTable('delivery_events')
      .set({ at: new Date(Date.now() - (ANSWER_MAX_SECONDS + 3601) * 1000) })
      .where('id', '=', stale!)
      .execute();
    expect((await shownFile()).download_count).toBe(2);

    await releaseStaleDownloads(t.app);
    expect((await shownFile()).download_count).toBe(1);
    const line = await t.app.db.selectFrom('order_item_files').select(['bytes_reserved', 'whole_in_flight']).where('file_id', '=', file.id).executeTakeFirstOrThrow();
    expect(line).toEqual({ bytes_reserved: String(data.length), whole_in_flight: 1 });
    // The younger answer may still be running; when it ends, it settles as any other.
    await settleDownload(t.app.db, recent!, data.length);
    expect((await shownFile()).download_count).toBe(1);
    const settledLine = await t.app.db.selectFrom('order_item_files').select(['bytes_reserved', 'bytes_sent', 'copies_done']).where('file_id', '=', file.id).executeTakeFirstOrThrow();
    expect(settledLine).toEqual({ bytes_reserved: '0', bytes_sent: String(data.length), copies_done: 1 });
  });

  it('stores a user agent sent as raw UTF-8 bytes decoded, and without control or direction characters', async () => {
    const { order, url } = await freeDownload(t, randomBytes(2_000));
    const link = new URL(url, addressOf(t));
    // Node's client writes a header string one byte per character: these strings carry the raw UTF-8 bytes.
    const raw = (text: string) => Buffer.from(text, 'utf8').toString('latin1');
    const readable = await overSocket(link, { headers: { 'user-agent': raw('Navigateur/2.0 (Ünïcödé; 日本語) 🦊') } });
    expect(readable.status).toBe(200);
    const hostile = await overSocket(link, { headers: { 'user-agent': raw('Evil/1.0\t(\u0085next\u009b[31m \u202Egpj.exe)'), range: 'bytes=0-9' } });
    expect(hostile.status).toBe(206);
    const log = (await t.request({ method: 'GET', url: `/api/admin/orders/${order.id}/delivery-log`, token: await t.adminToken() })).json<DeliveryLog>();
    expect(log.events.filter((event) => event.kind === 'download').map((event) => event.user_agent)).toEqual([
      'Navigateur/2.0 (Ünïcödé; 日本語) 🦊',
      'Evil/1.0(next[31m gpj.exe)',
    ]);
  });
});

describe('a download running when the store stops', () => {
  it('is cut and settled before the database closes', async () => {
    const t = await build({ MAX_DELIVERABLE_BYTES: String(64 * 1024 * 1024) });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const size = 32 * 1024 * 1024;
      const { order, url } = await freeDownload(t, randomBytes(size));
      // A client that reads the first chunk and then nothing more: the answer waits on it, still running.
      const started = new Promise<http.ClientRequest>((resolve, reject) => {
        const request = http.get(new URL(url, addressOf(t)), { agent: false }, (response) => {
          response.once('data', () => {
            response.pause();
            resolve(request);
          });
        });
        request.once('error', () => {});
        request.once('timeout', () => reject(new Error('no answer')));
      });
      const client = await started;
      await t.app.close();
      client.destroy();
      const event = await t.database.db
        .selectFrom('delivery_events')
        .select(['bytes_sent', 'bytes_reserved'])
        .where('order_id', '=', order.id)
        .where('kind', '=', 'download')
        .executeTakeFirstOrThrow();
      expect(Number(event.bytes_sent)).toBeGreaterThan(0);
      expect(Number(event.bytes_sent)).toBeLessThan(size);
      const line = await t.database.db.selectFrom('order_item_files').select(['bytes_reserved', 'whole_in_flight', 'bytes_sent']).where('order_item_id', '=', order.items[0]!.id).executeTakeFirstOrThrow();
      expect(line).toEqual({ bytes_reserved: '0', whole_in_flight: 0, bytes_sent: event.bytes_sent });
    } finally {
      await t.close();
    }
  });
});

describe('a download running when the store shuts down (SIGTERM)', () => {
  /** A client that reads the first chunk and then pauses: the answer is in flight. */
  const pausedDownload = (t: TestApp, url: string) =>
    new Promise<{ request: http.ClientRequest; response: http.IncomingMessage; first: number }>((resolve, reject) => {
      const request = http.get(new URL(url, addressOf(t)), { agent: false }, (response) => {
        response.once('data', (chunk: Buffer) => {
          response.pause();
          resolve({ request, response, first: chunk.length });
        });
      });
      request.once('error', reject);
    });

  it('finishes whole before the store closes, when the deadline allows', { timeout: 60_000 }, async () => {
    const t = await build({ MAX_DELIVERABLE_BYTES: String(64 * 1024 * 1024) });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const data = randomBytes(8 * 1024 * 1024);
      const { order, url } = await freeDownload(t, data);
      const { response, first } = await pausedDownload(t, url);
      t.app.lifecycle.beginShutdown(new Date(Date.now() + 30_000));
      const closed = t.app.close();
      // The buyer goes on reading while the store closes.
      let received = first;
      response.on('data', (chunk: Buffer) => (received += chunk.length));
      const ended = new Promise((resolve) => response.once('end', resolve));
      response.resume();
      await ended;
      await closed;
      expect(received).toBe(data.length);
      const line = await t.database.db.selectFrom('order_item_files').select(['bytes_reserved', 'bytes_sent']).where('order_item_id', '=', order.items[0]!.id).executeTakeFirstOrThrow();
      expect(line).toEqual({ bytes_reserved: '0', bytes_sent: String(data.length) });
    } finally {
      await t.close();
    }
  });

  it('is cut shortly before the deadline when the buyer stops reading', { timeout: 60_000 }, async () => {
    const t = await build({ MAX_DELIVERABLE_BYTES: String(64 * 1024 * 1024) });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const size = 32 * 1024 * 1024;
      const { order, url } = await freeDownload(t, randomBytes(size));
      await pausedDownload(t, url);
      // The deadline is 4 s away: downloads are given until 3 s before it, then cut.
      const started = Date.now();
      t.app.lifecycle.beginShutdown(new Date(started + 4000));
      await t.app.close();
      const took = Date.now() - started;
      expect(took).toBeGreaterThanOrEqual(900);
      expect(took).toBeLessThan(3500);
      // Settled before the database closed: what was sent is counted, nothing stays reserved.
      const line = await t.database.db.selectFrom('order_item_files').select(['bytes_reserved', 'bytes_sent']).where('order_item_id', '=', order.items[0]!.id).executeTakeFirstOrThrow();
      expect(line.bytes_reserved).toBe('0');
      expect(Number(line.bytes_sent)).toBeGreaterThan(0);
      expect(Number(line.bytes_sent)).toBeLessThan(size);
    } finally {
      await t.close();
    }
  });
});

describe('generated licence keys', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(async () => t?.close());

  it('generates unique keys from the pattern, stored encrypted, and never runs out of a pool', async () => {
    const token = await t.adminToken();
    const created = await t.request({
      method: 'POST',
      url: '/api/admin/products',
      token,
      payload: {
        title: 'Generated',
        price: 0,
        description: 'd',
        detailed_description: 'd',
        stock_quantity: 100,
        key_mode: 'generated',
        key_pattern: 'GEN-XXXX-XXXX',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const product = created.json<Product>();
    expect(product).toMatchObject({ key_mode: 'generated', key_pattern: 'GEN-XXXX-XXXX' });
    const keys: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      const buyer = await t.registerUser();
      const order = await t.request({
        method: 'POST',
        url: '/api/orders',
        token: buyer.token,
        payload: { items: [{ product_id: product.id, quantity: 3 }] },
      });
      expect(order.statusCode, order.body).toBe(201);
      const line = order.json<Order>().items[0]!;
      expect(line.keys).toHaveLength(3);
      keys.push(...line.keys!);
    }
    for (const key of keys) expect(key).toMatch(/^GEN-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    expect(new Set(keys).size).toBe(keys.length);
    const stored = await t.app.db.selectFrom('license_keys').select('key_value').where('product_id', '=', product.id).execute();
    expect(stored).toHaveLength(15);
    for (const row of stored) for (const key of keys) expect(row.key_value).not.toContain(key);

    const paste = await t.request({
      method: 'POST',
      url: `/api/admin/products/${product.id}/keys`,
      token,
      payload: { keys: 'POOL-KEY-1' },
    });
    expect(paste.statusCode).toBe(409);
  });

  it('refuses a pattern with too few X, and a pooled product still sells out when its pool is empty', async () => {
    const token = await t.adminToken();
    const weak = await t.request({
      method: 'POST',
      url: '/api/admin/products',
      token,
      payload: { title: 'Weak', price: 1, description: 'd', detailed_description: 'd', key_mode: 'generated', key_pattern: 'KV-XXXX' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().detail).toContain('at least 8 X');

    const switched = await t.request({
      method: 'POST',
      url: '/api/admin/products',
      token,
      payload: {
        title: 'Switch',
        price: 0,
        description: 'd',
        detailed_description: 'd',
        stock_quantity: 10,
        key_mode: 'generated',
        key_pattern: 'SW-XXXXXXXX',
      },
    });
    const product = switched.json<Product>();
    const back = await t.request({
      method: 'PUT',
      url: `/api/admin/products/${product.id}`,
      token,
      payload: { title: 'Switch', price: 0, description: 'd', detailed_description: 'd', stock_quantity: 10, key_mode: 'pool' },
    });
    expect(back.json()).toMatchObject({ key_mode: 'pool', key_pattern: null, stock_quantity: 0 });
    const buyer = await t.registerUser();
    const refused = await t.request({
      method: 'POST',
      url: '/api/orders',
      token: buyer.token,
      payload: { items: [{ product_id: product.id, quantity: 1 }] },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('out_of_stock');
  });
});
