import { randomBytes, timingSafeEqual } from 'node:crypto';
import { TWO_FACTOR } from '@store/contracts';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { HOTP, Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Database, UserRow } from '../db/schema.ts';
import { badRequest } from '../errors.ts';
import type { DataCipher } from '../security/data-encryption.ts';

/*
 * TOTP (RFC 6238) and recovery codes of staff's two-factor sign-in (docs/decisions/030-two-factor-sign-in.md).
 * The codes are what authenticator apps make by default: HMAC-SHA-1, 6 digits, 30-second steps.
 */

const ALGORITHM = 'SHA1';
/** 160 bits, the HMAC-SHA-1 key size RFC 4226 recommends. */
const SECRET_BYTES = 20;

/** The secret sealed to its account: a sealed secret copied to another account's row fails to open there. */
const secretContext = (userId: string) => `users.totp_secret:${userId}`;
const recoveryContext = (userId: string) => `recovery_codes:${userId}`;

/** A new random secret, in base32 (what the apps take typed in). */
export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

export const sealTotpSecret = (cipher: DataCipher, userId: string, secret: string) => cipher.encrypt(secret, secretContext(userId));

export const openTotpSecret = (cipher: DataCipher, userId: string, sealed: string) => cipher.decrypt(sealed, secretContext(userId));

/** The otpauth:// URI of the secret (what the QR code holds): the app shows the issuer and the account. */
export function otpauthUri(secret: string, issuer: string, account: string): string {
  return new TOTP({
    issuer,
    label: account,
    secret: Secret.fromBase32(secret),
    algorithm: ALGORITHM,
    digits: TWO_FACTOR.digits,
    period: TWO_FACTOR.periodSeconds,
  }).toString();
}

/** The QR code of `uri` as a PNG data: URL, made here so the secret never goes to a third party. */
export function qrCodeDataUrl(uri: string): Promise<string> {
  return QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
}

/** The 30-second step `time` falls in. */
export const stepAt = (time: number) => Math.floor(time / 1000 / TWO_FACTOR.periodSeconds);

/**
 * The latest step within the window around `now` whose code is `code`, or null. Every step of the window
 * is compared (in constant time), so the answer does not depend on where a match was found.
 */
export function matchingStep(secret: string, code: string, now: number): number | null {
  const hotp = new HOTP({ secret: Secret.fromBase32(secret), algorithm: ALGORITHM, digits: TWO_FACTOR.digits });
  const given = Buffer.from(code);
  const current = stepAt(now);
  let found: number | null = null;
  for (let step = current - TWO_FACTOR.window; step <= current + TWO_FACTOR.window; step += 1) {
    const expected = Buffer.from(hotp.generate({ counter: step }));
    if (expected.length === given.length && timingSafeEqual(expected, given)) found = step;
  }
  return found;
}

/**
 * Takes `step` for the account: only a step later than the last one taken, in one conditional UPDATE, so a
 * code is taken once even when two requests bring it at the same moment (RFC 6238 §5.2).
 */
export async function takeTotpStep(db: Kysely<Database>, userId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('id', '=', userId)
    .where('totp_enabled_at', 'is not', null)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// 32 letters and digits without 0, 1, l and o (easily misread): 5 random bits a character, no bias.
const RECOVERY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
const RECOVERY_LENGTH = 10;

/** Ten new recovery codes, `xxxxx-xxxxx` (50 random bits each). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: TWO_FACTOR.recoveryCodes }, () => {
    const chars = [...randomBytes(RECOVERY_LENGTH)].map((byte) => RECOVERY_ALPHABET[byte & 31]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** A recovery code as typed: case, spaces and dashes do not matter. */
export const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

const recoveryDigest = (cipher: DataCipher, userId: string, code: string) =>
  cipher.digest(normalizeRecoveryCode(code), recoveryContext(userId));

/** Replaces the account's recovery codes by `codes` (inside the caller's transaction). */
export async function storeRecoveryCodes(trx: Kysely<Database>, cipher: DataCipher, userId: string, codes: string[]): Promise<void> {
  await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await trx
    .insertInto('recovery_codes')
    .values(codes.map((code) => ({ user_id: userId, code_digest: recoveryDigest(cipher, userId, code) })))
    .execute();
}

/** Spends one recovery code: the conditional UPDATE lets only one request spend it, however many bring it at once. */
export async function spendRecoveryCode(db: Kysely<Database>, cipher: DataCipher, userId: string, code: string): Promise<boolean> {
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('code_digest', '=', recoveryDigest(cipher, userId, code))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function countRecoveryCodesLeft(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export type SecondFactor = { kind: 'code'; code: string } | { kind: 'recovery_code'; code: string };

/** The one second factor of a request body: a code or a recovery code, not both, not neither. */
export function secondFactorOf(body: { code?: string; recovery_code?: string }): SecondFactor {
  if (body.code !== undefined && body.recovery_code === undefined) return { kind: 'code', code: body.code };
  if (body.recovery_code !== undefined && body.code === undefined && normalizeRecoveryCode(body.recovery_code) !== '') {
    return { kind: 'recovery_code', code: body.recovery_code };
  }
  throw badRequest('Enter the code from your authenticator app or one recovery code', 'validation_error');
}

/**
 * Checks and spends a second factor of an account with two-factor sign-in on: a code of the window whose
 * step is later than the last taken, or an unused recovery code. False for anything else.
 */
export async function checkSecondFactor(
  db: Kysely<Database>,
  cipher: DataCipher,
  user: UserRow,
  factor: SecondFactor,
  now = Date.now(),
): Promise<boolean> {
  if (!user.totp_enabled_at || !user.totp_secret) return false;
  if (factor.kind === 'recovery_code') return spendRecoveryCode(db, cipher, user.id, factor.code);
  const step = matchingStep(openTotpSecret(cipher, user.id, user.totp_secret), factor.code, now);
  return step !== null && takeTotpStep(db, user.id, step);
}
