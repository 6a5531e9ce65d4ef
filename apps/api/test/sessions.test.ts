import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beginAttempt, lockSeconds, LOGIN_POLICIES, refundAttempt } from '../src/auth/login-throttle.ts';
import { ADMIN_PASSWORD, build, type TestApp } from './helpers/build.ts';

/*
 * Sessions that end, passwords that are not the first ones tried, and sign-in throttled per account
 * whatever the address — without letting an attacker lock an account's owner out.
 */

let t: TestApp;
beforeAll(async () => {
  // The per-address limit is tested elsewhere: here only the per-account counters may answer 429.
  t = await build({ AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => t.close());

const tag = () => randomBytes(4).toString('hex');
const me = (token: string) => t.request({ method: 'GET', url: '/api/auth/me', token });
const login = (username: string, password: string, remoteAddress = '192.0.2.10') =>
  t.request({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { username, password } });
/** Moves an account's lock into the past, as if its wait were over. */
const waitOutLock = (key: string) => t.app.db.updateTable('login_throttle').set({ locked_until: new Date(Date.now() - 1000) }).where('key', 'like', `${key}%`).execute();

describe('logout', () => {
  it('ends the session on the server: the same token is refused afterwards, other sessions go on', async () => {
    const { token, user, password } = await t.registerUser();
    const other = (await login(user.username, password)).json().access_token as string;
    const out = await t.request({ method: 'POST', url: '/api/auth/logout', token });
    expect(out.statusCode).toBe(204);
    expect((await me(token)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(200);
  });
});

describe('changing the password', () => {
  it('needs the current password, and ends every other session but this one', async () => {
    const { token, user, password } = await t.registerUser();
    const elsewhere = (await login(user.username, password)).json().access_token as string;
    const wrong = await t.request({ method: 'POST', url: '/api/auth/password', token, payload: { current_password: 'not-it-at-all', new_password: 'violet-harbour-92' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('invalid_current_password');

    const changed = await t.request({ method: 'POST', url: '/api/auth/password', token, payload: { current_password: password, new_password: 'violet-harbour-92' } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().message).toMatch(/other sessions were signed out/);
    expect((await me(token)).statusCode).toBe(200);
    expect((await me(elsewhere)).statusCode).toBe(401);
    expect((await login(user.username, password)).statusCode).toBe(401);
    expect((await login(user.username, 'violet-harbour-92')).statusCode).toBe(200);
  });

  it('refuses a common password, and the account’s own name, with a clear message', async () => {
    const { token, user, password } = await t.registerUser();
    for (const candidate of ['123456', 'Password1', 'qwerty123', user.username]) {
      const response = await t.request({ method: 'POST', url: '/api/auth/password', token, payload: { current_password: password, new_password: candidate } });
      expect(response.statusCode, candidate).toBe(400);
      expect(response.json().code).toBe('password_too_common');
    }
    expect((await login(user.username, password)).statusCode).toBe(200);
  });
});

describe('registration', () => {
  it('refuses one of the most common passwords, and keeps the spec’s minimum of 6', async () => {
    const name = `common${tag()}`;
    const common = await t.request({ method: 'POST', url: '/api/auth/register', payload: { username: name, email: `${name}@example.com`, password: 'iloveyou' } });
    expect(common.statusCode).toBe(400);
    expect(common.json()).toEqual({ detail: 'This password is too common and would be guessed quickly. Please choose another one.', code: 'password_too_common' });
    const short = await t.request({ method: 'POST', url: '/api/auth/register', payload: { username: name, email: `${name}@example.com`, password: 'x7!kq' } });
    expect(short.json().detail).toBe('Password must be at least 6 characters');
    const fine = await t.request({ method: 'POST', url: '/api/auth/register', payload: { username: name, email: `${name}@example.com`, password: 'x7!kqz' } });
    expect(fine.statusCode).toBe(201);
  });
});

describe('deactivating an account', () => {
  it('ends its sessions at once and keeps it out; activating lets it back in', async () => {
    const admin = await t.adminToken();
    const { token, user, password } = await t.registerUser();
    const off = await t.request({ method: 'PATCH', url: `/api/admin/users/${user.id}`, token: admin, payload: { is_active: false } });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ id: user.id, is_active: false });
    expect((await me(token)).statusCode).toBe(401);
    expect(await t.app.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).toHaveLength(0);
    const refused = await login(user.username, password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('account_disabled');

    const users = await t.request({ method: 'GET', url: `/api/admin/users?search=${user.username}`, token: admin });
    expect(users.json().users[0].is_active).toBe(false);
    await t.request({ method: 'PATCH', url: `/api/admin/users/${user.id}`, token: admin, payload: { is_active: true } });
    expect((await login(user.username, password)).statusCode).toBe(200);
  });

  it('is refused for one’s own account, so the last admin cannot lock everyone out', async () => {
    const admin = await t.adminToken();
    const self = (await me(admin)).json().id as string;
    const response = await t.request({ method: 'PATCH', url: `/api/admin/users/${self}`, token: admin, payload: { is_active: false } });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('cannot_deactivate_self');
    expect((await me(admin)).statusCode).toBe(200);
  });

  it('is for staff only', async () => {
    const { token, user } = await t.registerUser();
    const response = await t.request({ method: 'PATCH', url: `/api/admin/users/${user.id}`, token, payload: { is_active: false } });
    expect(response.statusCode).toBe(403);
  });
});

describe('sign-in throttling per account', () => {
  const { free } = LOGIN_POLICIES.user;

  it(`locks an account after ${free} failures from any mix of addresses, with Retry-After, even for the right password`, async () => {
    const { user, password } = await t.registerUser();
    for (let i = 0; i < free; i += 1) expect((await login(user.username, 'wrong-guess', `203.0.113.${i + 1}`)).statusCode).toBe(401);
    const locked = await login(user.username, password, '203.0.113.200');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('account_locked');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('lets the lock run out, doubles it on the next failure, and starts again after a success', async () => {
    const { user, password } = await t.registerUser();
    for (let i = 0; i < free; i += 1) await login(user.username, 'wrong-guess', '203.0.113.50');
    const first = Number((await login(user.username, password, '203.0.113.51')).headers['retry-after']);
    await waitOutLock(`user:${user.id}`);
    expect((await login(user.username, 'wrong-again', '203.0.113.52')).statusCode).toBe(401);
    const second = Number((await login(user.username, password, '203.0.113.53')).headers['retry-after']);
    expect(second).toBeGreaterThan(first);
    await waitOutLock(`user:${user.id}`);
    expect((await login(user.username, password, '203.0.113.54')).statusCode).toBe(200);
    // A success resets the count: the next failure costs nothing.
    expect((await login(user.username, 'wrong-guess', '203.0.113.55')).statusCode).toBe(401);
    expect((await login(user.username, password, '203.0.113.56')).statusCode).toBe(200);
  });

  it(`is stricter for staff: ${LOGIN_POLICIES.admin.free} failures lock an admin account`, async () => {
    const name = `staff${tag()}`;
    const password = 'staff-password-long-1';
    await t.registerUser({ username: name, email: `${name}@example.com`, password });
    await t.app.db.updateTable('users').set({ role: 'admin' }).where('username', '=', name).execute();
    for (let i = 0; i < LOGIN_POLICIES.admin.free; i += 1) expect((await login(name, 'wrong-guess', `198.51.100.${i + 1}`)).statusCode).toBe(401);
    expect((await login(name, password, '198.51.100.99')).statusCode).toBe(429);
  });

  it('does not lock the owner out at an address the account signed in from before', async () => {
    const { user, password } = await t.registerUser();
    expect((await login(user.username, password, '192.0.2.77')).statusCode).toBe(200);
    for (let i = 0; i < free + 3; i += 1) await login(user.username, 'attacker-guess', `203.0.113.${100 + i}`);
    expect((await login(user.username, password, '203.0.113.250')).statusCode).toBe(429);
    expect((await login(user.username, password, '192.0.2.77')).statusCode).toBe(200);
  });

  it('answers an unknown name exactly as a known one, so names cannot be found this way', async () => {
    const { user } = await t.registerUser();
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < free + 1; i += 1) {
      known.push((await login(user.username, 'wrong-guess', '192.0.2.200')).statusCode);
      unknown.push((await login(`ghost${user.username}`, 'wrong-guess', '192.0.2.200')).statusCode);
    }
    expect(unknown).toEqual(known);
    expect(known.at(-1)).toBe(429);
  });

  it(`lets no more than ${free} of a burst of parallel guesses be checked`, async () => {
    const { user } = await t.registerUser();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => login(user.username, `guess-${i}`, `203.0.113.${i + 1}`)));
    const checked = answers.filter((answer) => answer.statusCode === 401).length;
    expect(checked).toBeLessThanOrEqual(free);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(20 - checked);
  });

  it('throttles the current password of a password change the same way, so a stolen token cannot guess it', async () => {
    const { token, user, password } = await t.registerUser();
    // The thief uses the token from an address the account never signed in from.
    const change = (current: string) =>
      t.request({ method: 'POST', url: '/api/auth/password', token, remoteAddress: '203.0.113.66', payload: { current_password: current, new_password: 'violet-harbour-92' } });
    for (let i = 0; i < free; i += 1) expect((await change(`guess-${i}`)).statusCode).toBe(400);
    expect((await change(password)).statusCode).toBe(429);
    expect((await login(user.username, password, '203.0.113.9')).statusCode).toBe(429);
  });

  it("takes a right password's attempt back exactly, whoever else was counted meanwhile", async () => {
    const policy = LOGIN_POLICIES.admin;
    const counter = () => {
      const key = `test:${tag()}`;
      const begin = (second: number) => beginAttempt(t.app.db, key, policy, at(second));
      const row = () => t.app.db.selectFrom('login_throttle').select(['failures', 'locked_until']).where('key', '=', key).executeTakeFirstOrThrow();
      return { begin, row };
    };
    const at = (seconds: number) => new Date(Date.UTC(2026, 10, 29, 12, 0, seconds));

    // Two wrong guesses, then a right password counted third: it set the lock, and gives it back.
    const first = counter();
    await first.begin(0);
    await first.begin(1);
    const right = await first.begin(2);
    expect(right.lockSet).toEqual(at(2 + policy.firstLockSeconds));
    await refundAttempt(t.app.db, right);
    expect(await first.row()).toEqual({ failures: 2, locked_until: null });

    // A right password and wrong guesses at once: the last guess reached the limit counting the password
    // too; without it, two guesses are no lock, and the next guess is the one that locks.
    const second = counter();
    await second.begin(0);
    const inFlight = await second.begin(1);
    await second.begin(2);
    expect((await second.row()).locked_until).toEqual(at(2 + policy.firstLockSeconds));
    await refundAttempt(t.app.db, inFlight);
    expect(await second.row()).toEqual({ failures: 2, locked_until: null });
    await second.begin(3);
    expect(await second.row()).toEqual({ failures: 3, locked_until: at(3 + policy.firstLockSeconds) });

    // After a lock, a right password whose check outlived its own lock, and a guess after that: the
    // guess's lock keeps its start and gets the length of one failure fewer.
    const third = counter();
    for (const moment of [0, 1, 2]) await third.begin(moment);
    const slow = await third.begin(100);
    const later = 100 + lockSeconds(policy, 4) + 1;
    await third.begin(later);
    await refundAttempt(t.app.db, slow);
    expect(await third.row()).toEqual({ failures: 4, locked_until: at(later + lockSeconds(policy, 4)) });
  });

  it('still lets the bootstrap admin in with the right password when nobody guessed', async () => {
    expect((await login('admin', ADMIN_PASSWORD)).statusCode).toBe(200);
  });
});
