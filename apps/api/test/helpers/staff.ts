import { randomBytes } from 'node:crypto';
import { TWO_FACTOR } from '@store/contracts';
import { HOTP, Secret } from 'otpauth';
import { hashPassword } from '../../src/auth/passwords.ts';
import { insertUser } from '../../src/auth/user-repository.ts';
import type { TestApp } from './build.ts';

/** The code an authenticator app shows for `secret` at `time` (ms), `steps` 30-second steps later; made with the same library as the server. */
export function totpCode(secret: string, steps = 0, time = Date.now()): string {
  const step = Math.floor(time / 1000 / TWO_FACTOR.periodSeconds) + steps;
  return new HOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: TWO_FACTOR.digits }).generate({ counter: step });
}

export interface Staff {
  id: string;
  username: string;
  email: string;
  password: string;
  /** A session opened with the password (before any two-factor sign-in). */
  token: string;
}

/** A new staff account of the test's own (the bootstrap admin stays as the other tests expect it), signed in with its password. */
export async function createStaff(t: TestApp): Promise<Staff> {
  const suffix = randomBytes(4).toString('hex');
  const password = `staff-password-${suffix}`;
  const row = await insertUser(t.app.db, {
    username: `staff${suffix}`,
    email: `staff${suffix}@example.com`,
    password_hash: await hashPassword(password),
    role: 'admin',
  });
  const response = await t.request({ method: 'POST', url: '/api/auth/login', payload: { username: row.username, password } });
  if (response.statusCode !== 200) throw new Error(`staff login failed: ${response.statusCode} ${response.body}`);
  return { id: row.id, username: row.username, email: row.email, password, token: response.json().access_token as string };
}

export interface EnrolledStaff extends Staff {
  secret: string;
  recoveryCodes: string[];
}

/** Staff with two-factor sign-in on: set up and confirmed with the code of the current step (which is then taken). */
export async function createEnrolledStaff(t: TestApp): Promise<EnrolledStaff> {
  const staff = await createStaff(t);
  const setup = await t.request({ method: 'POST', url: '/api/auth/2fa/setup', token: staff.token, payload: { password: staff.password } });
  if (setup.statusCode !== 200) throw new Error(`2fa setup failed: ${setup.statusCode} ${setup.body}`);
  const secret = setup.json().secret as string;
  const enable = await t.request({ method: 'POST', url: '/api/auth/2fa/enable', token: staff.token, payload: { password: staff.password, code: totpCode(secret) } });
  if (enable.statusCode !== 200) throw new Error(`2fa enable failed: ${enable.statusCode} ${enable.body}`);
  return { ...staff, secret, recoveryCodes: enable.json().recovery_codes as string[] };
}
