import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { AppError } from '../errors.ts';
import type { RouteHandlers } from '../http/register-routes.ts';
import { shopOrigin } from '../http/shop-origin.ts';
import { sendMailSoon } from '../mail/outbox.ts';
import { escapeHtml } from '../orders/receipt.ts';
import { readSettings } from '../settings/settings-repository.ts';
import { checkNewPassword } from './password-rules.ts';
import { hashPassword } from './passwords.ts';

/** How long a reset link works (docs/decisions/023-password-reset.md). */
export const RESET_LINK_MINUTES = 30;
/** Reset mails one account is sent per hour, whoever asks: a flood of requests cannot flood its inbox. */
export const RESET_MAILS_PER_HOUR = 3;

/** The one answer to every request, whether an account has the email or not. */
export const RESET_REQUESTED_MESSAGE =
  'If an account uses this email, a link to set a new password is on its way. It works once, within 30 minutes.';

const digestOf = (token: string) => createHash('sha256').update(token, 'utf8').digest();

const invalidLink = () =>
  new AppError('bad_request', 'This reset link is invalid, used already or expired. Ask for a new one.', 'invalid_reset_link');

export function passwordResetHandlers(app: FastifyInstance): Pick<RouteHandlers, 'requestPasswordReset' | 'resetPassword'> {
  // The mail is prepared after the answer is sent, so the answer takes the same time for every email.
  const running = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...running]);
  });

  /** Issues a link for the account of `email`, if there is one and it is not over its hourly cap, and queues its mail. */
  async function mailResetLink(email: string, origin: string): Promise<void> {
    const user = await app.db
      .selectFrom('users')
      .select(['id', 'username', 'email', 'is_active'])
      .where(sql<string>`lower(email)`, '=', email.toLowerCase())
      .executeTakeFirst();
    if (!user?.is_active) return;
    const token = randomBytes(32).toString('base64url');
    const settings = await readSettings(app.db, app.dataCipher);
    const link = `${origin}/reset-password?token=${token}`;
    const mailId = await app.db.transaction().execute(async (trx) => {
      // One account's requests one at a time, so two at once cannot both pass the cap.
      await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`password-reset:${user.id}`}, 0))`.execute(trx);
      const recent = await trx
        .selectFrom('account_tokens')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', user.id)
        .where('purpose', '=', 'password_reset')
        .where('created_at', '>', sql<Date>`now() - make_interval(hours => 1)`)
        .executeTakeFirstOrThrow();
      if (Number(recent.n) >= RESET_MAILS_PER_HOUR) return null;
      await trx
        .insertInto('account_tokens')
        .values({
          user_id: user.id,
          purpose: 'password_reset',
          token_digest: digestOf(token),
          expires_at: sql<Date>`now() + make_interval(mins => ${RESET_LINK_MINUTES})`,
        })
        .execute();
      const queued = await trx
        .insertInto('mail_outbox')
        .values({
          kind: 'password_reset',
          order_id: null,
          recipient: user.email,
          subject: `Reset your password — ${settings.site_name}`,
          text_body: [
            `Hello ${user.username},`,
            '',
            `Someone asked to set a new password for your account at ${settings.site_name}. If it was you, open this link within ${RESET_LINK_MINUTES} minutes:`,
            '',
            link,
            '',
            'The link works once. If you did not ask, ignore this email: your password stays as it is.',
          ].join('\n'),
          html_body: `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#111">
<h1 style="font-size:20px">Reset your password</h1>
<p>Hello ${escapeHtml(user.username)},</p>
<p>Someone asked to set a new password for your account at ${escapeHtml(settings.site_name)}. If it was you, open this link within ${RESET_LINK_MINUTES} minutes:</p>
<p><a href="${escapeHtml(link)}">Set a new password</a></p>
<p>The link works once. If you did not ask, ignore this email: your password stays as it is.</p>
</body></html>`,
          last_error: null,
          sent_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return queued.id;
    });
    if (mailId === null) {
      app.log.warn({ userId: user.id }, `password reset not mailed: ${RESET_MAILS_PER_HOUR} links sent to this account within the hour`);
      return;
    }
    app.log.info({ userId: user.id }, 'password reset link mailed');
    sendMailSoon(app, mailId);
  }

  return {
    requestPasswordReset: async ({ body, request }) => {
      const work = mailResetLink(body.email.trim(), shopOrigin(app, request)).catch((error: unknown) =>
        request.log.error({ err: error }, 'password reset link not issued'),
      );
      running.add(work);
      void work.finally(() => running.delete(work));
      return { message: RESET_REQUESTED_MESSAGE };
    },

    resetPassword: async ({ body, request }) => {
      const digest = digestOf(body.token);
      const found = await app.db
        .selectFrom('account_tokens as t')
        .innerJoin('users as u', 'u.id', 't.user_id')
        .select(['u.id', 'u.username', 'u.email', 'u.is_active'])
        .where('t.token_digest', '=', digest)
        .where('t.purpose', '=', 'password_reset')
        .where('t.used_at', 'is', null)
        .where('t.expires_at', '>', sql<Date>`now()`)
        .executeTakeFirst();
      if (!found) throw invalidLink();
      if (!found.is_active) throw new AppError('forbidden', 'This account is disabled', 'account_disabled');
      // Checked before the link is spent: a refused password leaves the link working.
      checkNewPassword(body.new_password, found);
      const passwordHash = await hashPassword(body.new_password);
      const ended = await app.db.transaction().execute(async (trx) => {
        // Spent by this one statement: of two uses at once, one finds it unused.
        const spent = await trx
          .updateTable('account_tokens')
          .set({ used_at: sql`now()` })
          .where('token_digest', '=', digest)
          .where('used_at', 'is', null)
          .where('expires_at', '>', sql<Date>`now()`)
          .returning('user_id')
          .executeTakeFirst();
        if (!spent) throw invalidLink();
        await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', spent.user_id).execute();
        // The account's other links stop working, and whoever was signed in is signed out.
        await trx
          .updateTable('account_tokens')
          .set({ used_at: sql`now()` })
          .where('user_id', '=', spent.user_id)
          .where('used_at', 'is', null)
          .execute();
        const sessions = await trx.deleteFrom('sessions').where('user_id', '=', spent.user_id).executeTakeFirst();
        return Number(sessions.numDeletedRows);
      });
      request.log.info({ userId: found.id, sessionsEnded: ended }, 'password reset with a mailed link');
      return { message: 'Your new password is set, and every session of the account was signed out. Sign in with it now.' };
    },
  };
}

/** Drops links expired a day ago or more (the maintenance sweep). */
export async function pruneAccountTokens(app: FastifyInstance): Promise<void> {
  await app.db
    .deleteFrom('account_tokens')
    .where('expires_at', '<', sql<Date>`now() - make_interval(days => 1)`)
    .execute();
}
