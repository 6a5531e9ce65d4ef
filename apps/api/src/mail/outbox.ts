import type { FastifyInstance } from 'fastify';
import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { MailOutboxTable } from '../db/schema.ts';
import { escapeHtml } from '../orders/receipt.ts';
import { readSettings } from '../settings/settings-repository.ts';
import { describeSmtpFailure, failureCodes, MAIL_CONNECTIONS, MailTransportPool, smtpConfigured, type MailLease } from './mailer.ts';

/** Waits between attempts: 1 min, 5 min, 30 min, 2 h, then every 6 h, up to MAX_ATTEMPTS. */
const BACKOFF_MINUTES = [1, 5, 30, 120, 360];
export const MAX_ATTEMPTS = 10;
/** A claimed message is not taken again by another instance for this long, even if its sender dies. */
const LEASE_MINUTES = 10;
/** Messages one sweep claims; they are sent MAIL_CONNECTIONS at a time. */
export const SWEEP_BATCH = 100;
/**
 * The sweep leaves a message never tried to the immediate send for this long; after it, the sweep
 * takes it too (the instance that queued it stopped, or SMTP was configured later).
 */
const FIRST_ATTEMPT_GRACE_SECONDS = 60;
/** On close, sends under way get this long to finish before the connections are closed. */
const CLOSE_WAIT_MS = 10_000;
/**
 * A message sent this long after it was queued (SMTP was not set up, or down through the first retries)
 * opens with a line saying it is late and since when (docs/decisions/011-mail-outbox.md).
 */
export const LATE_AFTER_MINUTES = 60;

type OutboxMail = Selectable<MailOutboxTable> & {
  /** Past its `send_before`: dropped, not sent. */
  expired: boolean;
  /** Queued more than LATE_AFTER_MINUTES before this attempt. */
  late: boolean;
  /** For a receipt, its order's status when the message was claimed (read by the claim itself). */
  order_status: string | null;
};

/** One app's mail state: its pooled connections and the sends under way, which close waits for. */
interface Outbox {
  pool: MailTransportPool;
  running: Set<Promise<unknown>>;
  closing: boolean;
}

const outboxes = new WeakMap<FastifyInstance, Outbox>();

function outboxOf(app: FastifyInstance): Outbox {
  let outbox = outboxes.get(app);
  if (!outbox) {
    outbox = { pool: new MailTransportPool(app.config.smtpAllowPrivateHosts, app.log), running: new Set(), closing: false };
    outboxes.set(app, outbox);
  }
  return outbox;
}

/**
 * Ties the outbox to the app's life: on close, no new send starts, those under way finish (or time
 * out), then the pooled connections close. Called while the app is built (hooks cannot be added later).
 */
export function registerOutbox(app: FastifyInstance): void {
  const outbox = outboxOf(app);
  app.addHook('onClose', async () => {
    outbox.closing = true;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.allSettled([...outbox.running]), new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS)))]);
    clearTimeout(timer);
    outbox.pool.close();
  });
}

/** Tracks a send so closing the app waits for it. */
function track<T>(outbox: Outbox, work: Promise<T>): Promise<T> {
  outbox.running.add(work);
  const forget = () => outbox.running.delete(work);
  work.then(forget, forget);
  return work;
}

/**
 * Sends the queued mail that is due, MAIL_CONNECTIONS at a time over the app's pooled connections.
 * Messages are claimed in one statement (SKIP LOCKED, so several instances share the work; the claim is
 * a lease, so no other instance sends them while it lasts) and sent outside any transaction, so a slow
 * mail server never holds the database. A failure is recorded and retried later, never dropped: the
 * goods stay on the order page.
 *
 * "Due" is by the database's clock, the one that stamped the message, unless `now` is given (tests move
 * time forward with it). The sweep (no order) only retries: a new message is the immediate send's, for
 * FIRST_ATTEMPT_GRACE_SECONDS.
 */
export async function sendDueMail(
  app: FastifyInstance,
  now?: Date,
  only: { orderId?: string; mailId?: string } = {},
): Promise<{ sent: number; failed: number }> {
  const outbox = outboxOf(app);
  if (outbox.closing) return { sent: 0, failed: 0 };
  return track(outbox, sendDue(app, outbox, now, only));
}

async function sendDue(
  app: FastifyInstance,
  outbox: Outbox,
  now: Date | undefined,
  only: { orderId?: string; mailId?: string },
): Promise<{ sent: number; failed: number }> {
  const settings = await readSettings(app.db, app.dataCipher);
  if (!smtpConfigured(settings)) return { sent: 0, failed: 0 };
  const clock: RawBuilder<Date> = now ? sql<Date>`${now}::timestamptz` : sql<Date>`now()`;

  const claimed = await app.db
    .updateTable('mail_outbox')
    .set({ next_attempt_at: sql<Date>`${clock} + make_interval(mins => ${LEASE_MINUTES})` })
    .where('id', 'in', (eb) => {
      let due = eb.selectFrom('mail_outbox').select('id').where('status', '=', 'pending').where('next_attempt_at', '<=', clock);
      due = only.mailId
        ? due.where('id', '=', only.mailId)
        : only.orderId
          ? due.where('order_id', '=', only.orderId)
          : due.where((row) =>
              row.or([
                row('attempts', '>', 0),
                row('created_at', '<=', sql<Date>`${clock} - make_interval(secs => ${FIRST_ATTEMPT_GRACE_SECONDS})`),
              ]),
            );
      return due.orderBy('next_attempt_at').limit(SWEEP_BATCH).forUpdate().skipLocked();
    })
    .where('status', '=', 'pending')
    .returningAll()
    .returning([
      sql<boolean>`coalesce(send_before <= ${clock}, false)`.as('expired'),
      sql<boolean>`created_at <= ${clock} - make_interval(mins => ${LATE_AFTER_MINUTES})`.as('late'),
      sql<string | null>`CASE WHEN kind = 'receipt' THEN (SELECT status FROM orders WHERE orders.id = mail_outbox.order_id) END`.as(
        'order_status',
      ),
    ])
    .execute();
  if (claimed.length === 0) return { sent: 0, failed: 0 };
  // RETURNING keeps no order: the oldest messages go first.
  const due = await dropUseless(app, claimed);
  if (due.length === 0) return { sent: 0, failed: 0 };
  due.sort((a, b) => a.created_at.getTime() - b.created_at.getTime());

  let lease: MailLease;
  try {
    lease = await outbox.pool.lease(settings);
  } catch (error) {
    // The host is refused or cannot be found: nothing is sent, and every claimed message waits for its retry.
    app.log.warn({ err: error, messages: due.length }, 'mail not sent: the SMTP host cannot be used');
    await Promise.all(due.map((mail) => recordFailure(app, mail, error, clock)));
    return { sent: 0, failed: due.length };
  }

  let sent = 0;
  let failed = 0;
  try {
    let next = 0;
    const worker = async () => {
      while (next < due.length) {
        const mail = due[next]!;
        next += 1;
        if (await sendOne(app, lease, mail, clock)) sent += 1;
        else failed += 1;
      }
    };
    await Promise.all(Array.from({ length: Math.min(MAIL_CONNECTIONS, due.length) }, worker));
  } finally {
    lease.release();
  }
  return { sent, failed };
}

/**
 * Of the claimed messages, those still worth sending. Dropped, with the reason in `last_error`: a message past
 * its `send_before` (`expired`: a link that no longer works, a receipt a month old), and a receipt whose order
 * is no longer completed (`withdrawn`: refunded since, so the buyer gets the refund notice alone). The order's
 * status is read by the claim itself, just before sending, so a refund recorded while the mail waited for SMTP
 * always counts.
 */
async function dropUseless(app: FastifyInstance, claimed: OutboxMail[]): Promise<OutboxMail[]> {
  const due: OutboxMail[] = [];
  const dropped: { mail: OutboxMail; status: 'expired' | 'withdrawn'; reason: string }[] = [];
  for (const mail of claimed) {
    const status = mail.order_status ?? undefined;
    if (mail.expired) dropped.push({ mail, status: 'expired', reason: 'not sent: it was no use any more when mail could be sent' });
    else if (status !== undefined && status !== 'completed')
      dropped.push({ mail, status: 'withdrawn', reason: `not sent: the order was ${status} before its receipt went out` });
    else due.push(mail);
  }
  await Promise.all(
    dropped.map(({ mail, status, reason }) =>
      app.db
        .updateTable('mail_outbox')
        .set({ status, last_error: reason })
        .where('id', '=', mail.id)
        .where('status', '=', 'pending')
        .execute(),
    ),
  );
  for (const { mail, status } of dropped)
    app.log.info({ mailId: mail.id, orderId: mail.order_id, kind: mail.kind, status }, 'queued mail dropped');
  return due;
}

const plainDate = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** A late message's text and HTML, each opening with the line that says so. */
function withLateNotice(mail: OutboxMail): { text: string; html: string } {
  const line = `This email is late: it was written on ${plainDate(mail.created_at)} and could not be sent until now.`;
  const paragraph = `<p style="padding:8px 12px;background:#fff4e5;border-radius:6px">${escapeHtml(line)}</p>`;
  const html = /<body[^>]*>/i.test(mail.html_body)
    ? mail.html_body.replace(/<body[^>]*>/i, (tag) => `${tag}\n${paragraph}`)
    : `${paragraph}\n${mail.html_body}`;
  return { text: `${line}\n\n${mail.text_body}`, html };
}

/** Sends one claimed message and records the outcome; answers whether it was sent. */
async function sendOne(app: FastifyInstance, lease: MailLease, mail: OutboxMail, clock: RawBuilder<Date>): Promise<boolean> {
  const { text, html } = mail.late ? withLateNotice(mail) : { text: mail.text_body, html: mail.html_body };
  try {
    await lease.send({ to: mail.recipient, subject: mail.subject, text, html });
  } catch (error) {
    await recordFailure(app, mail, error, clock);
    return false;
  }
  try {
    await app.db
      .updateTable('mail_outbox')
      .set({ status: 'sent', sent_at: sql`now()`, attempts: mail.attempts + 1, last_error: null })
      .where('id', '=', mail.id)
      .execute();
  } catch (error) {
    // Sent, but not recorded: the lease keeps it from being sent again until it lapses.
    app.log.error({ err: error, mailId: mail.id, orderId: mail.order_id }, 'mail sent but not marked sent');
  }
  return true;
}

/** Keeps a failed message for its next attempt (or gives up after MAX_ATTEMPTS); the row gets a short reason, the log the whole error. */
async function recordFailure(app: FastifyInstance, mail: OutboxMail, error: unknown, clock: RawBuilder<Date>): Promise<void> {
  const attempts = mail.attempts + 1;
  const waitMinutes = BACKOFF_MINUTES[Math.min(attempts - 1, BACKOFF_MINUTES.length - 1)]!;
  const reason = `${describeSmtpFailure(error)}${failureCodes(error)}`.slice(0, 500);
  try {
    await app.db
      .updateTable('mail_outbox')
      .set({
        attempts,
        last_error: reason,
        status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
        next_attempt_at: sql<Date>`${clock} + make_interval(mins => ${waitMinutes})`,
      })
      .where('id', '=', mail.id)
      .execute();
  } catch (recordError) {
    app.log.error({ err: recordError, mailId: mail.id, orderId: mail.order_id }, 'mail failure not recorded; retried when its lease lapses');
  }
  app.log.warn({ err: error, mailId: mail.id, orderId: mail.order_id, attempts }, 'mail not sent; will retry');
}

/**
 * Sends an order's queued mail right after the transaction that queued it committed, without making the
 * request wait; anything that fails stays queued for the sweep to retry. Never throws.
 */
export function sendQueuedMailSoon(app: FastifyInstance, orderId: string): void {
  sendDueMail(app, undefined, { orderId }).catch((error: unknown) =>
    app.log.warn({ err: error, orderId }, 'mail not sent at once; the sweep will retry'),
  );
}

/** Sends one queued message (mail of an account, not of an order) the same way: at once, never throwing. */
export function sendMailSoon(app: FastifyInstance, mailId: string): void {
  sendDueMail(app, undefined, { mailId }).catch((error: unknown) =>
    app.log.warn({ err: error, mailId }, 'mail not sent at once; the sweep will retry'),
  );
}
