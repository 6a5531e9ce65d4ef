import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { pruneSessions } from '../auth/handlers.ts';
import { pruneAccountTokens } from '../auth/account-links.ts';
import { pruneLoginThrottle } from '../auth/login-throttle.ts';
import { pruneTwoFactorChallenges } from '../auth/two-factor-challenge.ts';
import { releaseStaleDownloads } from '../delivery/downloads.ts';
import { sendDueMail } from '../mail/outbox.ts';
import { sendDueWebhooks } from '../webhooks/webhooks.ts';
import { expireStaleOrders } from '../orders/order-service.ts';
import { reconcilePayments } from '../payments/payment-service.ts';
import { finishStaleRefunds } from '../payments/refunds.ts';
import { refundPaymentsTakenAfterAccess } from '../subscription-admin/refund-last-payment.ts';
import { expireEndedSubscriptions, reconcileSubscriptions } from '../subscriptions/subscription-service.ts';
import { withLogContext } from '../http/log-context.ts';
import { measuredJob } from '../operations/metrics.ts';
import { recordReconciliation } from '../operations/system-status.ts';

/**
 * Runs background work on a timer (lapsed orders, queued mail). Every instance may run it: the rows are
 * taken with SKIP LOCKED. A run never overlaps the previous one. Closing the app stops the timer and waits
 * for a run in progress to finish (hooks run in reverse order: before the database closes), so a shutdown
 * never leaves a claim half done; each run is counted in the metrics under the job's name.
 */
function every(app: FastifyInstance, seconds: number, name: string, work: () => Promise<unknown>): void {
  let running: Promise<void> | null = null;
  let stopped = false;
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = withLogContext({ job: name }, () => measuredJob(app.metrics, name, work))
      .catch((error: unknown) => app.log.error({ err: error, job: name }, `${name} run failed`))
      .finally(() => (running = null));
  }, seconds * 1000);
  timer.unref();
  app.addHook('onClose', async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  });
}

/**
 * The sweeps: lapsed unpaid orders, the mail outbox, PayPal reconciliation and housekeeping, each on its
 * own period from the config (0 turns it off, as tests do). Registered after the database, so on close
 * (hooks run in reverse order) the timers stop before the database closes.
 */
export const backgroundJobsPlugin = fp(
  async (app) => {
    const { orderSweepSeconds, mailSweepSeconds, reconcileSeconds } = app.config;
    if (orderSweepSeconds > 0) every(app, orderSweepSeconds, 'order expiry', () => expireStaleOrders(app));
    if (mailSweepSeconds > 0) every(app, mailSweepSeconds, 'mail outbox', () => sendDueMail(app));
    // Webhook deliveries: the triggers queue them in the change's transaction; this sends them (docs/decisions/057-webhooks.md).
    if (app.config.webhookSweepSeconds > 0) every(app, app.config.webhookSweepSeconds, 'webhook deliveries', () => sendDueWebhooks(app));
    if (reconcileSeconds > 0) {
      every(app, reconcileSeconds, 'payment reconciliation', async () => {
        await reconcilePayments(app);
        await recordReconciliation(app);
      });
      // Staff refunds PayPal did not answer are asked again with the same request id.
      every(app, reconcileSeconds, 'refund reconciliation', () => finishStaleRefunds(app));
      // Subscriptions whose paid period ended without a recorded renewal are asked of PayPal, cancelled ones
      // whose paid period is over expire (their keys with them), and a payment PayPal took for a subscription
      // that had already expired is refunded (docs/decisions/037-subscriptions.md).
      every(app, reconcileSeconds, 'subscription reconciliation', async () => {
        await reconcileSubscriptions(app);
        await expireEndedSubscriptions(app);
        await refundPaymentsTakenAfterAccess(app);
      });
    }
    // Ended sessions and forgotten sign-in counters; hourly is plenty.
    if (orderSweepSeconds > 0)
      every(app, 3600, 'housekeeping', () =>
        Promise.all([pruneSessions(app), pruneLoginThrottle(app.db), pruneAccountTokens(app), pruneTwoFactorChallenges(app.db)]),
      );
    // Download reservations an instance that stopped mid-answer left behind (docs/decisions/035-downloads-that-resume.md).
    if (orderSweepSeconds > 0) every(app, 3600, 'download reservations', () => releaseStaleDownloads(app));
  },
  { name: 'background-jobs', dependencies: ['config', 'db', 'payments', 'routes', 'metrics'] },
);
