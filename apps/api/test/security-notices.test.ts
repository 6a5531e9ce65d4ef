import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEW_ADDRESS_NOTICES_PER_DAY, SECURITY_NOTICE_KIND, SIGN_IN_NOTICE_KIND } from '../src/auth/security-notices.ts';
import { build, type TestApp } from './helpers/build.ts';
import { startSmtpPeer, type ReceivedMail, type SmtpPeer } from './helpers/smtp-peer.ts';
import { createEnrolledStaff, createStaff, totpCode } from './helpers/staff.ts';
import { waitFor } from './helpers/wait-for.ts';

/*
 * Security notices (docs/decisions/033-security-notices.md): a change of how an account signs in, or a
 * sign-in from an address it never used, is mailed to the account through the outbox, read here by a
 * real SMTP peer.
 */

let t: TestApp;
let peer: SmtpPeer;
beforeAll(async () => {
  peer = await startSmtpPeer();
  t = await build({ SMTP_ALLOW_PRIVATE_HOSTS: 'true', PUBLIC_URL: 'https://shop.example.com', AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
  const saved = await t.request({
    method: 'PUT',
    url: '/api/admin/settings',
    token: await t.adminToken(),
    payload: { smtp_host: '127.0.0.1', smtp_port: peer.port, smtp_use_tls: false, smtp_from_email: 'shop@example.com', smtp_from_name: 'Notice Shop' },
  });
  expect(saved.statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
  await peer.close();
});

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

/** The notices queued for `email`, oldest first: what the store decided to mail, whatever SMTP did since. */
const queuedNotices = (email: string) =>
  t.app.db
    .selectFrom('mail_outbox')
    .select(['subject', 'text_body'])
    .where('recipient', '=', email)
    .where('kind', 'in', [SECURITY_NOTICE_KIND, SIGN_IN_NOTICE_KIND])
    .orderBy('created_at')
    .execute();

/** The notice with `subject` that the SMTP peer received for `email`. */
const received = (email: string, subject: string): Promise<ReceivedMail> =>
  waitFor(() => peer.received.find((mail) => mail.to.includes(email) && mail.decoded.includes(subject)), `"${subject}" to ${email}`);

/** What every notice says: when, from where, and how to react; never a secret. */
function expectNotice(mail: ReceivedMail, { address, secrets }: { address: string; secrets: readonly string[] }): void {
  expect(mail.decoded).toMatch(/When: \d{1,2} [A-Z][a-z]+ \d{4} at \d{2}:\d{2} UTC\./);
  expect(mail.decoded).toContain(`From: ${address}, ${FIREFOX}.`);
  expect(mail.decoded).toContain('https://shop.example.com/forgot-password');
  expect(mail.decoded).toContain('reply to this email');
  for (const secret of secrets) expect(mail.decoded).not.toContain(secret);
}

const signIn = (account: { username: string; password: string }, remoteAddress: string) =>
  t.request({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress,
    headers: { 'user-agent': FIREFOX },
    payload: { username: account.username, password: account.password },
  });

describe('changes of how an account signs in', () => {
  it('mails the owner when the password is changed: what, when, from where, and where to set a new one; never the password', async () => {
    const { user, token, password } = await t.registerUser();
    const refused = await t.request({
      method: 'POST',
      url: '/api/auth/password',
      token,
      payload: { current_password: 'not-the-password', new_password: 'violet-harbour-92' },
    });
    expect(refused.statusCode).toBe(400);
    expect(await queuedNotices(user.email)).toEqual([]);

    const changed = await t.request({
      method: 'POST',
      url: '/api/auth/password',
      token,
      remoteAddress: '198.51.100.7',
      headers: { 'user-agent': FIREFOX },
      payload: { current_password: password, new_password: 'violet-harbour-92' },
    });
    expect(changed.statusCode).toBe(200);
    const mail = await received(user.email, 'Your password was changed');
    expectNotice(mail, { address: '198.51.100.7', secrets: [password, 'violet-harbour-92'] });
    expect(mail.decoded).toContain(`Hello ${user.username},`);
    expect(await queuedNotices(user.email)).toHaveLength(1);
  });

  it('mails the owner when the password is reset with a mailed link', async () => {
    const { user } = await t.registerUser();
    await t.request({ method: 'POST', url: '/api/auth/password-reset', payload: { email: user.email } });
    const link = await waitFor(() => peer.received.find((mail) => mail.to.includes(user.email) && mail.decoded.includes('/reset-password?token=')), 'reset link');
    const token = /reset-password\?token=([A-Za-z0-9_-]{43})/.exec(link.decoded)![1]!;
    const reset = await t.request({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      remoteAddress: '198.51.100.8',
      headers: { 'user-agent': FIREFOX },
      payload: { token, new_password: 'copper-lantern-41' },
    });
    expect(reset.statusCode).toBe(200);
    const mail = await received(user.email, 'Your password was reset');
    expectNotice(mail, { address: '198.51.100.8', secrets: [token, 'copper-lantern-41'] });
  });

  it('mails staff when two-factor sign-in is turned on, new recovery codes are made, and it is turned off; never the key or a code', async () => {
    const staff = await createStaff(t);
    const as = (url: string, payload: object) =>
      t.request({ method: 'POST', url: `/api/auth/2fa/${url}`, token: staff.token, remoteAddress: '198.51.100.9', headers: { 'user-agent': FIREFOX }, payload });
    const { secret } = (await as('setup', { password: staff.password })).json();
    const on = await as('enable', { password: staff.password, code: totpCode(secret) });
    expect(on.statusCode).toBe(200);
    const first = on.json().recovery_codes as string[];
    const renewed = await as('recovery-codes', { password: staff.password, recovery_code: first[0] });
    expect(renewed.statusCode).toBe(200);
    const second = renewed.json().recovery_codes as string[];
    expect((await as('disable', { password: staff.password, recovery_code: second[0] })).statusCode).toBe(200);

    const secrets = [staff.password, secret, totpCode(secret), ...first, ...second, ...[...first, ...second].map((code) => code.replace('-', ''))];
    for (const subject of ['Two-factor sign-in was turned on', 'New recovery codes were made', 'Two-factor sign-in was turned off']) {
      expectNotice(await received(staff.email, subject), { address: '198.51.100.9', secrets });
    }
    // Starting a setup changes nothing yet: three changes, three notices.
    expect((await queuedNotices(staff.email)).map((notice) => notice.subject)).toEqual([
      'Two-factor sign-in was turned on — KeyVault',
      'New recovery codes were made — KeyVault',
      'Two-factor sign-in was turned off — KeyVault',
    ]);
  });
});

describe('a sign-in from an address the account never used', () => {
  const NEW_SIGN_IN = 'New sign-in to your account';
  const newSignIns = async (email: string) => (await queuedNotices(email)).filter((notice) => notice.subject.startsWith(NEW_SIGN_IN));

  it('is mailed once, and neither the first sign-in of an account nor one from a known address is', async () => {
    // createStaff's own sign-in is the account's first: nothing to compare with.
    const staff = await createStaff(t);
    expect(await newSignIns(staff.email)).toEqual([]);

    expect((await signIn(staff, '203.0.113.40')).statusCode).toBe(200);
    const mail = await received(staff.email, NEW_SIGN_IN);
    expectNotice(mail, { address: '203.0.113.40', secrets: [staff.password] });
    expect(mail.decoded).toContain('signed in to from an address it had not used before');

    expect((await signIn(staff, '203.0.113.40')).statusCode).toBe(200);
    expect((await signIn(staff, '127.0.0.1')).statusCode).toBe(200);
    expect(await newSignIns(staff.email)).toHaveLength(1);
  });

  it('is not mailed for a refused password or a disabled account', async () => {
    const staff = await createStaff(t);
    expect((await signIn({ ...staff, password: 'a-wrong-guess' }, '203.0.113.41')).statusCode).toBe(401);
    await t.app.db.updateTable('users').set({ is_active: false }).where('id', '=', staff.id).execute();
    expect((await signIn(staff, '203.0.113.42')).statusCode).toBe(403);
    expect(await newSignIns(staff.email)).toEqual([]);
  });

  it('takes the addresses of one IPv6 /64 as one, and an IPv4-mapped address as its IPv4', async () => {
    const staff = await createStaff(t);
    for (const address of ['2001:db8:1:2::a', '2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:0db8:0001:0002::1']) {
      expect((await signIn(staff, address)).statusCode).toBe(200);
    }
    expect((await signIn(staff, '::ffff:127.0.0.1')).statusCode).toBe(200);
    expect(await newSignIns(staff.email)).toHaveLength(1);
    expect((await signIn(staff, '2001:db8:1:3::a')).statusCode).toBe(200);
    expect(await newSignIns(staff.email)).toHaveLength(2);
  });

  it("is not mailed to a shopper's unverified address, and is once the address is verified", async () => {
    const shopper = await t.registerUser();
    const account = { username: shopper.user.username, password: shopper.password };
    expect((await signIn(account, '203.0.113.60')).statusCode).toBe(200);
    expect(await newSignIns(shopper.user.email)).toEqual([]);

    await t.app.db.updateTable('users').set({ email_verified_at: new Date() }).where('id', '=', shopper.user.id).execute();
    expect((await signIn(account, '203.0.113.61')).statusCode).toBe(200);
    expectNotice(await received(shopper.user.email, NEW_SIGN_IN), { address: '203.0.113.61', secrets: [shopper.password] });
  });

  it(`is mailed at most ${NEW_ADDRESS_NOTICES_PER_DAY} times a day, however many new addresses sign in`, async () => {
    const staff = await createStaff(t);
    for (let i = 0; i < NEW_ADDRESS_NOTICES_PER_DAY + 3; i += 1) expect((await signIn(staff, `198.18.0.${i + 1}`)).statusCode).toBe(200);
    expect(await newSignIns(staff.email)).toHaveLength(NEW_ADDRESS_NOTICES_PER_DAY);
  });

  it('is mailed once when two sign-ins come from one new address at the same moment', async () => {
    const staff = await createStaff(t);
    const answers = await Promise.all([signIn(staff, '203.0.113.70'), signIn(staff, '203.0.113.70'), signIn(staff, '203.0.113.70')]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(await newSignIns(staff.email)).toHaveLength(1);
  });

  it('is mailed after the second step of two-factor sign-in, not after the password alone', async () => {
    const staff = await createEnrolledStaff(t);
    const step = await signIn(staff, '203.0.113.80');
    expect(step.json()).toHaveProperty('two_factor_token');
    expect(await newSignIns(staff.email)).toEqual([]);
    const second = await t.request({
      method: 'POST',
      url: '/api/auth/login/2fa',
      remoteAddress: '203.0.113.80',
      headers: { 'user-agent': FIREFOX },
      payload: { token: step.json().two_factor_token, code: totpCode(staff.secret, 1) },
    });
    expect(second.statusCode).toBe(200);
    expectNotice(await received(staff.email, NEW_SIGN_IN), { address: '203.0.113.80', secrets: [staff.password, totpCode(staff.secret, 1)] });
  });

  it('is mailed after a sign-in by a mailed link from a new address', async () => {
    const { user } = await t.registerUser();
    await t.request({ method: 'POST', url: '/api/auth/magic-link', payload: { email: user.email } });
    const link = await waitFor(() => peer.received.find((mail) => mail.to.includes(user.email) && mail.decoded.includes('/sign-in-link?token=')), 'sign-in link');
    const token = /sign-in-link\?token=([A-Za-z0-9_-]{43})/.exec(link.decoded)![1]!;
    const signedIn = await t.request({
      method: 'POST',
      url: '/api/auth/magic-link/confirm',
      remoteAddress: '203.0.113.90',
      headers: { 'user-agent': FIREFOX },
      payload: { token },
    });
    expect(signedIn.statusCode).toBe(200);
    expectNotice(await received(user.email, NEW_SIGN_IN), { address: '203.0.113.90', secrets: [token] });
  });

  it('shows the browser as its owner wrote it: UTF-8 decoded, control characters gone, at most 200 characters', async () => {
    const staff = await createStaff(t);
    // A header is bytes, read by Node as Latin-1: "Navigateur-é/1.0 ✓" sent as UTF-8.
    const utf8AsLatin1 = Buffer.from('Navigateur-é/1.0 ✓', 'utf8').toString('latin1');
    const answer = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '203.0.113.100',
      headers: { 'user-agent': `${utf8AsLatin1} ${'x'.repeat(300)}` },
      payload: { username: staff.username, password: staff.password },
    });
    expect(answer.statusCode).toBe(200);
    const [notice] = await newSignIns(staff.email);
    const from = /From: 203\.0\.113\.100, (.*)\./.exec(notice!.text_body)![1]!;
    expect(from.startsWith('Navigateur-é/1.0 ✓ xxx')).toBe(true);
    expect([...from]).toHaveLength(200);
  });
});
