import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sendDueWebhooks } from '../src/webhooks/webhooks.ts';
import { build, type TestApp } from './helpers/build.ts';

/*
 * Outgoing webhooks (docs/decisions/057-webhooks.md), against real HTTP receivers on 127.0.0.1: signatures checked
 * with the `standardwebhooks` package (an implementation of the spec that is not ours), events written by the
 * database in the change's transaction (once per change, none for a rolled-back one), exactly one delivery per
 * event and endpoint however many sweeps race, retries with backoff for 3 days, then the endpoint turned off and
 * staff mailed; receivers that fail, time out, redirect, or are private.
 */

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver whose answer each test sets: a status, a redirect, or silence. */
class Receiver {
  readonly received: Received[] = [];
  answer: { status: number; location?: string } | 'silent' = { status: 204 };
  private server!: Server;

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        this.received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        if (this.answer === 'silent') return; // never answers: the store's timeout ends it
        response.writeHead(this.answer.status, this.answer.location ? { location: this.answer.location } : {});
        response.end(this.answer.status >= 400 ? 'receiver is down' : '');
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

let t: TestApp;
let admin: string;
const receivers: Receiver[] = [];
beforeAll(async () => {
  t = await build({ WEBHOOK_TIMEOUT_MS: '400' });
  admin = await t.adminToken();
});
afterAll(async () => {
  await Promise.all(receivers.map((receiver) => receiver.stop()));
  await t.close();
});
afterEach(async () => {
  // Each test starts with no endpoint, so no other test's endpoint receives its events.
  await t.database.db.deleteFrom('webhook_endpoints').execute();
});

async function receiver(): Promise<Receiver> {
  const started = await new Receiver().start();
  receivers.push(started);
  return started;
}

async function addEndpoint(url: string, events: string[], on: TestApp = t, token = admin) {
  const response = await on.request({ method: 'POST', url: '/api/admin/webhooks', token, payload: { url, events, description: 'test' } });
  if (response.statusCode !== 201) throw new Error(`add endpoint: ${response.statusCode} ${response.body}`);
  return response.json<{ endpoint: { id: string }; secret: string }>();
}

/** An unpaid guest order for a new product: what the tests move to paid, refunded and disputed. */
async function pendingOrder(): Promise<string> {
  const product = await t.request({
    method: 'POST',
    url: '/api/admin/products',
    token: admin,
    payload: { title: `Hooked ${Math.random().toString(36).slice(2)}`, price: 15, description: 'd', detailed_description: 'dd', stock_quantity: 100 },
  });
  const order = await t.request({
    method: 'POST',
    url: '/api/orders',
    payload: {
      items: [{ product_id: product.json().id, quantity: 1 }],
      invoice_data: { email: 'buyer@example.com', name: 'Ada Buyer', address: '1 Main St', city: 'Springfield', country: 'US' },
    },
  });
  expect(order.statusCode).toBe(201);
  return order.json<{ id: string }>().id;
}

const setStatus = (orderId: string, status: string) => t.database.db.updateTable('orders').set({ status: status as never }).where('id', '=', orderId).execute();
const deliveriesOf = (endpointId: string) => t.database.db.selectFrom('webhook_deliveries').selectAll().where('endpoint_id', '=', endpointId).execute();

describe('registering an endpoint', () => {
  it('answers its signing secret once; the list and the audit trail never show it', async () => {
    const { endpoint, secret } = await addEndpoint('https://crm.example.com/hooks', ['order.paid']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const list = await t.request({ method: 'GET', url: '/api/admin/webhooks', token: admin });
    expect(list.body).not.toContain(secret.slice(10));
    expect(list.json().endpoints[0]).toMatchObject({ id: endpoint.id, url: 'https://crm.example.com/hooks', events: ['order.paid'], enabled: true, secret_prefix: secret.slice(0, 10) });
    const row = await t.database.db.selectFrom('webhook_endpoints').select('secret').where('id', '=', endpoint.id).executeTakeFirstOrThrow();
    expect(row.secret).not.toContain(secret.slice(6));
    const trail = await t.request({ method: 'GET', url: `/api/admin/audit?target_id=${endpoint.id}`, token: admin });
    expect(trail.body).not.toContain(secret.slice(6));
  });

  it('refuses an address that is not http(s), carries a password, or (private hosts not allowed) is private', async () => {
    for (const url of ['ftp://example.com/x', 'javascript:alert(1)', 'https://user:pass@example.com/x', 'not a url']) {
      const response = await t.request({ method: 'POST', url: '/api/admin/webhooks', token: admin, payload: { url, events: ['order.paid'] } });
      expect(response.statusCode, url).toBe(400);
    }
    const strict = await build({ WEBHOOK_ALLOW_PRIVATE_HOSTS: 'false' });
    try {
      const token = await strict.adminToken();
      for (const url of ['http://127.0.0.1:9/x', 'http://localhost/x', 'http://169.254.169.254/latest/meta-data', 'http://[::1]/x', 'http://10.1.2.3/x']) {
        const response = await strict.request({ method: 'POST', url: '/api/admin/webhooks', token, payload: { url, events: ['order.paid'] } });
        expect(response.statusCode, url).toBe(400);
        expect(response.json().code, url).toBe('webhook_url_not_allowed');
      }
    } finally {
      await strict.close();
    }
  });
});

describe('an order paid', () => {
  it('is sent signed as Standard Webhooks specifies: an independent implementation verifies it', async () => {
    const hook = await receiver();
    const { endpoint, secret } = await addEndpoint(hook.url, ['order.paid']);
    const orderId = await pendingOrder();
    await setStatus(orderId, 'completed');
    expect(await sendDueWebhooks(t.app)).toEqual({ delivered: 1, failed: 0 });

    expect(hook.received).toHaveLength(1);
    const [{ headers, body }] = hook.received as [Received];
    const verified = new Webhook(secret).verify(body, {
      'webhook-id': String(headers['webhook-id']),
      'webhook-timestamp': String(headers['webhook-timestamp']),
      'webhook-signature': String(headers['webhook-signature']),
    }) as { id: string; type: string; data: { id: string; status: string } };
    expect(verified).toMatchObject({ id: headers['webhook-id'], type: 'order.paid', data: { id: orderId, status: 'completed' } });
    expect(headers['content-type']).toBe('application/json');
    // A forged body, or another secret, does not verify.
    expect(() => new Webhook(secret).verify(body.replace('order.paid', 'order.refunded'), headers as Record<string, string>)).toThrow();
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(body, headers as Record<string, string>)).toThrow();
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 1, last_status_code: 204 });
  });

  it('is one event per change: a replayed payment, a status written twice, two racing sweeps send once; a rolled-back change sends nothing', async () => {
    const first = await receiver();
    const second = await receiver();
    const a = await addEndpoint(first.url, ['order.paid', 'order.refunded']);
    const b = await addEndpoint(second.url, ['order.paid']);
    const orderId = await pendingOrder();
    await setStatus(orderId, 'paid');
    await setStatus(orderId, 'completed'); // paid → completed is the same payment
    await setStatus(orderId, 'completed');
    // A change rolled back writes no event.
    const rolledBack = await pendingOrder();
    await t.database.db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('orders').set({ status: 'completed' }).where('id', '=', rolledBack).execute();
        throw new Error('rolled back');
      })
      .catch(() => {});
    const results = await Promise.all([sendDueWebhooks(t.app), sendDueWebhooks(t.app), sendDueWebhooks(t.app)]);
    expect(results.reduce((sum, result) => sum + result.delivered, 0)).toBe(2);
    expect(first.received.map((hit) => JSON.parse(hit.body).data.id)).toEqual([orderId]);
    expect(second.received.map((hit) => JSON.parse(hit.body).data.id)).toEqual([orderId]);
    // The same event, the same id and body, at both endpoints.
    expect(first.received[0]!.headers['webhook-id']).toBe(second.received[0]!.headers['webhook-id']);
    expect(first.received[0]!.body).toBe(second.received[0]!.body);
    // Refunded, then disputed: each its own event, to the endpoints that asked for it.
    await setStatus(orderId, 'refunded');
    await t.database.db.updateTable('orders').set({ dispute_id: 'PP-D-1' }).where('id', '=', orderId).execute();
    await sendDueWebhooks(t.app);
    expect(first.received.map((hit) => JSON.parse(hit.body).type)).toEqual(['order.paid', 'order.refunded']);
    expect(second.received).toHaveLength(1);
    expect(await deliveriesOf(a.endpoint.id)).toHaveLength(2);
    expect(await deliveriesOf(b.endpoint.id)).toHaveLength(1);
  });

  it('writes no event at all while no endpoint wants it', async () => {
    const before = await t.database.db.selectFrom('webhook_events').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    const orderId = await pendingOrder();
    await setStatus(orderId, 'completed');
    const after = await t.database.db.selectFrom('webhook_events').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});

describe('licences and reviews', () => {
  it('a key activated and deactivated, and a review written, are each an event with the object', async () => {
    const hook = await receiver();
    const { secret } = await addEndpoint(hook.url, ['license.activated', 'license.deactivated', 'review.created']);
    const product = await t.request({
      method: 'POST',
      url: '/api/admin/products',
      token: admin,
      payload: { title: 'Hooked licence', price: 20, description: 'd', detailed_description: 'dd', stock_quantity: 0, max_activations: 3 },
    });
    const productId = product.json<{ id: string }>().id;
    expect((await t.request({ method: 'POST', url: `/api/admin/products/${productId}/keys`, token: admin, payload: { keys: ['HOOK-0001-AAAA'] } })).statusCode).toBeLessThan(300);
    const key = await t.database.db.selectFrom('license_keys').select('id').where('product_id', '=', productId).executeTakeFirstOrThrow();
    await t.database.db.insertInto('license_activations').values({ license_key_id: key.id, instance: 'studio-laptop' }).execute();
    await sendDueWebhooks(t.app);
    await t.database.db.deleteFrom('license_activations').where('license_key_id', '=', key.id).execute();
    const { user } = await t.registerUser();
    const review = await t.database.db.insertInto('product_reviews').values({ product_id: productId, user_id: user.id, rating: 5, body: 'Works well' }).returning('id').executeTakeFirstOrThrow();
    await sendDueWebhooks(t.app);

    const bodies = hook.received.map((hit) => new Webhook(secret).verify(hit.body, hit.headers as Record<string, string>) as { type: string; data: Record<string, unknown> });
    // Deliveries due together are sent side by side: they arrive in any order.
    expect(bodies.map((body) => body.type).sort()).toEqual(['license.activated', 'license.deactivated', 'review.created']);
    const of = (type: string) => bodies.find((body) => body.type === type)!.data;
    expect(of('license.activated')).toMatchObject({ key_id: key.id, key: 'HOOK-0001-AAAA', product_id: productId, instance: 'studio-laptop', activations: 1, max_activations: 3 });
    expect(of('license.deactivated')).toMatchObject({ key_id: key.id, instance: 'studio-laptop', activations: 0 });
    expect(of('review.created')).toMatchObject({ id: review.id, product_id: productId, user_id: user.id, rating: 5, body: 'Works well' });
  });
});

describe('subscriptions', () => {
  it('each move to active, past due, suspended, cancelled or expired is an event; other writes are not', async () => {
    const hook = await receiver();
    await addEndpoint(hook.url, ['subscription.activated', 'subscription.past_due', 'subscription.cancelled', 'subscription.expired']);
    const product = await t.request({ method: 'POST', url: '/api/admin/products', token: admin, payload: { title: 'Hooked plan', price: 9, description: 'd', detailed_description: 'dd' } });
    const productId = product.json<{ id: string }>().id;
    const { user } = await t.registerUser();
    const plan = await sql<{ id: string }>`INSERT INTO paypal_plans (paypal_account, product_id, price_cents, currency, billing_interval, trial_days, paypal_plan_id)
      VALUES ('test', ${productId}, 900, 'USD', 'month', 0, ${`P-${productId}`}) RETURNING id`.execute(t.database.db);
    const subscription = await sql<{ id: string }>`INSERT INTO subscriptions (user_id, product_id, plan_id, title, price_cents, currency, billing_interval, trial_days)
      VALUES (${user.id}, ${productId}, ${plan.rows[0]!.id}, 'Hooked plan', 900, 'USD', 'month', 0) RETURNING id`.execute(t.database.db);
    const id = subscription.rows[0]!.id;
    const move = (status: string) => sql`UPDATE subscriptions SET status = ${status} WHERE id = ${id}`.execute(t.database.db);
    await move('active');
    await sql`UPDATE subscriptions SET failed_payments_count = 1 WHERE id = ${id}`.execute(t.database.db); // not a move
    await move('past_due');
    await move('suspended'); // not asked for by this endpoint
    await move('active');
    await move('cancelled');
    await move('expired');
    await sendDueWebhooks(t.app);
    const bodies = hook.received.map((hit) => JSON.parse(hit.body) as { type: string; data: { id: string; status: string; price: number } });
    expect(bodies.map((body) => body.type).sort()).toEqual(
      ['subscription.activated', 'subscription.past_due', 'subscription.activated', 'subscription.cancelled', 'subscription.expired'].sort(),
    );
    // The body is written at the first delivery: the subscription as it is then.
    expect(bodies.every((body) => body.data.id === id && body.data.price === 9)).toBe(true);
  });
});

describe('a receiver that fails', () => {
  it('is retried with backoff (5 s, 5 min, 30 min …) and, 3 days on, the delivery fails, the endpoint is turned off and staff are mailed', async () => {
    const hook = await receiver();
    hook.answer = { status: 500 };
    const { endpoint } = await addEndpoint(hook.url, ['order.paid']);
    const orderId = await pendingOrder();
    await setStatus(orderId, 'completed');
    // A second ahead: the row's time is the database's, in microseconds, and may be later than this millisecond.
    const start = Date.now() + 1_000;
    expect(await sendDueWebhooks(t.app, {}, new Date(start))).toEqual({ delivered: 0, failed: 1 });
    let [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, last_status_code: 500, last_error: 'answered 500: receiver is down' });
    expect(delivery!.next_attempt_at.getTime() - start).toBe(5_000);
    // Not due yet: nothing is sent.
    expect(await sendDueWebhooks(t.app, {}, new Date(start + 4_000))).toEqual({ delivered: 0, failed: 0 });
    await sendDueWebhooks(t.app, {}, new Date(start + 5_000));
    [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery!.next_attempt_at.getTime() - (start + 5_000)).toBe(5 * 60_000);
    await sendDueWebhooks(t.app, {}, new Date(start + 5_000 + 5 * 60_000));
    [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery!.attempts).toBe(3);
    // Three days after the event: the last attempt fails for good.
    const late = new Date(Date.now() + 73 * 3600_000);
    await t.database.db.updateTable('webhook_deliveries').set({ next_attempt_at: late }).where('id', '=', delivery!.id).execute();
    await sendDueWebhooks(t.app, {}, late);
    [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 4 });
    const row = await t.database.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', endpoint.id).executeTakeFirstOrThrow();
    expect(row.enabled).toBe(false);
    expect(row.disabled_reason).toMatch(/^Deliveries failed for 3 days; the last: answered 500/);
    const mail = await t.database.db.selectFrom('mail_outbox').selectAll().where('kind', '=', 'webhook_disabled').execute();
    expect(mail.map((message) => message.recipient)).toContain('admin@example.com');
    expect(mail[0]!.text_body).toContain(hook.url);
    // Turned off: a new paid order is not queued for it; turning it on again clears the reason.
    await setStatus(await pendingOrder(), 'completed');
    expect(await deliveriesOf(endpoint.id)).toHaveLength(1);
    const on = await t.request({ method: 'PUT', url: `/api/admin/webhooks/${endpoint.id}`, token: admin, payload: { url: hook.url, events: ['order.paid'], enabled: true } });
    expect(on.json()).toMatchObject({ enabled: true, disabled_reason: null });
  });

  it('that redirects is a failed delivery: the redirect is not followed', async () => {
    const elsewhere = await receiver();
    const hook = await receiver();
    hook.answer = { status: 302, location: elsewhere.url };
    const { endpoint } = await addEndpoint(hook.url, ['order.paid']);
    await setStatus(await pendingOrder(), 'completed');
    await sendDueWebhooks(t.app);
    expect(elsewhere.received).toHaveLength(0);
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ status: 'pending', last_status_code: 302 });
    expect(delivery!.last_error).toMatch(/redirects are not followed/);
  });

  it('that does not answer is cut off at the timeout', async () => {
    const hook = await receiver();
    hook.answer = 'silent';
    const { endpoint } = await addEndpoint(hook.url, ['order.paid']);
    await setStatus(await pendingOrder(), 'completed');
    const started = performance.now();
    await sendDueWebhooks(t.app);
    expect(performance.now() - started).toBeLessThan(3_000);
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ status: 'pending', last_status_code: null, last_error: 'no answer within 0.4 s' });
  });

  it('that is private is never reached unless the operator allows it, whatever the stored address', async () => {
    const strict = await build({ WEBHOOK_ALLOW_PRIVATE_HOSTS: 'false' });
    try {
      const hook = await receiver();
      // Stored when private addresses were allowed (or a name that now points inside): checked again at each delivery.
      const token = await strict.adminToken();
      const { id: userId } = await strict.database.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
      const endpoint = await strict.database.db
        .insertInto('webhook_endpoints')
        .values({ url: hook.url, events: ['webhook.test'], secret: strict.app.dataCipher.encrypt('whsec_AAAA', 'webhook_endpoints.secret'), secret_prefix: 'whsec_AAAA', created_by: userId })
        .returning('id')
        .executeTakeFirstOrThrow();
      const test = await strict.request({ method: 'POST', url: `/api/admin/webhooks/${endpoint.id}/test`, token });
      expect(test.statusCode).toBe(200);
      expect(test.json()).toMatchObject({ status: 'failed', last_status_code: null, last_error: expect.stringMatching(/private, loopback or link-local/) });
      expect(hook.received).toHaveLength(0);
    } finally {
      await strict.close();
    }
  });
});

describe('staff’s tools', () => {
  it('send a test event, list deliveries, and resend one with the same id and body', async () => {
    const hook = await receiver();
    const { endpoint, secret } = await addEndpoint(hook.url, ['order.paid']);
    const test = await t.request({ method: 'POST', url: `/api/admin/webhooks/${endpoint.id}/test`, token: admin });
    expect(test.json()).toMatchObject({ status: 'delivered', event_type: 'webhook.test', last_status_code: 204, attempts: 1 });
    expect(JSON.parse(hook.received[0]!.body)).toMatchObject({ type: 'webhook.test', data: { endpoint_id: endpoint.id } });
    expect(() => new Webhook(secret).verify(hook.received[0]!.body, hook.received[0]!.headers as Record<string, string>)).not.toThrow();

    const resent = await t.request({ method: 'POST', url: `/api/admin/webhooks/${endpoint.id}/deliveries/${test.json().id}/resend`, token: admin });
    expect(resent.json()).toMatchObject({ status: 'delivered', attempts: 2 });
    expect(hook.received).toHaveLength(2);
    expect(hook.received[1]!.headers['webhook-id']).toBe(hook.received[0]!.headers['webhook-id']);
    expect(hook.received[1]!.body).toBe(hook.received[0]!.body);

    const list = await t.request({ method: 'GET', url: `/api/admin/webhooks/${endpoint.id}/deliveries`, token: admin });
    expect(list.json().deliveries).toEqual([expect.objectContaining({ id: test.json().id, event_id: test.json().event_id, status: 'delivered' })]);
    // Another endpoint's delivery id is not found under this one.
    const other = await addEndpoint(hook.url, ['order.paid']);
    const wrong = await t.request({ method: 'POST', url: `/api/admin/webhooks/${other.endpoint.id}/deliveries/${test.json().id}/resend`, token: admin });
    expect(wrong.json().code).toBe('webhook_not_found');
  });

  it('a test event or a resend is sent by its request once, however many sweeps run meanwhile', async () => {
    const hook = await receiver();
    const { endpoint } = await addEndpoint(hook.url, ['order.paid']);
    for (let round = 0; round < 5; round += 1) {
      const sweeps = () => Promise.all([sendDueWebhooks(t.app), sendDueWebhooks(t.app), sendDueWebhooks(t.app)]);
      const [test] = await Promise.all([t.request({ method: 'POST', url: `/api/admin/webhooks/${endpoint.id}/test`, token: admin }), sweeps(), sweeps()]);
      expect(test.json().status, test.body).toBe('delivered');
      const [resent] = await Promise.all([
        t.request({ method: 'POST', url: `/api/admin/webhooks/${endpoint.id}/deliveries/${test.json().id}/resend`, token: admin }),
        sweeps(),
      ]);
      expect(resent.json()).toMatchObject({ status: 'delivered', attempts: 2 });
    }
    await sendDueWebhooks(t.app);
    expect(hook.received).toHaveLength(10);
  });

  it('removing an endpoint stops its deliveries; an API key needs webhooks:write', async () => {
    const hook = await receiver();
    const { endpoint } = await addEndpoint(hook.url, ['order.paid']);
    await setStatus(await pendingOrder(), 'completed');
    expect((await t.request({ method: 'DELETE', url: `/api/admin/webhooks/${endpoint.id}`, token: admin })).statusCode).toBe(204);
    await sendDueWebhooks(t.app);
    expect(hook.received).toHaveLength(0);
    const key = await t.request({ method: 'POST', url: '/api/admin/api-keys', token: admin, payload: { name: 'Hooks', scopes: ['orders:read'] } });
    const refused = await t.request({ method: 'GET', url: '/api/admin/webhooks', headers: { authorization: `Bearer ${key.json().secret}` } });
    expect(refused.json().code).toBe('api_key_scope_missing');
  });
});
