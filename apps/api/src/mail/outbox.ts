import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { readSettings } from '../settings/settings-repository.ts';
import { sendMail, smtpConfigured } from './mailer.ts';

/** Waits between attempts: 1 min, 5 min, 30 min, 2 h, then every 6 h, up to MAX_ATTEMPTS. */
const BACKOFF_MINUTES = [1, 5, 30, 120, 360];
export const MAX_ATTEMPTS = 10;
/** A claimed message is not taken again by another instance for this long, even if its sender dies. */
const LEASE_MINUTES = 10;

/**
 * Sends the queued mail that is due. Messages are claimed in a short transaction (SKIP LOCKED, so
 * several instances share the work) and sent outside it, so a slow mail server never holds the
 * database. A failure is recorded and retried later, never dropped: the goods stay on the order page.
 */
export async function sendDueMail(app: FastifyInstance, now = new Date(), only: { orderId?: string } = {}): Promise<{ sent: number; failed: number }> {
  const settings = await readSettings(app.db);
  if (!smtpConfigured(settings)) return { sent: 0, failed: 0 };
  const claimed = await app.db.transaction().execute(async (trx) => {
    let query = trx.selectFrom('mail_outbox').selectAll();
    if (only.orderId) query = query.where('order_id', '=', only.orderId);
    const due = await query
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .orderBy('next_attempt_at')
      .limit(20)
      .forUpdate()
      .skipLocked()
      .execute();
    if (due.length > 0) {
      await trx
        .updateTable('mail_outbox')
        .set({ next_attempt_at: new Date(now.getTime() + LEASE_MINUTES * 60_000) })
        .where(
          'id',
          'in',
          due.map((mail) => mail.id),
        )
        .execute();
    }
    return due;
  });

  let sent = 0;
  let failed = 0;
  for (const mail of claimed) {
    try {
      await sendMail(settings, { to: mail.recipient, subject: mail.subject, text: mail.text_body, html: mail.html_body });
      await app.db.updateTable('mail_outbox').set({ status: 'sent', sent_at: sql`now()`, attempts: mail.attempts + 1, last_error: null }).where('id', '=', mail.id).execute();
      sent += 1;
    } catch (error) {
      const attempts = mail.attempts + 1;
      const waitMinutes = BACKOFF_MINUTES[Math.min(attempts - 1, BACKOFF_MINUTES.length - 1)]!;
      const message = error instanceof Error ? error.message.slice(0, 500) : String(error);
      await app.db
        .updateTable('mail_outbox')
        .set({
          attempts,
          last_error: message,
          status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
          next_attempt_at: new Date(now.getTime() + waitMinutes * 60_000),
        })
        .where('id', '=', mail.id)
        .execute();
      app.log.warn({ mailId: mail.id, orderId: mail.order_id, attempts, error: message }, 'mail not sent; will retry');
      failed += 1;
    }
  }
  return { sent, failed };
}

/**
 * Sends an order's queued mail right after the transaction that queued it committed, without making the
 * request wait; anything that fails stays queued for the sweep to retry.
 */
export function sendQueuedMailSoon(app: FastifyInstance, orderId: string): void {
  sendDueMail(app, new Date(), { orderId }).catch((error: unknown) => app.log.warn({ err: error, orderId }, 'mail not sent at once; the sweep will retry'));
}
