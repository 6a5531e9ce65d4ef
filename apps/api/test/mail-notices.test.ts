import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_MAIL_MESSAGE } from '../src/auth/account-links.ts';
import { SIGN_IN_LINK_REQUESTED_MESSAGE } from '../src/auth/magic-link.ts';
import { RESET_REQUESTED_MESSAGE } from '../src/auth/password-reset.ts';
import { build, type TestApp } from './helpers/build.ts';
import { startSmtpPeer, type SmtpPeer } from './helpers/smtp-peer.ts';
import { waitFor } from './helpers/wait-for.ts';

/*
 * "We mailed" only when it is true (docs/decisions/048-unpaid-orders-and-mail-notices.md): a request for a
 * mailed link says whether the shop could send it, and the site information whether mail can go out at all.
 */

let t: TestApp;
let peer: SmtpPeer;
beforeAll(async () => {
  peer = await startSmtpPeer();
  t = await build({ SMTP_ALLOW_PRIVATE_HOSTS: 'true', AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(async () => {
  await t.close();
  await peer.close();
});

const outboxRows = async () => (await t.app.db.selectFrom('mail_outbox').select('id').execute()).length;
const siteInfo = async () => (await t.request({ method: 'GET', url: '/api/site-info' })).json<{ mail_available: boolean }>();

describe('link requests while the shop cannot send email', () => {
  it('says no link was sent, issues none and queues no mail', async () => {
    const { token, user } = await t.registerUser();
    const before = await outboxRows();
    const linkAsked = await t.request({ method: 'POST', url: '/api/auth/magic-link', payload: { email: user.email } });
    const resetAsked = await t.request({ method: 'POST', url: '/api/auth/password-reset', payload: { email: user.email } });
    const verifyAsked = await t.request({ method: 'POST', url: '/api/auth/verify-email/request', token });
    for (const answer of [linkAsked, resetAsked, verifyAsked]) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toEqual({ message: NO_MAIL_MESSAGE, mailed: false });
    }
    expect(await outboxRows()).toBe(before);
    expect((await siteInfo()).mail_available).toBe(false);
  });
});

describe('link requests once SMTP is configured', () => {
  it('says the link is on its way, and it arrives', async () => {
    const saved = await t.request({
      method: 'PUT',
      url: '/api/admin/settings',
      token: await t.adminToken(),
      payload: { smtp_host: '127.0.0.1', smtp_port: peer.port, smtp_use_tls: false, smtp_from_email: 'shop@example.com' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await siteInfo()).mail_available).toBe(true);
    const { token, user } = await t.registerUser();
    const linkAsked = await t.request({ method: 'POST', url: '/api/auth/magic-link', payload: { email: user.email } });
    expect(linkAsked.json()).toEqual({ message: SIGN_IN_LINK_REQUESTED_MESSAGE, mailed: true });
    const resetAsked = await t.request({ method: 'POST', url: '/api/auth/password-reset', payload: { email: user.email } });
    expect(resetAsked.json()).toEqual({ message: RESET_REQUESTED_MESSAGE, mailed: true });
    const verifyAsked = await t.request({ method: 'POST', url: '/api/auth/verify-email/request', token });
    expect(verifyAsked.json()).toMatchObject({ mailed: true, message: expect.stringContaining(`on its way to ${user.email}`) });
    await waitFor(() => peer.received.filter((mail) => mail.to.includes(user.email)).length >= 3, `three mails to ${user.email}`, 5000);
  });
});
