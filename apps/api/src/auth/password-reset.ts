import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';
import type { RouteHandlers } from '../http/register-routes.ts';
import { shopOrigin } from '../http/shop-origin.ts';
import { sendMailSoon } from '../mail/outbox.ts';
import { afterAnswer, endAccountLinks, findLinkOwner, LINK_RULES, mailAccountLink, mailAvailable, NO_MAIL_MESSAGE, spendAccountLink } from './account-links.ts';
import { findUserByEmail } from './user-repository.ts';
import { checkNewPassword } from './password-rules.ts';
import { hashPassword } from './passwords.ts';
import { composeSecurityNotice, noticeSource, queueSecurityNotice } from './security-notices.ts';

/** How long a reset link works (docs/decisions/023-password-reset.md). */
export const RESET_LINK_MINUTES = LINK_RULES.password_reset.minutes;
/** Reset mails one account is sent per hour, whoever asks: a flood of requests cannot flood its inbox. */
export const RESET_MAILS_PER_HOUR = LINK_RULES.password_reset.mailsPerHour;

/** The one answer to every request, whether an account has the email or not. */
export const RESET_REQUESTED_MESSAGE =
  'If an account uses this email, a link to set a new password is on its way. It works once, within 30 minutes.';

const invalidLink = () =>
  new AppError('bad_request', 'This reset link is invalid, used already or expired. Ask for a new one.', 'invalid_reset_link');

export function passwordResetHandlers(app: FastifyInstance): Pick<RouteHandlers, 'requestPasswordReset' | 'resetPassword'> {
  const later = afterAnswer(app);

  /** Issues a link for the account of `email`, if there is one and it is not over its hourly cap, and queues its mail. */
  async function mailResetLink(email: string, origin: string): Promise<void> {
    const user = await findUserByEmail(app.db, email);
    if (!user?.is_active) return;
    await mailAccountLink(app, user, 'password_reset', (link, siteName) => ({
      subject: `Reset your password — ${siteName}`,
      heading: 'Reset your password',
      intro: [
        `Hello ${user.username},`,
        `Someone asked to set a new password for your account at ${siteName}. If it was you, open this link within ${RESET_LINK_MINUTES} minutes:`,
      ],
      action: { label: 'Set a new password', href: link(`${origin}/reset-password`) },
      outro: ['The link works once. If you did not ask, ignore this email: your password stays as it is.'],
    }));
  }

  return {
    // The mail is prepared after the answer is sent, so the answer takes the same time for every email.
    // Whether mail can go out is the same for every email, so saying it reveals nothing about accounts.
    requestPasswordReset: async ({ body, request }) => {
      if (!(await mailAvailable(app))) return { message: NO_MAIL_MESSAGE, mailed: false };
      later(() => mailResetLink(body.email.trim(), shopOrigin(app, request)), request.log, 'password reset link not issued');
      return { message: RESET_REQUESTED_MESSAGE, mailed: true };
    },

    resetPassword: async ({ body, request }) => {
      const found = await findLinkOwner(app, body.token, 'password_reset');
      if (!found) throw invalidLink();
      if (!found.is_active) throw new AppError('forbidden', 'This account is disabled', 'account_disabled');
      // Checked before the link is spent: a refused password leaves the link working.
      checkNewPassword(body.new_password, found);
      const passwordHash = await hashPassword(body.new_password);
      const notice = await composeSecurityNotice(app, found, 'password_reset', noticeSource(app, request));
      const { ended, mailId } = await app.db.transaction().execute(async (trx) => {
        const userId = await spendAccountLink(trx, body.token, 'password_reset');
        if (!userId) throw invalidLink();
        await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
        // The account's other links stop working, and whoever was signed in is signed out.
        await endAccountLinks(trx, userId, ['password_reset', 'magic_link']);
        const sessions = await trx.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
        return { ended: Number(sessions.numDeletedRows), mailId: await queueSecurityNotice(trx, notice) };
      });
      sendMailSoon(app, mailId);
      request.log.info({ userId: found.id, sessionsEnded: ended }, 'password reset with a mailed link');
      return { message: 'Your new password is set, and every session of the account was signed out. Sign in with it now.' };
    },
  };
}
