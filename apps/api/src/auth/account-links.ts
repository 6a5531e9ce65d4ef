import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql, type Transaction } from 'kysely';
import type { AccountTokenPurpose, Database } from '../db/schema.ts';
import { composeMail, type MailContent } from '../mail/layout.ts';
import { smtpConfigured } from '../mail/mailer.ts';
import { sendMailSoon } from '../mail/outbox.ts';
import { readSettings } from '../settings/settings-repository.ts';

/**
 * Single-use links mailed to an account's owner (docs/decisions/023-password-reset.md and 024): how long
 * each works and how many one account is sent per hour, whoever asks, so a flood of requests cannot
 * flood its inbox. Only a link's SHA-256 is stored.
 */
export const LINK_RULES: Readonly<Record<AccountTokenPurpose, { minutes: number; mailsPerHour: number }>> = {
  password_reset: { minutes: 30, mailsPerHour: 3 },
  email_verification: { minutes: 48 * 60, mailsPerHour: 3 },
  magic_link: { minutes: 15, mailsPerHour: 3 },
};

/**
 * What a request for a link answers when the shop cannot send email: no link is issued, and the shopper
 * is told so rather than to check an inbox (docs/decisions/048-unpaid-orders-and-mail-notices.md).
 */
export const NO_MAIL_MESSAGE =
  'This shop cannot send email right now, so no link was sent. Please try again later, or ask the shop’s staff for help.';

/** Whether the shop can send email now: an SMTP host and a sender address are set. */
export async function mailAvailable(app: FastifyInstance): Promise<boolean> {
  return smtpConfigured(await readSettings(app.db, app.dataCipher));
}

export const digestOf = (token: string) => createHash('sha256').update(token, 'utf8').digest();

export interface LinkOwner {
  id: string;
  username: string;
  email: string;
}

/**
 * Issues a link of `purpose` for `owner` and queues its mail in one transaction, unless the account was
 * sent its hourly share of such links already. Answers the mail's id (sent at once by the outbox), or
 * null when the cap held it back.
 */
export async function mailAccountLink(
  app: FastifyInstance,
  owner: LinkOwner,
  purpose: AccountTokenPurpose,
  compose: (link: (path: string) => string, siteName: string) => MailContent,
): Promise<string | null> {
  const token = randomBytes(32).toString('base64url');
  const rules = LINK_RULES[purpose];
  const settings = await readSettings(app.db, app.dataCipher);
  const mail = composeMail(compose((path) => `${path}?token=${token}`, settings.site_name));
  const mailId = await app.db.transaction().execute(async (trx) => {
    // One account's requests one at a time, so two at once cannot both pass the cap.
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`${purpose}:${owner.id}`}, 0))`.execute(trx);
    const recent = await trx
      .selectFrom('account_tokens')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', owner.id)
      .where('purpose', '=', purpose)
      .where('created_at', '>', sql<Date>`now() - make_interval(hours => 1)`)
      .executeTakeFirstOrThrow();
    if (Number(recent.n) >= rules.mailsPerHour) return null;
    await trx
      .insertInto('account_tokens')
      .values({
        user_id: owner.id,
        purpose,
        token_digest: digestOf(token),
        expires_at: sql<Date>`now() + make_interval(mins => ${rules.minutes})`,
      })
      .execute();
    const queued = await trx
      .insertInto('mail_outbox')
      // A link mailed after it expired is no use: the outbox drops it then (docs/decisions/011-mail-outbox.md).
      .values({
        kind: purpose,
        order_id: null,
        recipient: owner.email,
        ...mail,
        last_error: null,
        sent_at: null,
        send_before: sql<Date>`now() + make_interval(mins => ${rules.minutes})`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return queued.id;
  });
  if (mailId === null) {
    app.log.warn({ userId: owner.id, purpose }, `link not mailed: ${rules.mailsPerHour} sent to this account within the hour`);
    return null;
  }
  app.log.info({ userId: owner.id, purpose }, 'account link mailed');
  sendMailSoon(app, mailId);
  return mailId;
}

/** The account a live (unused, unexpired) link of `purpose` opens, without spending it. */
export function findLinkOwner(app: FastifyInstance, token: string, purpose: AccountTokenPurpose) {
  return app.db
    .selectFrom('account_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .selectAll('u')
    .where('t.token_digest', '=', digestOf(token))
    .where('t.purpose', '=', purpose)
    .where('t.used_at', 'is', null)
    .where('t.expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

/**
 * Spends a live link in the one statement that checks it is unused and unexpired: of two uses at once,
 * one finds it unused. Answers its account's id, or undefined when it was not live.
 */
export async function spendAccountLink(trx: Transaction<Database>, token: string, purpose: AccountTokenPurpose): Promise<string | undefined> {
  const spent = await trx
    .updateTable('account_tokens')
    .set({ used_at: sql`now()` })
    .where('token_digest', '=', digestOf(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('user_id')
    .executeTakeFirst();
  return spent?.user_id;
}

/** Ends an account's other live links of the given purposes (a new password, a verified email). */
export async function endAccountLinks(trx: Transaction<Database>, userId: string, purposes: readonly AccountTokenPurpose[]): Promise<void> {
  await trx
    .updateTable('account_tokens')
    .set({ used_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('purpose', 'in', purposes)
    .where('used_at', 'is', null)
    .execute();
}

/**
 * Runs mail work after the answer is sent, so the answer takes the same time whether an account has the
 * email or not; the app waits for it on close.
 */
export function afterAnswer(app: FastifyInstance): (work: () => Promise<unknown>, log: FastifyInstance['log'], failure: string) => void {
  const running = runningAfterAnswer(app);
  return (work, log, failure) => {
    const started = work().catch((error: unknown) => log.error({ err: error }, failure));
    running.add(started);
    void started.finally(() => running.delete(started));
  };
}

/** Each app's mail work still running after its answers: one set per app, awaited on close. */
const afterAnswerWork = new WeakMap<FastifyInstance, Set<Promise<unknown>>>();

function runningAfterAnswer(app: FastifyInstance): Set<Promise<unknown>> {
  let running = afterAnswerWork.get(app);
  if (!running) {
    const work = new Set<Promise<unknown>>();
    running = work;
    afterAnswerWork.set(app, work);
    app.addHook('onClose', async () => {
      await Promise.allSettled([...work]);
    });
  }
  return running;
}

/** Resolves once the mail work started after earlier answers is done (the route fuzzer compares the database between requests). */
export async function afterAnswerSettled(app: FastifyInstance): Promise<void> {
  await Promise.allSettled([...(afterAnswerWork.get(app) ?? [])]);
}

/** Drops links expired a day ago or more (the maintenance sweep). */
export async function pruneAccountTokens(app: FastifyInstance): Promise<void> {
  await app.db
    .deleteFrom('account_tokens')
    .where('expires_at', '<', sql<Date>`now() - make_interval(days => 1)`)
    .execute();
}
