import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { AppError, conflict } from '../errors.ts';
import type { RouteHandlers } from '../http/register-routes.ts';
import { shopOrigin } from '../http/shop-origin.ts';
import { claimGuestOrders } from '../orders/guest-claims.ts';
import {
  endAccountLinks,
  findLinkOwner,
  LINK_RULES,
  mailAccountLink,
  mailAvailable,
  NO_MAIL_MESSAGE,
  spendAccountLink,
  type LinkOwner,
} from './account-links.ts';
import { findUserById } from './user-repository.ts';

/** How long a verification link works, in hours (docs/decisions/024). */
export const VERIFY_LINK_HOURS = LINK_RULES.email_verification.minutes / 60;

const invalidLink = () =>
  new AppError('bad_request', 'This verification link is invalid, used already or expired. Sign in and ask for a new one.', 'invalid_verification_link');

/** Mails `owner` a link that verifies their email (on registration and on request). Null when the hourly cap held it back. */
export function mailVerificationLink(app: FastifyInstance, owner: LinkOwner, origin: string): Promise<string | null> {
  return mailAccountLink(app, owner, 'email_verification', (link, siteName) => ({
    subject: `Verify your email — ${siteName}`,
    heading: 'Verify your email',
    intro: [
      `Hello ${owner.username},`,
      `Please confirm that ${owner.email} is the address of your account at ${siteName}. Open this link within ${VERIFY_LINK_HOURS} hours:`,
    ],
    action: { label: 'Verify my email', href: link(`${origin}/verify-email`) },
    outro: [
      'Once it is verified, orders you paid as a guest with this email appear in your account.',
      'If you did not create this account, ignore this email: nothing happens without the link.',
    ],
  }));
}

/** The answer to a verified email: how many guest orders joined the account. */
export function verifiedMessage(claimed: number): string {
  if (claimed === 0) return 'Your email is verified.';
  return `Your email is verified, and ${claimed === 1 ? 'an order' : `${claimed} orders`} you paid as a guest with it ${claimed === 1 ? 'is' : 'are'} now in your account.`;
}

export function emailVerificationHandlers(app: FastifyInstance): Pick<RouteHandlers, 'requestEmailVerification' | 'verifyEmail'> {
  return {
    requestEmailVerification: async ({ caller, request }) => {
      const user = await findUserById(app.db, caller.id);
      if (!user) throw new AppError('unauthorized', 'Invalid authentication token', 'unauthorized');
      if (user.email_verified_at) throw conflict('Your email is verified already.', 'email_already_verified');
      if (!(await mailAvailable(app))) return { message: NO_MAIL_MESSAGE, mailed: false };
      const mailId = await mailVerificationLink(app, user, shopOrigin(app, request));
      if (mailId === null) {
        throw new AppError(
          'too_many_requests',
          `${LINK_RULES.email_verification.mailsPerHour} links were sent to ${user.email} within the hour. Use the newest one, or ask again later.`,
          'too_many_requests',
        );
      }
      return { message: `A new link is on its way to ${user.email}. It works once, within ${VERIFY_LINK_HOURS} hours.`, mailed: true };
    },

    verifyEmail: async ({ body, request }) => {
      const owner = await findLinkOwner(app, body.token, 'email_verification');
      if (!owner) throw invalidLink();
      if (!owner.is_active) throw new AppError('forbidden', 'This account is disabled', 'account_disabled');
      const claimed = await app.db.transaction().execute(async (trx) => {
        const userId = await spendAccountLink(trx, body.token, 'email_verification');
        if (!userId) throw invalidLink();
        await trx.updateTable('users').set({ email_verified_at: sql`coalesce(email_verified_at, now())` }).where('id', '=', userId).execute();
        await endAccountLinks(trx, userId, ['email_verification']);
        return claimGuestOrders(trx, userId);
      });
      request.log.info({ userId: owner.id, claimedOrders: claimed }, 'email verified');
      return { message: verifiedMessage(claimed), claimed_orders: claimed };
    },
  };
}
