import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_LINK_MINUTES, RESET_MAILS_PER_HOUR, RESET_REQUESTED_MESSAGE } from '../src/auth/password-reset.ts';
import { build, type TestApp } from './helpers/build.ts';
import { startSmtpPeer, type SmtpPeer } from './helpers/smtp-peer.ts';
import { waitFor } from './helpers/wait-for.ts';

/** Password reset by mail, through the API, with a real SMTP peer reading the mailed link. */

let t: TestApp;
let peer: SmtpPeer;
beforeAll(async () => {
  peer = await startSmtpPeer();
  t = await build({ SMTP_ALLOW_PRIVATE_HOSTS: 'true', PUBLIC_URL: 'https://shop.example.com' });
  const saved = await t.request({
    method: 'PUT',
    url: '/api/admin/settings',
    token: await t.adminToken(),
    payload: {
      smtp_host: '127.0.0.1',
      smtp_port: peer.port,
      smtp_use_tls: false,
      smtp_from_email: 'shop@example.com',
      smtp_from_name: 'Reset Shop',
    },
  });
  expect(saved.statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
  await peer.close();
});

const ask = (email: string) => t.request({ method: 'POST', url: '/api/auth/password-reset', payload: { email } });
const reset = (token: string, newPassword: string) =>
  t.request({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, new_password: newPassword } });
const signIn = (username: string, password: string) =>
  t.request({ method: 'POST', url: '/api/auth/login', payload: { username, password } });

/** The reset mails the peer received for `email` (registration mails a verification link too). */
const mailsTo = (email: string) => peer.received.filter((mail) => mail.to.includes(email) && mail.decoded.includes('/reset-password?token='));

/** The token of the newest reset link mailed to `email`, once it has arrived. */
async function mailedToken(email: string, count = 1): Promise<string> {
  await waitFor(() => mailsTo(email).length >= count, `reset mail ${count} to ${email}`, 5000);
  const mail = mailsTo(email)[count - 1]!;
  const match = /https:\/\/shop\.example\.com\/reset-password\?token=([A-Za-z0-9_-]{43})/.exec(mail.decoded);
  expect(match, 'the mail carries the link').not.toBeNull();
  return match![1]!;
}

describe('password reset by mail', () => {
  it('mails a link that sets a new password once, and signs out every session', async () => {
    const { user, token: sessionToken, password } = await t.registerUser();
    const asked = await ask(user.email.toUpperCase());
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ message: RESET_REQUESTED_MESSAGE, mailed: true });
    const token = await mailedToken(user.email);
    const mail = mailsTo(user.email)[0]!;
    expect(mail.decoded).toContain('Reset your password');
    expect(mail.decoded).toContain(`within ${RESET_LINK_MINUTES} minutes`);
    // Only the token's digest is stored.
    const stored = await t.app.db.selectFrom('account_tokens').select('token_digest').execute();
    expect(stored.some((row) => row.token_digest.toString('base64url') === token)).toBe(false);

    // A password the rules refuse leaves the link working.
    const refused = await reset(token, user.username);
    expect(refused.statusCode).toBe(400);
    const done = await reset(token, 'brand-new-password-77');
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toContain('new password is set');

    // The session that was open is over; the old password is refused, the new one works.
    const me = await t.request({ method: 'GET', url: '/api/auth/me', token: sessionToken });
    expect(me.statusCode).toBe(401);
    expect((await signIn(user.username, password)).statusCode).toBe(401);
    expect((await signIn(user.username, 'brand-new-password-77')).statusCode).toBe(200);

    // Single use.
    const again = await reset(token, 'another-new-password-88');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'invalid_reset_link' });
  });

  it('answers an unknown email exactly as a known one, and mails nothing', async () => {
    const { user } = await t.registerUser();
    // Its registration's verification mail first, so only what follows is counted.
    await waitFor(() => peer.received.some((mail) => mail.to.includes(user.email)), 'verification mail', 5000);
    const before = peer.received.length;
    const unknown = await ask('no-account-here@example.com');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ message: RESET_REQUESTED_MESSAGE, mailed: true });
    const known = await ask(user.email);
    expect(known.body).toBe(unknown.body);
    await mailedToken(user.email);
    expect(peer.received.length).toBe(before + 1);
    expect(mailsTo('no-account-here@example.com')).toEqual([]);
  });

  it('refuses an expired link, an unknown one and a malformed one', async () => {
    const { user } = await t.registerUser();
    await ask(user.email);
    const token = await mailedToken(user.email);
    await t.app.db
      .updateTable('account_tokens')
      .set({ expires_at: sql<Date>`now() - make_interval(secs => 1)` })
      .where('user_id', '=', user.id)
      .execute();
    const expired = await reset(token, 'brand-new-password-77');
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ code: 'invalid_reset_link' });

    const unknown = await reset('A'.repeat(43), 'brand-new-password-77');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'invalid_reset_link' });
    for (const malformed of ['short', `${'A'.repeat(43)}\u0000`, 'x'.repeat(1_000_000)]) {
      const answer = await reset(malformed, 'brand-new-password-77');
      expect(answer.statusCode).toBe(400);
    }
  });

  it('lets one of two uses of a link at once through', async () => {
    const { user } = await t.registerUser();
    await ask(user.email);
    const token = await mailedToken(user.email);
    const answers = await Promise.all([reset(token, 'first-racer-password-1'), reset(token, 'second-racer-password-2')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    const winner = answers[0].statusCode === 200 ? 'first-racer-password-1' : 'second-racer-password-2';
    expect((await signIn(user.username, winner)).statusCode).toBe(200);
  });

  it(`mails one account at most ${RESET_MAILS_PER_HOUR} links an hour, however often it is asked`, async () => {
    const { user } = await t.registerUser();
    for (let i = 0; i < RESET_MAILS_PER_HOUR + 2; i += 1) expect((await ask(user.email)).statusCode).toBe(200);
    await mailedToken(user.email, RESET_MAILS_PER_HOUR);
    // Give any extra mail the time to arrive: none may.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mailsTo(user.email)).toHaveLength(RESET_MAILS_PER_HOUR);
    const issued = await t.app.db.selectFrom('account_tokens').select('id').where('user_id', '=', user.id).where('purpose', '=', 'password_reset').execute();
    expect(issued).toHaveLength(RESET_MAILS_PER_HOUR);
  });

  it('ends the other links of the account once one is used', async () => {
    const { user } = await t.registerUser();
    await ask(user.email);
    const first = await mailedToken(user.email, 1);
    await ask(user.email);
    const second = await mailedToken(user.email, 2);
    expect((await reset(second, 'brand-new-password-77')).statusCode).toBe(200);
    expect((await reset(first, 'another-new-password-88')).statusCode).toBe(400);
  });
});
