import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { AppError } from '../errors.ts';
import type { RouteHandlers } from '../http/register-routes.ts';
import { shopOrigin } from '../http/shop-origin.ts';
import { claimGuestOrders } from '../orders/guest-claims.ts';
import { afterAnswer, findLinkOwner, LINK_RULES, mailAccountLink, mailAvailable, NO_MAIL_MESSAGE, spendAccountLink } from './account-links.ts';
import { recordSignIn } from './security-notices.ts';
import { findUserByEmail, toUser } from './user-repository.ts';

/** How long a sign-in link works (docs/decisions/024). */
export const SIGN_IN_LINK_MINUTES = LINK_RULES.magic_link.minutes;

/** The one answer to every request, whether an account has the email or not. */
export const SIGN_IN_LINK_REQUESTED_MESSAGE =
  'If an account uses this email, a sign-in link is on its way. It works once, within 15 minutes.';

const invalidLink = () =>
  new AppError('bad_request', 'This sign-in link is invalid, used already or expired. Ask for a new one.', 'invalid_sign_in_link');

/**
 * Sign-in by a mailed link, for shoppers' accounts only: a staff account is sent nothing, so the admin's
 * stricter sign-in stays the only way into it (docs/decisions/024).
 */
export function magicLinkHandlers(app: FastifyInstance): Pick<RouteHandlers, 'requestMagicLink' | 'signInWithMagicLink'> {
  const later = afterAnswer(app);

  async function mailSignInLink(email: string, origin: string): Promise<void> {
    const user = await findUserByEmail(app.db, email);
    if (!user?.is_active || user.role !== 'user') return;
    await mailAccountLink(app, user, 'magic_link', (link, siteName) => ({
      subject: `Your sign-in link — ${siteName}`,
      heading: `Sign in to ${siteName}`,
      intro: [`Hello ${user.username},`, `Open this link within ${SIGN_IN_LINK_MINUTES} minutes to sign in to your account at ${siteName}:`],
      action: { label: 'Sign in', href: link(`${origin}/sign-in-link`) },
      outro: ['The link works once. If you did not ask for it, ignore this email: nobody can sign in without it.'],
    }));
  }

  return {
    // The mail is prepared after the answer is sent, so the answer takes the same time for every email.
    // Whether mail can go out is the same for every email, so saying it reveals nothing about accounts.
    requestMagicLink: async ({ body, request }) => {
      if (!(await mailAvailable(app))) return { message: NO_MAIL_MESSAGE, mailed: false };
      later(() => mailSignInLink(body.email.trim(), shopOrigin(app, request)), request.log, 'sign-in link not issued');
      return { message: SIGN_IN_LINK_REQUESTED_MESSAGE, mailed: true };
    },

    signInWithMagicLink: async ({ body, request }) => {
      const owner = await findLinkOwner(app, body.token, 'magic_link');
      if (!owner || owner.role !== 'user') throw invalidLink();
      if (!owner.is_active) throw new AppError('forbidden', 'This account is disabled', 'account_disabled');
      const { user, claimed } = await app.db.transaction().execute(async (trx) => {
        const userId = await spendAccountLink(trx, body.token, 'magic_link');
        if (!userId) throw invalidLink();
        // The link reached the mailbox, so the email is the owner's: verified, and its guest orders join.
        const row = await trx
          .updateTable('users')
          .set({ email_verified_at: sql`coalesce(email_verified_at, now())` })
          .where('id', '=', userId)
          .returningAll()
          .executeTakeFirstOrThrow();
        return { user: row, claimed: await claimGuestOrders(trx, userId) };
      });
      await recordSignIn(app, user, request);
      request.log.info({ userId: user.id, claimedOrders: claimed }, 'signed in with a mailed link');
      return {
        access_token: await app.startSession(user, request.ip),
        token_type: 'bearer' as const,
        expires_in: app.config.jwtTtlSeconds,
        user: toUser(user),
      };
    },
  };
}
