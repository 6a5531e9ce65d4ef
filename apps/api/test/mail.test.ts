import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { afterAnswerSettled } from '../src/auth/account-links.ts';
import { MAIL_CONNECTIONS } from '../src/mail/mailer.ts';
import { LATE_AFTER_MINUTES, sendDueMail } from '../src/mail/outbox.ts';
import { RECEIPT_SEND_DAYS } from '../src/orders/receipt.ts';
import { recordSaleRefund } from '../src/payments/refunds.ts';
import { isNonPublicAddress, vetSmtpHost } from '../src/mail/smtp-host-guard.ts';
import { build, type TestApp } from './helpers/build.ts';
import { startSmtpPeer, type SmtpPeer } from './helpers/smtp-peer.ts';

let t: TestApp;
let peer: SmtpPeer;
let admin: string;

beforeAll(async () => {
  [t, peer] = await Promise.all([build({ AUTH_RATE_LIMIT_PER_MINUTE: '100000', SMTP_ALLOW_PRIVATE_HOSTS: 'true' }), startSmtpPeer()]);
  admin = await t.adminToken();
});
afterAll(async () => {
  await t.close();
  await peer.close();
});
beforeEach(() => {
  peer.refuse(null);
  peer.slowDown(0);
});

const configureSmtp = async (overrides: Record<string, unknown> = {}, on: TestApp = t) => {
  const response = await on.request({
    method: 'PUT',
    url: '/api/admin/settings',
    token: await on.adminToken(),
    payload: {
      smtp_host: '127.0.0.1',
      smtp_port: peer.port,
      smtp_use_tls: false,
      smtp_from_email: 'shop@example.com',
      smtp_from_name: 'Test Shop',
      ...overrides,
    },
  });
  expect(response.statusCode).toBe(200);
};

/** Polls until the check answers something, or fails after `ms`. */
async function eventually<T>(check: () => T | undefined | Promise<T | undefined>, what: string, ms = 5_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const receiptsTo = (email: string, at: SmtpPeer = peer) => at.received.filter((mail) => mail.to.includes(email));

/** A delivered guest order: a product with two keys, ordered and confirmed by staff (which queues the receipt). */
async function deliveredOrder(on: TestApp = t): Promise<{ orderId: string; keys: string[]; email: string }> {
  const token = await on.adminToken();
  const created = await on.request({
    method: 'POST',
    url: '/api/admin/products',
    token,
    payload: {
      title: `Mail Product ${randomBytes(3).toString('hex')}`,
      price: 9.5,
      description: 'd',
      detailed_description: 'dd',
      stock_quantity: 0,
    },
  });
  const productId = created.json().id as string;
  const keys = [`MAIL-${randomBytes(4).toString('hex')}`, `MAIL-${randomBytes(4).toString('hex')}`];
  await on.request({ method: 'POST', url: `/api/admin/products/${productId}/keys`, token, payload: { keys: keys.join('\n') } });
  const email = `buyer-${randomBytes(3).toString('hex')}@example.com`;
  const order = await on.request({
    method: 'POST',
    url: '/api/orders',
    payload: {
      items: [{ product_id: productId, quantity: 2 }],
      invoice_data: { email, name: 'Mail Buyer', address: '1 Road', city: 'Leeds', country: 'UK' },
    },
  });
  const orderId = order.json().id as string;
  const confirmed = await on.request({ method: 'PATCH', url: `/api/admin/orders/${orderId}/status?status=confirmed`, token });
  expect(confirmed.json().status).toBe('completed');
  return { orderId, keys, email };
}

const outboxRow = (orderId: string, on: TestApp = t) =>
  on.app.db.selectFrom('mail_outbox').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();

/** A TCP server on loopback that runs `onSocket` for each connection (a service that is not a mail server). */
async function startTcpService(onSocket: (socket: Socket) => void): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
    onSocket(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

describe('the SMTP host guard', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.254',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fe80::1',
    'fd00::25',
    'fc12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:a9fe:a9fe',
    '::ffff:10.0.0.1',
    '64:ff9b::a00:1',
    '2002:c0a8:0101::1',
  ])('treats %s as not public', (address) => {
    expect(isNonPublicAddress(address)).toBe(true);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:93.184.216.34', '64:ff9b::808:808'])(
    'treats %s as public',
    (address) => {
      expect(isNonPublicAddress(address)).toBe(false);
    },
  );

  it('refuses a name when any of its addresses is private, and answers the IPv4 address of a public one', async () => {
    const resolveTo = (addresses: string[]) => async () => addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    await expect(vetSmtpHost('mail.example.com', false, resolveTo(['93.184.216.34', '10.0.0.5']))).rejects.toMatchObject({
      status: 400,
      code: 'smtp_host_not_allowed',
    });
    await expect(vetSmtpHost('mail.example.com', false, resolveTo(['2606:4700::1', '93.184.216.34']))).resolves.toEqual({
      address: '93.184.216.34',
      servername: 'mail.example.com',
    });
    await expect(vetSmtpHost('mail.example.com', true, resolveTo(['10.0.0.5']))).resolves.toEqual({
      address: '10.0.0.5',
      servername: 'mail.example.com',
    });
    await expect(vetSmtpHost('nowhere.invalid', false, async () => Promise.reject(new Error('ENOTFOUND')))).rejects.toMatchObject({
      code: 'EDNS',
    });
  });
});

describe('the test email', () => {
  const testEmail = (on: TestApp = t) =>
    on.request({ method: 'POST', url: '/api/admin/test-email', token: admin, payload: { test_email: 'staff@example.com' } });

  it('answers a clear error while SMTP is not configured', async () => {
    await configureSmtp({ smtp_host: '', smtp_from_email: '' });
    const response = await testEmail();
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      detail: 'SMTP is not configured: set the SMTP host and the from email first',
      code: 'smtp_not_configured',
    });
  });

  it('is delivered to a real SMTP server with the configured sender', async () => {
    await configureSmtp();
    const before = peer.received.length;
    const response = await testEmail();
    expect(response.statusCode).toBe(200);
    expect(peer.received).toHaveLength(before + 1);
    const mail = peer.received.at(-1)!;
    expect(mail.to).toEqual(['staff@example.com']);
    expect(mail.from).toBe('shop@example.com');
    expect(mail.raw).toContain('From: Test Shop <shop@example.com>');
  });

  it('reaches a host named localhost while private hosts are allowed', async () => {
    await configureSmtp({ smtp_host: 'localhost' });
    const before = peer.received.length;
    expect((await testEmail()).statusCode).toBe(200);
    expect(peer.received).toHaveLength(before + 1);
  });

  it("answers 502 with a short reason and never the mail server's own words", async () => {
    await configureSmtp();
    peer.refuse('secret-internal-banner');
    const response = await testEmail();
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ detail: 'The test email was not sent: the mail server refused the recipient.', code: 'smtp_failed' });
    expect(response.body).not.toContain('secret-internal-banner');
  });

  it('never repeats the greeting of a service that is not a mail server', async () => {
    const service = await startTcpService((socket) => socket.write('SSH-2.0-OpenSSH_9.6 secret-internal-banner\r\n'));
    try {
      await configureSmtp({ smtp_port: service.port });
      const response = await testEmail();
      expect(response.statusCode).toBe(502);
      expect(response.json().code).toBe('smtp_failed');
      expect(response.body).not.toMatch(/SSH|secret-internal-banner/);
    } finally {
      await service.close();
    }
  });

  it('gives up within seconds on a server that accepts the connection and never greets', { timeout: 15_000 }, async () => {
    const silent = await startTcpService(() => {});
    try {
      await configureSmtp({ smtp_port: silent.port });
      const started = performance.now();
      const response = await testEmail();
      expect(performance.now() - started).toBeLessThan(6_500);
      expect(response.statusCode).toBe(502);
      expect(response.json().detail).toBe('The test email was not sent: the mail server timed out.');
    } finally {
      await silent.close();
    }
  });

  it('refuses an address that is not an email', async () => {
    const response = await t.request({ method: 'POST', url: '/api/admin/test-email', token: admin, payload: { test_email: 'nope' } });
    expect(response.statusCode).toBe(400);
  });
});

describe('mail while private SMTP hosts are refused (SMTP_ALLOW_PRIVATE_HOSTS=false)', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await build({ AUTH_RATE_LIMIT_PER_MINUTE: '100000', SMTP_ALLOW_PRIVATE_HOSTS: 'false' });
  });
  afterAll(() => strict.close());

  it.each(['127.0.0.1', 'localhost', '10.1.2.3', '169.254.169.254'])(
    'refuses a test email to %s with 400, and nothing reaches the server',
    async (host) => {
      await configureSmtp({ smtp_host: host }, strict);
      peer.resetStats();
      const before = peer.received.length;
      const response = await strict.request({
        method: 'POST',
        url: '/api/admin/test-email',
        token: await strict.adminToken(),
        payload: { test_email: 'staff@example.com' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('smtp_host_not_allowed');
      expect(response.json().detail).toContain('private, loopback or link-local');
      expect(response.json().detail).toContain('SMTP_ALLOW_PRIVATE_HOSTS');
      expect(peer.received).toHaveLength(before);
      expect(peer.stats.connections).toBe(0);
    },
  );

  it('keeps a receipt queued with the reason, without connecting, to be retried later', async () => {
    await configureSmtp({}, strict);
    peer.resetStats();
    const { orderId, email } = await deliveredOrder(strict);
    const row = await eventually(async () => {
      const current = await outboxRow(orderId, strict);
      return current.attempts > 0 ? current : undefined;
    }, 'the first attempt');
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.last_error).toContain('SMTP_ALLOW_PRIVATE_HOSTS');
    expect(row.next_attempt_at.getTime()).toBeGreaterThan(Date.now());
    expect(await sendDueMail(strict.app, new Date(Date.now() + 2 * 60_000))).toEqual({ sent: 0, failed: 1 });
    expect(await outboxRow(orderId, strict)).toMatchObject({ status: 'pending', attempts: 2 });
    expect(receiptsTo(email)).toHaveLength(0);
    expect(peer.stats.connections).toBe(0);
  });
});

describe('the receipt of a delivered order', () => {
  it('reaches the buyer at once, with the keys and the order page link, without a sweep', async () => {
    await configureSmtp();
    const { orderId, keys, email } = await deliveredOrder();
    const [receipt] = await eventually(() => (receiptsTo(email).length > 0 ? receiptsTo(email) : undefined), 'the receipt');
    for (const key of keys) expect(receipt!.decoded).toContain(key);
    expect(receipt!.decoded).toContain(`/order-success/${orderId}?token=${t.app.sign('order-access', orderId)}`);
    expect(receipt!.decoded).not.toContain('This email is late');
    const row = await eventually(async () => {
      const current = await outboxRow(orderId);
      return current.status === 'sent' ? current : undefined;
    }, 'the receipt marked sent');
    expect(row).toMatchObject({ attempts: 1, last_error: null });
    expect(await sendDueMail(t.app, new Date(Date.now() + 60 * 60_000))).toEqual({ sent: 0, failed: 0 });
    expect(receiptsTo(email)).toHaveLength(1);
  });

  it('is kept and retried when the mail server refuses, while the order page still shows the keys', async () => {
    await configureSmtp();
    peer.refuse('Try again later');
    const { orderId, keys, email } = await deliveredOrder();
    const failed = await eventually(async () => {
      const current = await outboxRow(orderId);
      return current.attempts > 0 ? current : undefined;
    }, 'the first attempt');
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed.last_error).toBe('the mail server refused the recipient (EENVELOPE 550)');

    const token = t.app.sign('order-access', orderId);
    const page = await t.request({ method: 'GET', url: `/api/guest/orders/${orderId}?token=${token}` });
    expect([...page.json().items[0].keys].sort()).toEqual([...keys].sort());

    peer.refuse(null);
    // Not due yet: the retry waits for its backoff.
    expect(await sendDueMail(t.app)).toEqual({ sent: 0, failed: 0 });
    expect(receiptsTo(email)).toHaveLength(0);
    expect(await sendDueMail(t.app, new Date(Date.now() + 2 * 60_000))).toEqual({ sent: 1, failed: 0 });
    expect(receiptsTo(email)).toHaveLength(1);
  });

  it('waits in the outbox while SMTP is not configured', async () => {
    await configureSmtp({ smtp_host: '' });
    const { orderId } = await deliveredOrder();
    expect(await sendDueMail(t.app, new Date(Date.now() + 2 * 60_000))).toEqual({ sent: 0, failed: 0 });
    expect(await outboxRow(orderId)).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it('goes to the new server once the SMTP settings change', async () => {
    const other = await startSmtpPeer();
    try {
      await configureSmtp();
      const first = await deliveredOrder();
      await eventually(() => (receiptsTo(first.email).length > 0 ? true : undefined), 'the first receipt');
      await configureSmtp({ smtp_port: other.port });
      const second = await deliveredOrder();
      await eventually(() => (receiptsTo(second.email, other).length > 0 ? true : undefined), 'the receipt at the new server');
      expect(receiptsTo(second.email)).toHaveLength(0);
    } finally {
      await other.close();
    }
  });
});

describe('the outbox sweep', () => {
  /** Receipts queued two minutes ago (while the mail server was down, say): the sweep's to send. */
  async function queueReceipts(count: number): Promise<string[]> {
    const batch = randomBytes(3).toString('hex');
    const recipients = Array.from({ length: count }, (_, i) => `bulk-${batch}-${i}@example.com`);
    await t.app.db
      .insertInto('mail_outbox')
      .values(
        recipients.map((recipient) => ({
          kind: 'receipt',
          recipient,
          subject: `Your order ${recipient}`,
          text_body: 'Your keys are on your order page.',
          html_body: '<p>Your keys are on your order page.</p>',
          created_at: sql<Date>`now() - interval '2 minutes'`,
          next_attempt_at: sql<Date>`now() - interval '2 minutes'`,
        })),
      )
      .execute();
    return recipients;
  }

  const delivered = (recipients: string[]) => recipients.map((recipient) => receiptsTo(recipient).length);

  it('sends sixty queued receipts in one run, several at a time over a few reused connections', async () => {
    await configureSmtp();
    const recipients = await queueReceipts(60);
    peer.slowDown(20);
    peer.resetStats();
    expect(await sendDueMail(t.app)).toEqual({ sent: 60, failed: 0 });
    expect(delivered(recipients)).toEqual(recipients.map(() => 1));
    expect(peer.stats.maxInFlight).toBeGreaterThan(1);
    expect(peer.stats.connections).toBeLessThanOrEqual(MAIL_CONNECTIONS);
  });

  it('sends each receipt once when two runs race', async () => {
    await configureSmtp();
    const recipients = await queueReceipts(150);
    peer.slowDown(5);
    const runs = await Promise.all([sendDueMail(t.app), sendDueMail(t.app)]);
    expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(150);
    expect(delivered(recipients)).toEqual(recipients.map(() => 1));
    const rows = await t.app.db.selectFrom('mail_outbox').select(['status', 'attempts']).where('recipient', 'in', recipients).execute();
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });

  it('leaves a receipt queued this minute to the immediate send', async () => {
    await configureSmtp({ smtp_host: '' });
    const { orderId } = await deliveredOrder();
    await configureSmtp();
    expect(await sendDueMail(t.app)).toEqual({ sent: 0, failed: 0 });
    expect(await outboxRow(orderId)).toMatchObject({ status: 'pending', attempts: 0 });
  });
});

describe('mail that is no use late (docs/decisions/011-mail-outbox.md)', () => {
  /** A store of its own: its sweeps move time by days, which would reach the other tests' messages. */
  let late: TestApp;
  beforeAll(async () => {
    late = await build({ AUTH_RATE_LIMIT_PER_MINUTE: '100000', SMTP_ALLOW_PRIVATE_HOSTS: 'true' });
  });
  afterAll(async () => {
    await late.close();
  });
  beforeEach(async () => {
    await configureSmtp({ smtp_host: '' }, late);
  });

  const days = (count: number) => new Date(Date.now() + count * 24 * 3600_000);
  const rowsOf = (orderId: string) =>
    late.app.db.selectFrom('mail_outbox').selectAll().where('order_id', '=', orderId).orderBy('created_at').execute();
  const refundAtPayPal = (orderId: string) =>
    recordSaleRefund(late.app, orderId, { origin: 'paypal', refundId: `RF-${orderId.slice(-6)}` });

  it('sends no receipt for an order refunded while SMTP was not set up: the buyer gets the refund notice alone', async () => {
    const { orderId, email, keys } = await deliveredOrder(late);
    expect(await refundAtPayPal(orderId)).toBe(true);
    await configureSmtp({}, late);
    await sendDueMail(late.app, days(2));
    const mails = receiptsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.decoded).toContain('was refunded');
    for (const key of keys) expect(mails[0]!.decoded).not.toContain(key);
    const rows = await rowsOf(orderId);
    expect(rows.map((row) => [row.kind, row.status])).toEqual([
      ['receipt', 'withdrawn'],
      ['refund', 'sent'],
    ]);
    expect(rows[0]!.last_error).toBe('not sent: the order was refunded before its receipt went out');
  });

  it('sends no receipt for an order refunded while the receipt waited for a retry', async () => {
    await configureSmtp({}, late);
    peer.refuse('Try again later');
    const { orderId, email } = await deliveredOrder(late);
    await eventually(async () => ((await rowsOf(orderId))[0]!.attempts > 0 ? true : undefined), 'the first attempt');
    peer.refuse(null);
    expect(await refundAtPayPal(orderId)).toBe(true);
    await eventually(() => (receiptsTo(email).length > 0 ? true : undefined), 'the refund notice');
    await sendDueMail(late.app, new Date(Date.now() + 2 * 60_000));
    expect(receiptsTo(email).map((mail) => mail.decoded.includes('was refunded'))).toEqual([true]);
    expect((await rowsOf(orderId)).map((row) => row.status)).toEqual(['withdrawn', 'sent']);
  });

  it('sends a receipt queued while SMTP was not set up days later with a first line saying it is late, and since when', async () => {
    const { orderId, email, keys } = await deliveredOrder(late);
    const [queued] = await rowsOf(orderId);
    await configureSmtp({}, late);
    await sendDueMail(late.app, days(3));
    const [receipt] = receiptsTo(email);
    const written = `${queued!.created_at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
    expect(receipt!.decoded).toContain(`This email is late: it was written on ${written} and could not be sent until now.`);
    for (const key of keys) expect(receipt!.decoded).toContain(key);
    expect((await rowsOf(orderId))[0]).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it(`drops a receipt not sent within ${RECEIPT_SEND_DAYS} days, and one sent within ${LATE_AFTER_MINUTES} minutes is not late`, async () => {
    const old = await deliveredOrder(late);
    const recent = await deliveredOrder(late);
    // The older receipt was queued a month ago; the recent one half an hour ago.
    await late.app.db
      .updateTable('mail_outbox')
      .set({
        created_at: sql<Date>`now() - make_interval(days => ${RECEIPT_SEND_DAYS}, mins => 1)`,
        send_before: sql<Date>`now() - make_interval(mins => 1)`,
      })
      .where('order_id', '=', old.orderId)
      .execute();
    await late.app.db
      .updateTable('mail_outbox')
      .set({ created_at: sql<Date>`now() - make_interval(mins => ${LATE_AFTER_MINUTES - 30})` })
      .where('order_id', '=', recent.orderId)
      .execute();
    await configureSmtp({}, late);
    await sendDueMail(late.app);
    expect(receiptsTo(old.email)).toHaveLength(0);
    expect((await rowsOf(old.orderId))[0]).toMatchObject({
      status: 'expired',
      attempts: 0,
      last_error: 'not sent: it was no use any more when mail could be sent',
    });
    expect(receiptsTo(recent.email)).toHaveLength(1);
    expect(receiptsTo(recent.email)[0]!.decoded).not.toContain('This email is late');
    // The page no longer says the receipt may still come.
    const page = await late.request({
      method: 'GET',
      url: `/api/guest/orders/${old.orderId}?token=${late.app.sign('order-access', old.orderId)}`,
    });
    expect(page.json()).toMatchObject({ receipt: 'not_sent' });
  });

  it('queues no reset link while SMTP is not set up and says so, and sends the verification link still valid once it is', async () => {
    const email = `late-${randomBytes(3).toString('hex')}@example.com`;
    await late.registerUser({ email });
    const asked = await late.request({ method: 'POST', url: '/api/auth/password-reset', payload: { email } });
    // Decision 048: a link no mail can carry is not issued, and the answer does not say "we mailed".
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ mailed: false });
    await afterAnswerSettled(late.app);
    await configureSmtp({}, late);
    await sendDueMail(late.app, new Date(Date.now() + 31 * 60_000));
    const rows = await late.app.db
      .selectFrom('mail_outbox')
      .select(['kind', 'status'])
      .where('recipient', '=', email)
      .orderBy('kind')
      .execute();
    expect(rows).toEqual([{ kind: 'email_verification', status: 'sent' }]);
    expect(receiptsTo(email).map((mail) => mail.decoded.includes('/verify-email?token='))).toEqual([true]);
  });
});
