import { AuthResponseSchema, UserSchema } from '@store/contracts';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, build, type TestApp } from './helpers/build.ts';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

describe('registration', () => {
  it('creates an account and answers a session that matches the contract', async () => {
    const response = await t.request({ method: 'POST', url: '/api/auth/register', payload: { username: 'alice', email: 'alice@example.com', password: 'kettle-lamp-7' } });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(Value.Check(AuthResponseSchema, body)).toBe(true);
    expect(body.user).toMatchObject({ username: 'alice', email: 'alice@example.com', role: 'user', is_active: true });
    expect(JSON.stringify(body)).not.toMatch(/password|hash|token_version/);
  });

  it("refuses a password shorter than 6 characters with the spec's message", async () => {
    const response = await t.request({ method: 'POST', url: '/api/auth/register', payload: { username: 'shorty', email: 'shorty@example.com', password: '12345' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Password must be at least 6 characters', code: 'validation_error' });
  });

  it('answers a missing field with a message naming it, not the rule of its format', async () => {
    const response = await t.request({ method: 'POST', url: '/api/auth/register', payload: { email: 'nouser@example.com', password: 'kettle-lamp-7' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe('username is required');
  });

  it('refuses an email that is not an email', async () => {
    const response = await t.request({ method: 'POST', url: '/api/auth/register', payload: { username: 'mailless', email: 'not-an-email', password: 'kettle-lamp-7' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe('Enter a valid email address');
  });

  it('refuses a username or email already taken, ignoring case', async () => {
    await t.registerUser({ username: 'Carol', email: 'carol@example.com' });
    const sameName = await t.request({ method: 'POST', url: '/api/auth/register', payload: { username: 'carol', email: 'other@example.com', password: 'kettle-lamp-7' } });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toEqual({ detail: 'Username is already taken', code: 'username_taken' });
    const sameEmail = await t.request({ method: 'POST', url: '/api/auth/register', payload: { username: 'carol2', email: 'CAROL@example.com', password: 'kettle-lamp-7' } });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toEqual({ detail: 'Email is already registered', code: 'email_taken' });
  });

  it('cannot make itself an admin: unknown fields such as role are ignored', async () => {
    const response = await t.request({ method: 'POST', url: '/api/auth/register', payload: { username: 'mallory', email: 'mallory@example.com', password: 'kettle-lamp-7', role: 'admin', is_active: false } });
    expect(response.statusCode).toBe(201);
    expect(response.json().user).toMatchObject({ role: 'user', is_active: true });
  });

  it('keeps a 64-character password whole (no truncation)', async () => {
    const password = 'p'.repeat(63) + 'x';
    const { user } = await t.registerUser({ password });
    const truncated = await t.request({ method: 'POST', url: '/api/auth/login', payload: { username: user.username, password: 'p'.repeat(63) + 'y' } });
    expect(truncated.statusCode).toBe(401);
    const whole = await t.request({ method: 'POST', url: '/api/auth/login', payload: { username: user.username, password } });
    expect(whole.statusCode).toBe(200);
  });
});

describe('login', () => {
  it('signs in with the username', async () => {
    const response = await t.request({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin', password: ADMIN_PASSWORD } });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ username: 'admin', role: 'admin' });
  });

  it('signs in with the email, in any case', async () => {
    const { user, password } = await t.registerUser();
    const response = await t.request({ method: 'POST', url: '/api/auth/login', payload: { username: user.email.toUpperCase(), password } });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.id).toBe(user.id);
  });

  it('refuses a wrong password and an unknown account with the same answer', async () => {
    const { user } = await t.registerUser();
    const wrong = await t.request({ method: 'POST', url: '/api/auth/login', payload: { username: user.username, password: 'wrong-password' } });
    const unknown = await t.request({ method: 'POST', url: '/api/auth/login', payload: { username: 'nobody-here', password: 'wrong-password' } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({ detail: 'Incorrect username or password', code: 'invalid_credentials' });
  });

  it('requires both fields', async () => {
    const response = await t.request({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin', password: '' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe('Enter your password');
  });

  it('refuses a disabled account', async () => {
    const { user, password } = await t.registerUser();
    await t.app.db.updateTable('users').set({ is_active: false }).where('id', '=', user.id).execute();
    const response = await t.request({ method: 'POST', url: '/api/auth/login', payload: { username: user.username, password } });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('account_disabled');
  });

  it('stores an argon2id hash, never the password', async () => {
    const { user, password } = await t.registerUser();
    const row = await t.app.db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.password_hash).not.toContain(password);
  });
});

describe('the current user', () => {
  it('answers the account behind a valid token', async () => {
    const { token, user } = await t.registerUser();
    const response = await t.request({ method: 'GET', url: '/api/auth/me', token });
    expect(response.statusCode).toBe(200);
    expect(Value.Check(UserSchema, response.json())).toBe(true);
    expect(response.json().id).toBe(user.id);
  });

  it('answers 401 without a token', async () => {
    const response = await t.request({ method: 'GET', url: '/api/auth/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'Not authenticated', code: 'unauthorized' });
  });

  it('answers 401 to a forged token', async () => {
    const { token } = await t.registerUser();
    const [header, payload] = token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: '00000000-0000-4000-8000-000000000000' })).toString('base64url');
    const forged = `${header}.${forgedPayload}.${token.split('.')[2]}`;
    const response = await t.request({ method: 'GET', url: '/api/auth/me', token: forged });
    expect(response.statusCode).toBe(401);
    expect(response.json().detail).toBe('Invalid authentication token');
  });

  it('answers 401 to a token signed with another key or with alg none', async () => {
    const { user } = await t.registerUser();
    const other = t.app.jwt.sign({ sub: user.id, sid: '00000000-0000-4000-8000-000000000000' }, { key: 'another-secret-another-secret-another-secret' } as never);
    expect((await t.request({ method: 'GET', url: '/api/auth/me', token: other })).statusCode).toBe(401);
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify({ sub: user.id, sid: '00000000-0000-4000-8000-000000000000' })).toString('base64url')}.`;
    expect((await t.request({ method: 'GET', url: '/api/auth/me', token: none })).statusCode).toBe(401);
  });

  it('answers 401 to an expired token', async () => {
    const { user } = await t.registerUser();
    // Issued as if 30 days ago: long past the configured lifetime.
    const expired = t.app.jwt.sign({ sub: user.id, sid: '00000000-0000-4000-8000-000000000000' }, { clockTimestamp: Date.now() - 30 * 24 * 3600 * 1000 } as never);
    const response = await t.request({ method: 'GET', url: '/api/auth/me', token: expired });
    expect(response.statusCode).toBe(401);
    expect(response.json().detail).toBe('Your session has expired. Please log in again.');
  });

  it('refuses a token whose session row is gone', async () => {
    const { token, user } = await t.registerUser();
    await t.app.db.deleteFrom('sessions').where('user_id', '=', user.id).execute();
    expect((await t.request({ method: 'GET', url: '/api/auth/me', token })).statusCode).toBe(401);
  });
});
