import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { recordAuditChange } from '../audit/audit-trail.ts';
import type { UserRow } from '../db/schema.ts';
import { AppError, badRequest, conflict } from '../errors.ts';
import type { RouteHandlers } from '../http/register-routes.ts';
import { sendMailSoon } from '../mail/outbox.ts';
import { readSettings } from '../settings/settings-repository.ts';
import { sessionAnswer } from './handlers.ts';
import { beginAttempt, LOGIN_POLICIES, recordSuccess, throttleKey } from './login-throttle.ts';
import { verifyPassword } from './passwords.ts';
import { composeSecurityNotice, noticeSource, queueSecurityNotice, recordSignIn } from './security-notices.ts';
import {
  checkSecondFactor,
  countRecoveryCodesLeft,
  matchingStep,
  newRecoveryCodes,
  newTotpSecret,
  openTotpSecret,
  otpauthUri,
  qrCodeDataUrl,
  sealTotpSecret,
  secondFactorOf,
  storeRecoveryCodes,
  type SecondFactor,
} from './two-factor.ts';
import { dropTwoFactorChallenges, findTwoFactorChallenge, recordWrongCode, spendTwoFactorChallenge } from './two-factor-challenge.ts';
import { findUserById } from './user-repository.ts';

type TwoFactorRoutes =
  'loginTwoFactor' | 'twoFactorStatus' | 'twoFactorSetup' | 'twoFactorEnable' | 'twoFactorDisable' | 'twoFactorRecoveryCodes';

/** The audit trail's target of a staff member's own two-factor change: their account (never the secret or the codes). */
const ownAccount = (row: { id: string; username: string }) => ({ targetType: 'users', targetId: row.id, targetLabel: row.username });

const tokenInvalid = () =>
  new AppError('unauthorized', 'This sign-in has expired. Sign in with your password again.', 'two_factor_token_invalid');
const wrongCode = () =>
  badRequest('That code is not right, or it was used already. Enter the code your app shows now.', 'invalid_two_factor_code');
const RECOVERY_CODES_MESSAGE =
  'Save these recovery codes somewhere safe: each signs you in once without your phone. They are shown only now.';

/**
 * Two-factor sign-in for staff (docs/decisions/030-two-factor-sign-in.md): the setup (a secret sealed at
 * rest, its QR code, a code to confirm, ten recovery codes), turning it off, new recovery codes, and the
 * sign-in's second step. Every change asks for the password again, and every check of a password or a code
 * counts against the same per-account limit as the sign-in.
 */
export function twoFactorHandlers(app: FastifyInstance): Pick<RouteHandlers, TwoFactorRoutes> {
  async function account(id: string): Promise<UserRow> {
    const row = await findUserById(app.db, id);
    if (!row) throw new AppError('unauthorized', 'Invalid authentication token', 'unauthorized');
    return row;
  }

  /**
   * The password asked again before a change of how the account signs in, and the second factor when it
   * has one, under the sign-in throttle like the password change's current password: a stolen session
   * must become neither a way to guess them nor a way to change them (docs/decisions/015-trust.md, 030).
   */
  async function confirmOwner(row: UserRow, password: string, factor: SecondFactor | null, ip: string): Promise<void> {
    await beginAttempt(app.db, await throttleKey(app.db, row, row.username, ip), LOGIN_POLICIES[row.role]);
    if (!(await verifyPassword(row.password_hash, password))) throw badRequest('The password is not correct', 'invalid_current_password');
    if (factor && !(await checkSecondFactor(app.db, app.dataCipher, row, factor))) throw wrongCode();
    await recordSuccess(app.db, row.id, ip);
  }


  return {
    loginTwoFactor: async ({ body, request }) => {
      const factor = secondFactorOf(body);
      const challenge = await findTwoFactorChallenge(app, body.token);
      if (!challenge?.user.totp_enabled_at) throw tokenInvalid();
      const { user } = challenge;
      // Counted before the code is checked, as the password is: parallel guesses cannot slip in before the lock.
      await beginAttempt(app.db, await throttleKey(app.db, user, user.username, request.ip), LOGIN_POLICIES[user.role]);
      if (!(await checkSecondFactor(app.db, app.dataCipher, user, factor))) {
        const open = await recordWrongCode(app.db, challenge.id);
        request.log.info({ userId: user.id, factor: factor.kind, challengeOpen: open }, 'login failed: wrong second factor');
        if (!open)
          throw new AppError('unauthorized', 'Too many wrong codes. Sign in with your password again.', 'two_factor_token_invalid');
        throw wrongCode();
      }
      if (!(await spendTwoFactorChallenge(app.db, challenge.id))) throw tokenInvalid();
      if (!user.is_active) {
        await recordSuccess(app.db, user.id, request.ip);
        throw new AppError('forbidden', 'This account is disabled', 'account_disabled');
      }
      await recordSignIn(app, user, request);
      request.log.info({ userId: user.id, factor: factor.kind }, 'signed in with a second factor');
      return sessionAnswer(app, user, request.ip);
    },

    twoFactorStatus: async ({ caller }) => {
      const row = await account(caller.id);
      const settings = await readSettings(app.db, app.dataCipher);
      return {
        enabled: row.totp_enabled_at !== null,
        enabled_at: row.totp_enabled_at?.toISOString() ?? null,
        recovery_codes_left: row.totp_enabled_at ? await countRecoveryCodesLeft(app.db, row.id) : 0,
        required: settings.require_staff_two_factor,
      };
    },

    // A new secret each time, kept sealed until a code confirms it; nothing changes for the sign-in yet.
    twoFactorSetup: async ({ body, caller, request }) => {
      const row = await account(caller.id);
      if (row.totp_enabled_at)
        throw conflict('Two-factor sign-in is on already. Turn it off first to set up another app.', 'two_factor_already_enabled');
      await confirmOwner(row, body.password, null, request.ip);
      const secret = newTotpSecret();
      const result = await app.db
        .updateTable('users')
        .set({ totp_secret: sealTotpSecret(app.dataCipher, row.id, secret), totp_last_step: null })
        .where('id', '=', row.id)
        .where('totp_enabled_at', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw conflict('Two-factor sign-in is on already.', 'two_factor_already_enabled');
      const issuer = (await readSettings(app.db, app.dataCipher)).site_name;
      const uri = otpauthUri(secret, issuer, row.email);
      request.log.info({ userId: row.id }, 'two-factor setup started');
      recordAuditChange(request, { ...ownAccount(row), before: { two_factor_setup: false }, after: { two_factor_setup: true } });
      return { secret, otpauth_uri: uri, qr_code: await qrCodeDataUrl(uri), issuer, account: row.email };
    },

    twoFactorEnable: async ({ body, caller, request }) => {
      const row = await account(caller.id);
      if (row.totp_enabled_at) throw conflict('Two-factor sign-in is on already.', 'two_factor_already_enabled');
      if (!row.totp_secret) throw conflict('Start the setup first: scan the QR code, then enter the code.', 'two_factor_setup_missing');
      await confirmOwner(row, body.password, null, request.ip);
      const step = matchingStep(openTotpSecret(app.dataCipher, row.id, row.totp_secret), body.code, Date.now());
      if (step === null)
        throw badRequest(
          'That code is not right. Check that your phone shows the right time and enter the code it shows now.',
          'invalid_two_factor_code',
        );
      const codes = newRecoveryCodes();
      const notice = await composeSecurityNotice(app, row, 'two_factor_on', noticeSource(app, request));
      const { ended, mailId } = await app.db.transaction().execute(async (trx) => {
        // The secret checked is the one turned on: a setup started again meanwhile (another tab) fails this.
        const result = await trx
          .updateTable('users')
          .set({ totp_enabled_at: sql<Date>`now()`, totp_last_step: step })
          .where('id', '=', row.id)
          .where('totp_enabled_at', 'is', null)
          .where('totp_secret', '=', row.totp_secret)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1)
          throw conflict('The setup was started again meanwhile. Scan the new QR code.', 'two_factor_setup_missing');
        await storeRecoveryCodes(trx, app.dataCipher, row.id, codes);
        // Sessions opened with the password alone end: from now on a sign-in takes the code too.
        const deleted = await trx
          .deleteFrom('sessions')
          .where('user_id', '=', row.id)
          .where('id', '!=', caller.sessionId)
          .executeTakeFirst();
        return { ended: Number(deleted.numDeletedRows), mailId: await queueSecurityNotice(trx, notice) };
      });
      sendMailSoon(app, mailId);
      request.log.info({ userId: row.id, sessionsEnded: ended }, 'two-factor sign-in turned on');
      recordAuditChange(request, { ...ownAccount(row), before: { two_factor: false }, after: { two_factor: true } });
      return { recovery_codes: codes, message: RECOVERY_CODES_MESSAGE };
    },

    twoFactorDisable: async ({ body, caller, request }) => {
      const row = await account(caller.id);
      if (!row.totp_enabled_at) throw conflict('Two-factor sign-in is not on.', 'two_factor_not_enabled');
      if ((await readSettings(app.db, app.dataCipher)).require_staff_two_factor) {
        throw conflict(
          'The store requires two-factor sign-in of every staff account, so it cannot be turned off.',
          'two_factor_required_by_settings',
        );
      }
      await confirmOwner(row, body.password, secondFactorOf(body), request.ip);
      const notice = await composeSecurityNotice(app, row, 'two_factor_off', noticeSource(app, request));
      const mailId = await app.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ totp_secret: null, totp_enabled_at: null, totp_last_step: null })
          .where('id', '=', row.id)
          .execute();
        await trx.deleteFrom('recovery_codes').where('user_id', '=', row.id).execute();
        return queueSecurityNotice(trx, notice);
      });
      sendMailSoon(app, mailId);
      await dropTwoFactorChallenges(app.db, row.id);
      request.log.info({ userId: row.id }, 'two-factor sign-in turned off');
      recordAuditChange(request, { ...ownAccount(row), before: { two_factor: true }, after: { two_factor: false } });
      return { message: 'Two-factor sign-in is off. Your password alone signs you in now.' };
    },

    twoFactorRecoveryCodes: async ({ body, caller, request }) => {
      const row = await account(caller.id);
      if (!row.totp_enabled_at) throw conflict('Two-factor sign-in is not on.', 'two_factor_not_enabled');
      await confirmOwner(row, body.password, secondFactorOf(body), request.ip);
      const codes = newRecoveryCodes();
      const notice = await composeSecurityNotice(app, row, 'recovery_codes', noticeSource(app, request));
      const mailId = await app.db.transaction().execute(async (trx) => {
        await storeRecoveryCodes(trx, app.dataCipher, row.id, codes);
        return queueSecurityNotice(trx, notice);
      });
      sendMailSoon(app, mailId);
      request.log.info({ userId: row.id }, 'new recovery codes made');
      recordAuditChange(request, { ...ownAccount(row), before: { recovery_codes: 'earlier set' }, after: { recovery_codes: 'new set of ten' } });
      return { recovery_codes: codes, message: RECOVERY_CODES_MESSAGE };
    },
  };
}
