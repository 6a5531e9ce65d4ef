import { isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database, MailOutboxTable, UserRow } from '../db/schema.ts';
import { headerText } from '../http/header-text.ts';
import { shopOrigin } from '../http/shop-origin.ts';
import { composeMail } from '../mail/layout.ts';
import { sendMailSoon } from '../mail/outbox.ts';
import { readSettings } from '../settings/settings-repository.ts';
import { recordSuccess } from './login-throttle.ts';

/*
 * Security notices by mail (docs/decisions/033-security-notices.md): a change of how an account signs in,
 * or a sign-in from an address it never used, is mailed to the account through the outbox, saying what
 * happened, when, from which address and browser, and what to do if it was not the owner. Never a secret:
 * no password, code, recovery code, token or link that acts by itself.
 */

export type SecurityEvent = 'password_changed' | 'password_reset' | 'two_factor_on' | 'two_factor_off' | 'recovery_codes' | 'new_sign_in_address';

/** The outbox's `kind` of the notices of changes, and of sign-ins from new addresses (counted per day). */
export const SECURITY_NOTICE_KIND = 'security_notice';
export const SIGN_IN_NOTICE_KIND = 'sign_in_notice';

/** Notices of sign-ins from new addresses one account is mailed per day: a stolen password tried from a botnet must not flood the owner's inbox. */
export const NEW_ADDRESS_NOTICES_PER_DAY = 5;
/** A user agent longer than this is cut: enough for any real browser's. */
const USER_AGENT_MAX = 200;

/** The request a notice tells about: when, from which address, with which browser. */
export interface NoticeSource {
  at: Date;
  address: string;
  userAgent: string;
  /** The shop's address for the notice's link (the shop's origin function, as every mailed link). */
  origin: string;
}

export function noticeSource(app: FastifyInstance, request: FastifyRequest): NoticeSource {
  return {
    at: new Date(),
    address: isIP(request.ip) ? request.ip : 'an unknown address',
    userAgent: cleanHeaderText(request.headers['user-agent'], USER_AGENT_MAX) || 'an unknown browser',
    origin: shopOrigin(app, request),
  };
}

/**
 * Header text as a person should read it in a mail: decoded and cleaned as the delivery log stores it
 * (`headerText`), with line breaks and tabs read as spaces and runs of spaces made one.
 */
export function cleanHeaderText(value: string | string[] | undefined, max: number): string {
  const raw = Array.isArray(value) ? value.join(', ') : (value ?? '');
  const text = headerText(raw.replace(/[\t\r\n]/g, ' '), raw.length).replace(/\s+/gu, ' ').trim();
  return headerText(text, max).trim();
}

const WHEN = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });

interface NoticeText {
  subject: string;
  what: string;
  /** What it means when it was not the owner. */
  ifNotYou: string;
}

function noticeText(event: SecurityEvent, siteName: string): NoticeText {
  const someoneHasPassword = 'someone else knows your password and was signed in to your account';
  switch (event) {
    case 'password_changed':
      return {
        subject: 'Your password was changed',
        what: `The password of your account at ${siteName} was changed, and its other sessions were signed out.`,
        ifNotYou: `If you did not change it, ${someoneHasPassword}.`,
      };
    case 'password_reset':
      return {
        subject: 'Your password was reset',
        what: `The password of your account at ${siteName} was set anew with a link mailed to this address, and every session was signed out.`,
        ifNotYou: 'If you did not do this, someone else can read this mailbox or used a link sent to it.',
      };
    case 'two_factor_on':
      return {
        subject: 'Two-factor sign-in was turned on',
        what: `Two-factor sign-in was turned on for your account at ${siteName}: signing in now takes your password and a code from an authenticator app. Other sessions were signed out.`,
        ifNotYou: `If you did not turn it on, ${someoneHasPassword}, and may have tied it to their phone.`,
      };
    case 'two_factor_off':
      return {
        subject: 'Two-factor sign-in was turned off',
        what: `Two-factor sign-in was turned off for your account at ${siteName}: your password alone signs in now.`,
        ifNotYou: `If you did not turn it off, ${someoneHasPassword} and your second factor.`,
      };
    case 'recovery_codes':
      return {
        subject: 'New recovery codes were made',
        what: `New recovery codes were made for your account at ${siteName}; the earlier ones no longer work.`,
        ifNotYou: `If you did not make them, ${someoneHasPassword} and your second factor.`,
      };
    case 'new_sign_in_address':
      return {
        subject: 'New sign-in to your account',
        what: `Your account at ${siteName} was signed in to from an address it had not used before.`,
        ifNotYou: `If it was not you, ${someoneHasPassword}.`,
      };
  }
}

/** The notice's mail, ready for the outbox: composed before the change's transaction (it reads the settings), queued inside it. */
export async function composeSecurityNotice(
  app: FastifyInstance,
  user: Pick<UserRow, 'username' | 'email'>,
  event: SecurityEvent,
  source: NoticeSource,
): Promise<Insertable<MailOutboxTable>> {
  const siteName = (await readSettings(app.db, app.dataCipher)).site_name;
  const text = noticeText(event, siteName);
  const mail = composeMail({
    subject: `${text.subject} — ${siteName}`,
    heading: text.subject,
    intro: [
      `Hello ${user.username},`,
      text.what,
      `When: ${WHEN.format(source.at)} UTC. From: ${source.address}, ${source.userAgent}.`,
      `If it was you, there is nothing to do. ${text.ifNotYou} Set a new password now: this page mails a link to this address.`,
    ],
    action: { label: 'Set a new password', href: `${source.origin}/forgot-password` },
    outro: ['Then reply to this email to tell us, and we will help you secure your account.'],
  });
  const kind = event === 'new_sign_in_address' ? SIGN_IN_NOTICE_KIND : SECURITY_NOTICE_KIND;
  return { kind, order_id: null, recipient: user.email, ...mail, last_error: null, sent_at: null };
}

/** Queues a composed notice inside the transaction of the change it tells about; answers its id for `sendMailSoon` after the commit. */
export async function queueSecurityNotice(trx: Kysely<Database>, notice: Insertable<MailOutboxTable>): Promise<string> {
  const queued = await trx.insertInto('mail_outbox').values(notice).returning('id').executeTakeFirstOrThrow();
  return queued.id;
}

/**
 * The network an address belongs to, as a notice compares them: an IPv4 address itself, an IPv6 address's
 * /64 (a device's privacy addresses change within it every day), an IPv4-mapped IPv6 address as IPv4.
 */
export function addressNetwork(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (isIP(address) !== 6) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * A completed sign-in of an active account (the session is about to be opened): the counters start again,
 * the address is remembered, and a sign-in from a network the account never signed in from is mailed to
 * the owner. Not on the account's first sign-in (nothing to compare with), not to an address nobody proved
 * is the owner's (a shopper's unverified email; staff's is set by the operator), and at most
 * NEW_ADDRESS_NOTICES_PER_DAY a day. One account's sign-ins are taken one at a time here, so two at once
 * from one new address mail once.
 */
export async function recordSignIn(app: FastifyInstance, user: UserRow, request: FastifyRequest): Promise<void> {
  const source = noticeSource(app, request);
  const network = addressNetwork(request.ip);
  const notice = await composeSecurityNotice(app, user, 'new_sign_in_address', source);
  const mailId = await app.db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`sign-in:${user.id}`}, 0))`.execute(trx);
    const known = await trx.selectFrom('login_known_addresses').select('address').where('user_id', '=', user.id).execute();
    if (known.some((row) => addressNetwork(row.address) === network)) return null;
    await trx.insertInto('login_known_addresses').values({ user_id: user.id, address: request.ip }).onConflict((oc) => oc.doNothing()).execute();
    if (known.length === 0) return null;
    if (!user.email_verified_at && user.role !== 'admin') return null;
    const sent = await trx
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('kind', '=', SIGN_IN_NOTICE_KIND)
      .where('recipient', '=', user.email)
      .where('created_at', '>', sql<Date>`now() - make_interval(days => 1)`)
      .executeTakeFirstOrThrow();
    if (Number(sent.n) >= NEW_ADDRESS_NOTICES_PER_DAY) {
      request.log.warn({ userId: user.id }, `sign-in from a new address not mailed: ${NEW_ADDRESS_NOTICES_PER_DAY} new addresses within a day`);
      return null;
    }
    return queueSecurityNotice(trx, notice);
  });
  await recordSuccess(app.db, user.id, request.ip);
  if (mailId) {
    request.log.info({ userId: user.id }, 'sign-in from a new address: the owner is mailed');
    sendMailSoon(app, mailId);
  }
}
