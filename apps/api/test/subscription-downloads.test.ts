import { createHash, randomBytes } from 'node:crypto';
import { startPaymentSandbox, type RunningPaymentSandbox } from '@store/payment-sandbox';
import type { OrderDownload, ProductFile, Subscription } from '@store/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { releaseStaleReservations, reserveDownload } from '../src/delivery/download-allowance.ts';
import { downloadUrl } from '../src/delivery/downloads.ts';
import { LOCAL_WEBHOOK_ID } from '../src/payments/payment-service.ts';
import { setStoreClock } from '../src/subscriptions/clock.ts';
import { subscriptionDownloadUrl } from '../src/subscriptions/subscription-downloads.ts';
import { cancelSubscription, expireEndedSubscriptions } from '../src/subscriptions/subscription-service.ts';
import { build, type TestApp } from './helpers/build.ts';
import { subscriptionHelpers } from './helpers/subscriptions.ts';
import { waitFor } from './helpers/wait-for.ts';

/*
 * A subscription's downloads (docs/decisions/041-subscription-downloads.md), through the payment sandbox as
 * subscriptions.test.ts runs them: the product's current files while the subscription gives access (the rule
 * of its key), each paid period with its own limit, the cap of decision 035 over parallel ranges, and links
 * that neither another subscription nor an order download's signature opens.
 */

let t: TestApp;
let sandbox: RunningPaymentSandbox;
/** The store on a free port, for downloads over real sockets. */
let base: string;

beforeAll(async () => {
  sandbox = await startPaymentSandbox();
  // Each test registers its own shoppers: more than the sign-up limit of a minute.
  t = await build({ PAYPAL_API_URL: sandbox.url, AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  sandbox.state.webhooks.set(LOCAL_WEBHOOK_ID, { id: LOCAL_WEBHOOK_ID, url: `${base}/api/paypal/webhook`, eventTypes: ['*'] });
  setStoreClock(t.app, () => new Date(sandbox.state.now()));
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
});
beforeEach(() => {
  sandbox.state.autoDeliver = true;
});

const { subscriptionProduct, subscribe, mine, approvedSubscription, daysPast, failNextPayment } = subscriptionHelpers(
  () => t,
  () => sandbox,
);

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function uploadFile(productId: string, data: Buffer, filename: string): Promise<ProductFile> {
  const boundary = `----subscription${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await t.request({
    method: 'POST',
    url: `/api/admin/products/${productId}/files`,
    token: await t.adminToken(),
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ProductFile>();
}

/** A subscription product carrying one file, with the product settings given. */
async function productWithFile(data: Buffer, overrides: Record<string, unknown> = {}) {
  const product = await subscriptionProduct(overrides);
  const file = await uploadFile(product.id, data, 'writer.zip');
  return { product, file };
}

async function fetchDownload(url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') {
  const response = await t.request({ method, url, headers });
  return { status: response.statusCode, body: response.rawPayload, json: () => response.json<{ code: string; detail: string }>(), headers: response.headers };
}

/** Resolves once every download answer of the subscription has ended and been settled. */
async function settled(subscriptionId: string): Promise<void> {
  const unsettled = async () =>
    (
      await t.app.db
        .selectFrom('delivery_events')
        .select('id')
        .where('subscription_id', '=', subscriptionId)
        .where('bytes_sent', 'is', null)
        .execute()
    ).length;
  await expect.poll(unsettled).toBe(0);
}

const onlyFile = (subscription: Subscription): OrderDownload => {
  expect(subscription.downloads).toHaveLength(1);
  return subscription.downloads[0]!;
};

async function expectRefused(url: string, status: number, code: string): Promise<string> {
  const answer = await fetchDownload(url);
  expect(answer.status, answer.body.toString()).toBe(status);
  expect(answer.headers['content-disposition']).toBeUndefined();
  expect(answer.json().code).toBe(code);
  return answer.json().detail;
}

describe('while the subscription gives access', () => {
  it('lists the product’s file with a signed link and a count, serves its bytes and logs the download against the subscription', async () => {
    const data = randomBytes(50_000);
    const { product, file } = await productWithFile(data, { download_limit: 3 });
    const { token, id } = await approvedSubscription(product.id);
    const shown = onlyFile(await mine(token, id));
    expect(shown).toMatchObject({ file_id: file.id, name: 'writer.zip', size: data.length, download_count: 0, download_limit: 3 });
    expect(shown.url).toMatch(new RegExp(`^/api/subscriptions/${id}/downloads/${file.id}\\?expires=\\d+&signature=[A-Za-z0-9_-]{43}$`));
    // The list of the account's subscriptions carries the same.
    const listed = (await t.request({ method: 'GET', url: '/api/subscriptions', token })).json<{ subscriptions: Subscription[] }>();
    expect(listed.subscriptions[0]!.downloads.map((download) => download.file_id)).toEqual([file.id]);
    // Staff's view carries no download links, as an order's details for staff carry none.
    const staff = await t.request({ method: 'GET', url: `/api/admin/subscriptions/${id}`, token: await t.adminToken() });
    expect(staff.statusCode, staff.body).toBe(200);
    expect(staff.json<Subscription>().downloads).toEqual([]);

    const head = await fetchDownload(shown.url, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(data.length));
    const whole = await fetchDownload(shown.url);
    expect(whole.status).toBe(200);
    expect(sha256(whole.body)).toBe(sha256(data));
    expect(whole.headers.etag).toBe(`"${file.sha256}"`);
    expect(whole.headers['content-disposition']).toContain('writer.zip');
    await settled(id);
    expect(onlyFile(await mine(token, id)).download_count).toBe(1);

    const events = await t.app.db.selectFrom('delivery_events').selectAll().where('subscription_id', '=', id).execute();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ kind: 'download', order_id: null, order_item_id: null, file_id: file.id, bytes_sent: String(data.length) });
  });

  it('counts a trial as access', async () => {
    const data = randomBytes(2_000);
    const { product } = await productWithFile(data, { trial_days: 7 });
    const { token, id } = await approvedSubscription(product.id);
    const subscription = await mine(token, id);
    expect(subscription.trial_ends_at).not.toBeNull();
    const answer = await fetchDownload(onlyFile(subscription).url);
    expect(answer.status).toBe(200);
    expect(answer.body.equals(data)).toBe(true);
  });

  it('lists the product’s current files: one added later appears, one removed disappears and its link stops', async () => {
    const first = randomBytes(1_000);
    const { product, file } = await productWithFile(first);
    const { token, id } = await approvedSubscription(product.id);
    const oldLink = onlyFile(await mine(token, id)).url;
    const added = await uploadFile(product.id, randomBytes(3_000), 'templates.zip');
    expect((await mine(token, id)).downloads.map((download) => download.name)).toEqual(['writer.zip', 'templates.zip']);

    const removed = await t.request({ method: 'DELETE', url: `/api/admin/products/${product.id}/files/${file.id}`, token: await t.adminToken() });
    expect(removed.statusCode, removed.body).toBe(204);
    const now = await mine(token, id);
    expect(now.downloads.map((download) => download.file_id)).toEqual([added.id]);
    expect(await expectRefused(oldLink, 404, 'download_not_found')).toContain('no longer part of the product');
    expect((await fetchDownload(now.downloads[0]!.url)).status).toBe(200);
  });

  it('refuses a copy past the period’s limit with download_limit_reached, and a renewal gives the limit again, once for parallel first downloads', async () => {
    const data = randomBytes(20_000);
    const { product } = await productWithFile(data, { download_limit: 2 });
    const { token, id } = await approvedSubscription(product.id);
    const { url } = onlyFile(await mine(token, id));
    for (let copy = 0; copy < 2; copy += 1) expect((await fetchDownload(url)).status).toBe(200);
    await settled(id);
    expect(await expectRefused(url, 403, 'download_limit_reached')).toContain('billing period');
    const before = await mine(token, id);
    expect(onlyFile(before).download_count).toBe(2);

    await sandbox.state.advanceClock(daysPast(before));
    await sandbox.state.deliveriesSettled();
    await waitFor(async () => (await mine(token, id)).current_period_end !== before.current_period_end, 'the renewal');
    // The link given before the renewal works again: the allowance is the subscription's, per period.
    const answers = await Promise.all(Array.from({ length: 6 }, () => fetchDownload(url)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 403, 403, 403, 403]);
    await settled(id);
    const renewed = onlyFile(await mine(token, id));
    expect(renewed).toMatchObject({ download_count: 2, download_limit: 2 });
    const ledger = await t.app.db.selectFrom('subscription_files').selectAll().where('subscription_id', '=', id).executeTakeFirstOrThrow();
    expect(ledger).toMatchObject({ copies_done: 2, whole_in_flight: 0, bytes_reserved: '0', bytes_sent: String(2 * data.length) });
  });

  it('keeps parallel ranges within (limit + 1) × the size, however often they come, over real sockets', async () => {
    const data = randomBytes(80_000);
    const { product } = await productWithFile(data, { download_limit: 1 });
    const { token, id } = await approvedSubscription(product.id);
    const { url } = onlyFile(await mine(token, id));
    const eighth = data.length / 8;
    const segments = () =>
      Promise.all(
        Array.from({ length: 8 }, async (_, index) => {
          const answer = await fetch(new URL(url, base), { headers: { range: `bytes=${index * eighth}-${(index + 1) * eighth - 1}` } });
          return { status: answer.status, body: Buffer.from(await answer.arrayBuffer()) };
        }),
      );
    let received = 0;
    for (let round = 0; round < 3; round += 1) {
      const parts = await segments();
      received += parts.filter((part) => part.status === 206).reduce((sum, part) => sum + part.body.length, 0);
      if (round === 0) {
        expect(parts.map((part) => part.status)).toEqual(Array(8).fill(206));
        expect(sha256(Buffer.concat(parts.map((part) => part.body)))).toBe(sha256(data));
      }
      await settled(id);
    }
    expect(received).toBeLessThanOrEqual(2 * data.length);
    expect(onlyFile(await mine(token, id)).download_count).toBe(1);
    const ledger = await t.app.db.selectFrom('subscription_files').selectAll().where('subscription_id', '=', id).executeTakeFirstOrThrow();
    expect(Number(ledger.bytes_sent)).toBeLessThanOrEqual(2 * data.length);
    expect(ledger.bytes_reserved).toBe('0');
    await expectRefused(url, 403, 'download_limit_reached');
  });

  it('gives a stopped instance’s reservation back to the subscription’s allowance', async () => {
    const data = randomBytes(5_000);
    const { product, file } = await productWithFile(data);
    const { token, id } = await approvedSubscription(product.id);
    await mine(token, id);
    const target = { ledger: { kind: 'subscription' as const, subscriptionId: id }, fileId: file.id, size: data.length };
    const requester = { ip: '127.0.0.1', userAgent: 'stopped' };
    expect(await reserveDownload(t.app.db, { target, offset: 0, length: data.length, settledAtOnce: false, requester, range: null })).not.toBeNull();
    const reserved = await t.app.db.selectFrom('subscription_files').selectAll().where('subscription_id', '=', id).executeTakeFirstOrThrow();
    expect(reserved).toMatchObject({ bytes_reserved: String(data.length), whole_in_flight: 1 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await releaseStaleReservations(t.app.db, 0)).toBeGreaterThanOrEqual(1);
    const released = await t.app.db.selectFrom('subscription_files').selectAll().where('subscription_id', '=', id).executeTakeFirstOrThrow();
    expect(released).toMatchObject({ bytes_reserved: '0', whole_in_flight: 0, copies_done: 0 });
  });
});

describe('without access', () => {
  it('lists nothing and refuses the link while the subscription awaits approval', async () => {
    const { product, file } = await productWithFile(randomBytes(1_000));
    const { token } = await t.registerUser();
    const created = (await subscribe(token, product.id)).json<{ id: string }>();
    expect((await mine(token, created.id)).downloads).toEqual([]);
    expect(await expectRefused(subscriptionDownloadUrl(t.app, created.id, file.id), 403, 'subscription_inactive')).toContain('not active yet');
  });

  it('stops while suspended, and works again once a later payment goes through', async () => {
    const data = randomBytes(4_000);
    const { product } = await productWithFile(data);
    const { token, id, paypalId } = await approvedSubscription(product.id);
    const { url } = onlyFile(await mine(token, id));
    await failNextPayment(paypalId);
    await sandbox.state.advanceClock(daysPast(await mine(token, id)));
    await sandbox.state.deliveriesSettled();
    // Past due: the grace days still give access, as they do to the key.
    expect((await mine(token, id)).status).toBe('past_due');
    expect((await fetchDownload(url)).status).toBe(200);

    for (let attempt = 0; attempt < 3 && (await mine(token, id)).status !== 'suspended'; attempt += 1) {
      await sandbox.state.advanceClock(31);
      await sandbox.state.deliveriesSettled();
    }
    const suspended = await mine(token, id);
    expect(suspended.status).toBe('suspended');
    expect(suspended.downloads).toEqual([]);
    expect(await expectRefused(url, 403, 'subscription_inactive')).toContain('suspended');

    const paid = await fetch(`${sandbox.url}/myaccount/autopay/connect/${paypalId}/update-payment`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    await waitFor(async () => (await mine(token, id)).status === 'active', 'the reactivation');
    const again = await fetchDownload(url);
    expect(again.status).toBe(200);
    expect(again.body.equals(data)).toBe(true);
  });

  it('works after a cancel to the paid period’s end, then refuses once the store’s clock passes it, and once expired', async () => {
    const { product } = await productWithFile(randomBytes(3_000));
    const { token, id } = await approvedSubscription(product.id);
    const cancelled = (await t.request({ method: 'POST', url: `/api/subscriptions/${id}/cancel`, token })).json<Subscription>();
    expect(cancelled.status).toBe('cancelled');
    const { url } = onlyFile(cancelled);
    expect((await fetchDownload(url)).status).toBe(200);

    await sandbox.state.advanceClock(daysPast(cancelled));
    await sandbox.state.deliveriesSettled();
    // Still `cancelled` until the sweep runs: the clock alone ends the access.
    const ended = await mine(token, id);
    expect(ended.status).toBe('cancelled');
    expect(ended.downloads).toEqual([]);
    expect(await expectRefused(url, 403, 'subscription_inactive')).toContain('ended');
    expect(await expireEndedSubscriptions(t.app)).toBeGreaterThanOrEqual(1);
    expect((await mine(token, id)).status).toBe('expired');
    await expectRefused(url, 403, 'subscription_inactive');
  });

  it('refuses the links of a subscription staff ended at once', async () => {
    const { product } = await productWithFile(randomBytes(1_000));
    const { token, id } = await approvedSubscription(product.id);
    const { url } = onlyFile(await mine(token, id));
    await cancelSubscription(t.app, id, { at: 'now', actor: 'staff' });
    expect((await mine(token, id)).status).toBe('expired');
    await expectRefused(url, 403, 'subscription_inactive');
  });
});

describe('links', () => {
  it('refuses another subscription’s id under a signature, and a forged signature', async () => {
    const { product, file } = await productWithFile(randomBytes(1_000));
    const mineToo = await approvedSubscription(product.id);
    const other = await approvedSubscription(product.id);
    const link = new URL(onlyFile(await mine(mineToo.token, mineToo.id)).url, base);
    const moved = `/api/subscriptions/${other.id}/downloads/${file.id}${link.search}`;
    expect(await expectRefused(moved, 403, 'invalid_download_link')).toContain('invalid or has expired');
    const forged = `${link.pathname}?expires=${link.searchParams.get('expires')}&signature=${'A'.repeat(43)}`;
    await expectRefused(forged, 403, 'invalid_download_link');
    expect((await fetchDownload(`${link.pathname}${link.search}`)).status).toBe(200);
  });

  it('never takes an order download’s signature, nor gives its own to the order path', async () => {
    const { product, file } = await productWithFile(randomBytes(1_000));
    const { token, id } = await approvedSubscription(product.id);
    // An order download link signed over exactly these ids (the same text an order link signs).
    const orderSigned = new URL(downloadUrl(t.app, id, file.id), base);
    await expectRefused(`/api/subscriptions/${id}/downloads/${file.id}${orderSigned.search}`, 403, 'invalid_download_link');
    const own = new URL(onlyFile(await mine(token, id)).url, base);
    await expectRefused(`/api/downloads/${id}/${file.id}${own.search}`, 403, 'invalid_download_link');
  });
});
