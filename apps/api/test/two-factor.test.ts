import { AuthResponseSchema, TwoFactorChallengeSchema, TWO_FACTOR } from '@store/contracts';
import { Value } from 'typebox/value';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOGIN_POLICIES } from '../src/auth/login-throttle.ts';
import { openTotpSecret } from '../src/auth/two-factor.ts';
import { build, type TestApp } from './helpers/build.ts';
import { createEnrolledStaff, createStaff, totpCode, type Staff } from './helpers/staff.ts';

let t: TestApp;
beforeAll(async () => {
  // Many sign-ins from inject's one address: the per-address limit has a test of its own below.
  t = await build({ AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const login = (staff: Pick<Staff, 'username' | 'password'>) =>
  t.request({ method: 'POST', url: '/api/auth/login', payload: { username: staff.username, password: staff.password } });

/** The password step of an account with two-factor sign-in: answers its second step's token. */
async function passwordStep(staff: Pick<Staff, 'username' | 'password'>): Promise<string> {
  const response = await login(staff);
  expect(response.statusCode).toBe(200);
  const body = response.json();
  expect(Value.Check(TwoFactorChallengeSchema, body)).toBe(true);
  return body.two_factor_token as string;
}

const secondStep = (token: string, factor: { code?: string; recovery_code?: string }) =>
  t.request({ method: 'POST', url: '/api/auth/login/2fa', payload: { token, ...factor } });

const adminStats = (token: string) => t.request({ method: 'GET', url: '/api/admin/stats', token });

/** Forgets the account's failed attempts, where a test checks something else than the lock. */
const clearLock = (userId: string) => t.app.db.deleteFrom('login_throttle').where('key', 'like', `user:${userId}%`).execute();

const userRow = (id: string) => t.app.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('setting up two-factor sign-in', () => {
  it('answers a secret, its otpauth URI and a QR code made here, and keeps the secret sealed at rest', async () => {
    const staff = await createStaff(t);
    const response = await t.request({ method: 'POST', url: '/api/auth/2fa/setup', token: staff.token, payload: { password: staff.password } });
    expect(response.statusCode).toBe(200);
    const setup = response.json();
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauth_uri).toBe(
      `otpauth://totp/KeyVault:${encodeURIComponent(staff.email)}?issuer=KeyVault&secret=${setup.secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(setup.qr_code).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    expect(setup).toMatchObject({ issuer: 'KeyVault', account: staff.email });

    const row = await userRow(staff.id);
    expect(row.totp_secret).not.toBeNull();
    expect(row.totp_secret).not.toContain(setup.secret);
    expect(row.totp_secret).toMatch(/^v1\./);
    expect(openTotpSecret(t.app.dataCipher, staff.id, row.totp_secret!)).toBe(setup.secret);
    // Sealed to its account: the same envelope does not open as another's.
    const other = await createStaff(t);
    expect(() => openTotpSecret(t.app.dataCipher, other.id, row.totp_secret!)).toThrow();
    expect(row.totp_enabled_at).toBeNull();
  });

  it('turns on only with a right code of the new secret, then answers ten distinct recovery codes once', async () => {
    const staff = await createStaff(t);
    const { secret } = (await t.request({ method: 'POST', url: '/api/auth/2fa/setup', token: staff.token, payload: { password: staff.password } })).json();

    const wrong = await t.request({
      method: 'POST',
      url: '/api/auth/2fa/enable',
      token: staff.token,
      payload: { password: staff.password, code: totpCode(secret, 3) },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('invalid_two_factor_code');
    expect((await userRow(staff.id)).totp_enabled_at).toBeNull();

    const right = await t.request({ method: 'POST', url: '/api/auth/2fa/enable', token: staff.token, payload: { password: staff.password, code: totpCode(secret) } });
    expect(right.statusCode).toBe(200);
    const codes = right.json().recovery_codes as string[];
    expect(codes).toHaveLength(TWO_FACTOR.recoveryCodes);
    expect(new Set(codes).size).toBe(TWO_FACTOR.recoveryCodes);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    // Only digests are kept: no code is in the table.
    const stored = await t.app.db.selectFrom('recovery_codes').select('code_digest').where('user_id', '=', staff.id).execute();
    expect(stored).toHaveLength(10);
    for (const { code_digest: digest } of stored) for (const code of codes) expect(digest).not.toContain(code.replace('-', ''));

    const status = await t.request({ method: 'GET', url: '/api/auth/2fa', token: staff.token });
    expect(status.json()).toMatchObject({ enabled: true, recovery_codes_left: 10, required: false });
    // Neither the status nor a second setup gives the secret out again.
    expect(status.body).not.toContain(secret);
    const again = await t.request({ method: 'POST', url: '/api/auth/2fa/setup', token: staff.token, payload: { password: staff.password } });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('two_factor_already_enabled');
    expect(again.body).not.toContain(secret);
  });

  it('refuses to turn on before a setup was started', async () => {
    const staff = await createStaff(t);
    const response = await t.request({ method: 'POST', url: '/api/auth/2fa/enable', token: staff.token, payload: { password: staff.password, code: '123456' } });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('two_factor_setup_missing');
  });

  it("ends the account's other sessions, opened with the password alone", async () => {
    const staff = await createStaff(t);
    const other = (await login(staff)).json().access_token as string;
    const { secret } = (await t.request({ method: 'POST', url: '/api/auth/2fa/setup', token: staff.token, payload: { password: staff.password } })).json();
    await t.request({ method: 'POST', url: '/api/auth/2fa/enable', token: staff.token, payload: { password: staff.password, code: totpCode(secret) } });
    expect((await t.request({ method: 'GET', url: '/api/auth/me', token: other })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/auth/me', token: staff.token })).statusCode).toBe(200);
  });

  it('is for staff: a shopper is refused', async () => {
    const { token } = await t.registerUser();
    const response = await t.request({ method: 'POST', url: '/api/auth/2fa/setup', token, payload: { password: 'any-password' } });
    expect(response.statusCode).toBe(403);
  });
});

describe('changing two-factor sign-in asks for the password again', () => {
  const post = (staff: Staff, url: string, payload: object) => t.request({ method: 'POST', url: `/api/auth/2fa/${url}`, token: staff.token, payload });
  const unusedRecoveryCodes = async (userId: string) =>
    (await t.app.db.selectFrom('recovery_codes').select('code_digest').where('user_id', '=', userId).where('used_at', 'is', null).execute()).map(
      (row) => row.code_digest,
    );

  it('refuses to start the setup with a stolen session alone: no password, or a wrong one, and no secret is made', async () => {
    const staff = await createStaff(t);
    const missing = await post(staff, 'setup', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ detail: 'Enter your password', code: 'validation_error' });
    const wrong = await post(staff, 'setup', { password: 'not-the-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: 'The password is not correct', code: 'invalid_current_password' });
    expect(await userRow(staff.id)).toMatchObject({ totp_secret: null, totp_enabled_at: null });
  });

  it('refuses to turn it on without the password, or with a wrong one, even with the right code', async () => {
    const staff = await createStaff(t);
    const { secret } = (await post(staff, 'setup', { password: staff.password })).json();
    const missing = await post(staff, 'enable', { code: totpCode(secret) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ detail: 'Enter your password', code: 'validation_error' });
    const wrong = await post(staff, 'enable', { password: 'not-the-password', code: totpCode(secret) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: 'The password is not correct', code: 'invalid_current_password' });
    expect((await userRow(staff.id)).totp_enabled_at).toBeNull();
    expect(await t.app.db.selectFrom('recovery_codes').select('id').where('user_id', '=', staff.id).execute()).toEqual([]);
    // The owner's own session, which the enabling ends for everyone else, still works for the thief's.
    expect((await t.request({ method: 'GET', url: '/api/auth/me', token: staff.token })).statusCode).toBe(200);
  });

  it('refuses new recovery codes without the password, or with a wrong one, even with the right code: the old ones stay', async () => {
    const staff = await createEnrolledStaff(t);
    const before = await unusedRecoveryCodes(staff.id);
    const missing = await post(staff, 'recovery-codes', { code: totpCode(staff.secret, 1) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ detail: 'Enter your password', code: 'validation_error' });
    const wrong = await post(staff, 'recovery-codes', { password: 'not-the-password', code: totpCode(staff.secret, 1) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: 'The password is not correct', code: 'invalid_current_password' });
    expect(await unusedRecoveryCodes(staff.id)).toEqual(before);
    // The code was not taken by the refused request: it still signs in.
    expect((await secondStep(await passwordStep(staff), { code: totpCode(staff.secret, 1) })).statusCode).toBe(200);
  });

  it('counts a wrong password there like a wrong password at sign-in, so a stolen session cannot guess it', async () => {
    const staff = await createStaff(t);
    for (let attempt = 0; attempt < LOGIN_POLICIES.admin.free; attempt += 1)
      expect((await post(staff, 'setup', { password: `guess-${attempt}` })).statusCode).toBe(400);
    const locked = await post(staff, 'setup', { password: staff.password });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('account_locked');
    expect((await userRow(staff.id)).totp_secret).toBeNull();
  });
});

describe('signing in with two-factor sign-in on', () => {
  it('opens no session with the password alone; the right code does', async () => {
    const staff = await createEnrolledStaff(t);
    const first = await login(staff);
    expect(first.json()).not.toHaveProperty('access_token');
    const token = first.json().two_factor_token as string;
    // The second step's token is no session.
    expect((await t.request({ method: 'GET', url: '/api/auth/me', token })).statusCode).toBe(401);

    const response = await secondStep(token, { code: totpCode(staff.secret, 1) });
    expect(response.statusCode).toBe(200);
    expect(Value.Check(AuthResponseSchema, response.json())).toBe(true);
    expect(response.json().user.id).toBe(staff.id);
    expect(response.body).not.toContain(staff.secret);
    expect((await adminStats(response.json().access_token)).statusCode).toBe(200);
    // The token was spent with the sign-in.
    const reused = await secondStep(token, { code: totpCode(staff.secret, 1) });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().code).toBe('two_factor_token_invalid');
  });

  it('refuses a code used already, and a code older than the last one taken', async () => {
    const staff = await createEnrolledStaff(t);
    const code = totpCode(staff.secret, 1);
    expect((await secondStep(await passwordStep(staff), { code })).statusCode).toBe(200);

    const again = await secondStep(await passwordStep(staff), { code });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      detail: 'That code is not right, or it was used already. Enter the code your app shows now.',
      code: 'invalid_two_factor_code',
    });
    await clearLock(staff.id);
    // The current step's code is within the window, but a later step was taken already.
    const older = await secondStep(await passwordStep(staff), { code: totpCode(staff.secret, 0) });
    expect(older.statusCode).toBe(400);
  });

  it('refuses a code from two steps ago, and one from two steps ahead', async () => {
    const staff = await createEnrolledStaff(t);
    // The clock stands still, so a step does not turn between computing a code and the server checking it.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const token = await passwordStep(staff);
    for (const steps of [-2, 2]) {
      const response = await secondStep(token, { code: totpCode(staff.secret, steps) });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('invalid_two_factor_code');
    }
  });

  it('takes one code once when two sign-ins bring it at the same moment', async () => {
    const staff = await createEnrolledStaff(t);
    const tokens = await Promise.all([passwordStep(staff), passwordStep(staff), passwordStep(staff)]);
    await clearLock(staff.id);
    const code = totpCode(staff.secret, 1);
    const answers = await Promise.all(tokens.map((token) => secondStep(token, { code })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400, 400]);
  });

  it('counts wrong codes against the account like wrong passwords: locked, even for the right code', async () => {
    const staff = await createEnrolledStaff(t);
    const token = await passwordStep(staff);
    // Staff have three free attempts (the right password is not one of them); the third wrong code sets the lock.
    for (let attempt = 0; attempt < LOGIN_POLICIES.admin.free; attempt += 1)
      expect((await secondStep(token, { code: '000000' })).statusCode).toBe(400);
    const locked = await secondStep(token, { code: totpCode(staff.secret, 1) });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('account_locked');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // The password step is locked as well: the same counter.
    expect((await login(staff)).statusCode).toBe(429);
  });

  it('does not let a right password reset the count between guesses of the code', async () => {
    const staff = await createEnrolledStaff(t);
    for (let attempt = 1; attempt < LOGIN_POLICIES.admin.free; attempt += 1)
      expect((await secondStep(await passwordStep(staff), { code: '000000' })).statusCode).toBe(400);
    // The right password again does not start the count again: this guess is the third, and sets the lock.
    const token = await passwordStep(staff);
    expect((await secondStep(token, { code: '000001' })).statusCode).toBe(400);
    expect((await secondStep(token, { code: totpCode(staff.secret, 1) })).statusCode).toBe(429);
  });

  it('ends the second step after five wrong codes, whatever the account lock says', async () => {
    const staff = await createEnrolledStaff(t);
    const token = await passwordStep(staff);
    for (let attempt = 1; attempt < TWO_FACTOR.challengeMaxFailures; attempt += 1) {
      await clearLock(staff.id);
      expect((await secondStep(token, { code: '000000' })).json().code).toBe('invalid_two_factor_code');
    }
    await clearLock(staff.id);
    const last = await secondStep(token, { code: '000000' });
    expect(last.statusCode).toBe(401);
    expect(last.json()).toEqual({ detail: 'Too many wrong codes. Sign in with your password again.', code: 'two_factor_token_invalid' });
    await clearLock(staff.id);
    const right = await secondStep(token, { code: totpCode(staff.secret, 1) });
    expect(right.statusCode).toBe(401);
    expect(right.json().code).toBe('two_factor_token_invalid');
  });

  it('ends the second step after five minutes', async () => {
    const staff = await createEnrolledStaff(t);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const token = await passwordStep(staff);
    vi.setSystemTime(Date.now() + TWO_FACTOR.challengeSeconds * 1000 + 1000);
    const response = await secondStep(token, { code: totpCode(staff.secret) });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('two_factor_token_invalid');
  });

  it('ends the second step when the password changes meanwhile', async () => {
    const staff = await createEnrolledStaff(t);
    const token = await passwordStep(staff);
    const changed = await t.request({
      method: 'POST',
      url: '/api/auth/password',
      token: staff.token,
      payload: { current_password: staff.password, new_password: 'another-long-staff-password' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await secondStep(token, { code: totpCode(staff.secret, 1) })).json().code).toBe('two_factor_token_invalid');
  });

  it('takes exactly one of a code and a recovery code', async () => {
    const staff = await createEnrolledStaff(t);
    const token = await passwordStep(staff);
    for (const factor of [{}, { code: totpCode(staff.secret, 1), recovery_code: staff.recoveryCodes[0]! }, { recovery_code: ' - ' }]) {
      const response = await secondStep(token, factor);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('validation_error');
    }
  });

  it('refuses a disabled account after a right code', async () => {
    const staff = await createEnrolledStaff(t);
    const token = await passwordStep(staff);
    await t.app.db.updateTable('users').set({ is_active: false }).where('id', '=', staff.id).execute();
    const response = await secondStep(token, { code: totpCode(staff.secret, 1) });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('account_disabled');
  });
});

describe('the owner is never locked out by their own right password', () => {
  const throttleRows = (userId: string) =>
    t.app.db.selectFrom('login_throttle').selectAll().where('key', 'like', `user:${userId}%`).execute();

  it('lets the password and a code, then the password and a recovery code, in after many abandoned sign-ins', async () => {
    const staff = await createEnrolledStaff(t);
    // A closed tab, a phone not at hand: twice staff's free attempts of right passwords whose code never came.
    for (let abandoned = 0; abandoned < 2 * LOGIN_POLICIES.admin.free; abandoned += 1) await passwordStep(staff);
    expect(await throttleRows(staff.id)).toEqual([expect.objectContaining({ failures: 0, locked_until: null })]);

    const withCode = await secondStep(await passwordStep(staff), { code: totpCode(staff.secret, 1) });
    expect(withCode.statusCode).toBe(200);
    expect(withCode.json().user.id).toBe(staff.id);
    const withRecoveryCode = await secondStep(await passwordStep(staff), { recovery_code: staff.recoveryCodes[0]! });
    expect(withRecoveryCode.statusCode).toBe(200);
  });

  it('lets the owner in once a lock has run out: the right password sets no new lock, and the code follows within the second step', async () => {
    const staff = await createEnrolledStaff(t);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const token = await passwordStep(staff);
    // Wrong codes are guesses: staff's third one locks the account for a minute.
    for (let attempt = 0; attempt < LOGIN_POLICIES.admin.free; attempt += 1) {
      expect((await secondStep(token, { code: '000000' })).json().code).toBe('invalid_two_factor_code');
    }
    const locked = await login(staff);
    expect(locked.statusCode).toBe(429);
    const wait = Number(locked.headers['retry-after']);
    expect(wait).toBe(LOGIN_POLICIES.admin.firstLockSeconds);

    vi.setSystemTime(Date.now() + wait * 1000 + 1000);
    const fresh = await passwordStep(staff);
    // Nearly the whole life of the second step later, the code still signs in.
    vi.setSystemTime(Date.now() + (TWO_FACTOR.challengeSeconds - 5) * 1000);
    const response = await secondStep(fresh, { code: totpCode(staff.secret) });
    expect(response.statusCode).toBe(200);
    expect(await throttleRows(staff.id)).toEqual([]);
  });

  it('counts none of the right passwords sent at once, and leaves no lock behind', async () => {
    const staff = await createEnrolledStaff(t);
    const answers = await Promise.all(Array.from({ length: 10 }, () => login(staff)));
    // One that is checked while another's attempt is still counted may be refused for now, never counted.
    expect(answers.every((answer) => answer.statusCode === 200 || answer.statusCode === 429)).toBe(true);
    expect(answers.some((answer) => answer.statusCode === 200)).toBe(true);
    expect(await throttleRows(staff.id)).toEqual([expect.objectContaining({ failures: 0, locked_until: null })]);
    expect((await secondStep(await passwordStep(staff), { code: totpCode(staff.secret, 1) })).statusCode).toBe(200);
  });

  it('counts only the wrong ones of right and wrong passwords sent at once, and checks no more wrong ones than the free attempts', async () => {
    const staff = await createEnrolledStaff(t);
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) => login({ username: staff.username, password: i % 2 === 0 ? staff.password : `guess-${i}` })),
    );
    const wrongChecked = answers.filter((answer) => answer.statusCode === 401).length;
    expect(wrongChecked).toBeLessThanOrEqual(LOGIN_POLICIES.admin.free);
    const [row] = await throttleRows(staff.id);
    expect(row?.failures).toBe(wrongChecked);
    if (wrongChecked < LOGIN_POLICIES.admin.free) expect(row?.locked_until).toBeNull();
  });

  it('still counts a wrong code after a lock has run out, and locks for twice as long', async () => {
    const staff = await createEnrolledStaff(t);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const token = await passwordStep(staff);
    for (let attempt = 0; attempt < LOGIN_POLICIES.admin.free; attempt += 1) await secondStep(token, { code: '000000' });
    vi.setSystemTime(Date.now() + LOGIN_POLICIES.admin.firstLockSeconds * 1000 + 1000);
    expect((await secondStep(await passwordStep(staff), { code: '000001' })).statusCode).toBe(400);
    const locked = await login(staff);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBe(2 * LOGIN_POLICIES.admin.firstLockSeconds);
  });
});

describe('recovery codes', () => {
  it('sign in once each, whatever the case, spaces or dashes typed', async () => {
    const staff = await createEnrolledStaff(t);
    const [first, second] = staff.recoveryCodes;
    const typed = ` ${first!.toUpperCase().replace('-', ' ')} `;
    expect((await secondStep(await passwordStep(staff), { recovery_code: typed })).statusCode).toBe(200);
    const reused = await secondStep(await passwordStep(staff), { recovery_code: first! });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('invalid_two_factor_code');
    await clearLock(staff.id);
    expect((await secondStep(await passwordStep(staff), { recovery_code: second! })).statusCode).toBe(200);
    const status = await t.request({ method: 'GET', url: '/api/auth/2fa', token: staff.token });
    expect(status.json().recovery_codes_left).toBe(8);
  });

  it('is spent once when two sign-ins bring it at the same moment', async () => {
    const staff = await createEnrolledStaff(t);
    const tokens = await Promise.all([passwordStep(staff), passwordStep(staff), passwordStep(staff)]);
    await clearLock(staff.id);
    const answers = await Promise.all(tokens.map((token) => secondStep(token, { recovery_code: staff.recoveryCodes[3]! })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400, 400]);
  });

  it("of one account does not open another's", async () => {
    const [owner, other] = await Promise.all([createEnrolledStaff(t), createEnrolledStaff(t)]);
    const response = await secondStep(await passwordStep(other), { recovery_code: owner.recoveryCodes[0]! });
    expect(response.statusCode).toBe(400);
  });

  it('are replaced by new ones with a code; the old ones stop working', async () => {
    const staff = await createEnrolledStaff(t);
    const wrong = await t.request({ method: 'POST', url: '/api/auth/2fa/recovery-codes', token: staff.token, payload: { password: staff.password, code: '000000' } });
    expect(wrong.statusCode).toBe(400);
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/2fa/recovery-codes',
      token: staff.token,
      payload: { password: staff.password, code: totpCode(staff.secret, 1) },
    });
    expect(response.statusCode).toBe(200);
    const fresh = response.json().recovery_codes as string[];
    expect((await secondStep(await passwordStep(staff), { recovery_code: staff.recoveryCodes[5]! })).statusCode).toBe(400);
    await clearLock(staff.id);
    expect((await secondStep(await passwordStep(staff), { recovery_code: fresh[5]! })).statusCode).toBe(200);
  });
});

describe('turning two-factor sign-in off', () => {
  it('needs the password and a code', async () => {
    const staff = await createEnrolledStaff(t);
    const disable = (payload: object) => t.request({ method: 'POST', url: '/api/auth/2fa/disable', token: staff.token, payload });

    const noCode = await disable({ password: staff.password });
    expect(noCode.statusCode).toBe(400);
    const wrongPassword = await disable({ password: 'not-the-password', code: totpCode(staff.secret, 1) });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().code).toBe('invalid_current_password');
    const wrongCode = await disable({ password: staff.password, code: '000000' });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().code).toBe('invalid_two_factor_code');
    expect((await userRow(staff.id)).totp_enabled_at).not.toBeNull();

    // Wrong attempts count: clear them so the right one is not locked out.
    await clearLock(staff.id);
    const right = await disable({ password: staff.password, code: totpCode(staff.secret, 1) });
    expect(right.statusCode).toBe(200);
    const row = await userRow(staff.id);
    expect(row).toMatchObject({ totp_secret: null, totp_enabled_at: null, totp_last_step: null });
    expect(await t.app.db.selectFrom('recovery_codes').select('id').where('user_id', '=', staff.id).execute()).toEqual([]);
    // The password alone signs in again.
    expect((await login(staff)).json()).toHaveProperty('access_token');
    const off = await t.request({
      method: 'POST',
      url: '/api/auth/2fa/disable',
      token: staff.token,
      payload: { password: staff.password, code: '123456' },
    });
    expect(off.statusCode).toBe(409);
    expect(off.json().code).toBe('two_factor_not_enabled');
  });
});

describe('requiring two-factor sign-in of every staff account', () => {
  const setRequired = (token: string, value: boolean) =>
    t.request({ method: 'PUT', url: '/api/admin/settings', token, payload: { require_staff_two_factor: value } });

  it('is off by default, and refused to an admin who has not set it up', async () => {
    const admin = await t.adminToken();
    expect((await t.request({ method: 'GET', url: '/api/admin/settings', token: admin })).json().require_staff_two_factor).toBe(false);
    const response = await setRequired(admin, true);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      detail: 'Set up two-factor sign-in for your own account (under Security) before requiring it of every staff account.',
      code: 'own_two_factor_required',
    });
  });

  it('limits an admin without it to setting it up, and lets them in once set up', async () => {
    const owner = await createEnrolledStaff(t);
    const session = (await secondStep(await passwordStep(owner), { code: totpCode(owner.secret, 1) })).json().access_token as string;
    expect((await setRequired(session, true)).statusCode).toBe(200);
    try {
      // An admin who signed in with the password alone, before or after the setting changed.
      const staff = await createStaff(t);
      const refused = await adminStats(staff.token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('two_factor_enrolment_required');
      expect((await t.request({ method: 'GET', url: '/api/admin/settings', token: staff.token })).statusCode).toBe(403);
      expect((await setRequired(staff.token, false)).statusCode).toBe(403);
      // Its own account still answers, and the setup is open.
      expect((await t.request({ method: 'GET', url: '/api/auth/me', token: staff.token })).statusCode).toBe(200);
      const status = await t.request({ method: 'GET', url: '/api/auth/2fa', token: staff.token });
      expect(status.json()).toMatchObject({ enabled: false, required: true });
      const { secret } = (await t.request({ method: 'POST', url: '/api/auth/2fa/setup', token: staff.token, payload: { password: staff.password } })).json();
      const enabled = await t.request({
        method: 'POST',
        url: '/api/auth/2fa/enable',
        token: staff.token,
        payload: { password: staff.password, code: totpCode(secret) },
      });
      expect(enabled.statusCode).toBe(200);
      expect((await adminStats(staff.token)).statusCode).toBe(200);

      // While required, it cannot be turned off.
      const off = await t.request({
        method: 'POST',
        url: '/api/auth/2fa/disable',
        token: staff.token,
        payload: { password: staff.password, code: totpCode(secret, 1) },
      });
      expect(off.statusCode).toBe(409);
      expect(off.json().code).toBe('two_factor_required_by_settings');
      // A shopper's routes are not touched by it.
      const shopper = await t.registerUser();
      expect((await t.request({ method: 'GET', url: '/api/orders', token: shopper.token })).statusCode).toBe(200);
    } finally {
      expect((await setRequired(session, false)).statusCode).toBe(200);
    }
    expect((await adminStats(await t.adminToken())).statusCode).toBe(200);
  });
});

describe('the per-address limit', () => {
  it('covers the second step like the password step', async () => {
    const limited = await build({ AUTH_RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const payload = { token: 'A'.repeat(43), code: '123456' };
      const codes: number[] = [];
      for (let i = 0; i < 3; i += 1)
        codes.push((await limited.request({ method: 'POST', url: '/api/auth/login/2fa', payload })).statusCode);
      expect(codes).toEqual([401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});
