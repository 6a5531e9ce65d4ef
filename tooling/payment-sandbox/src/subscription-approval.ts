import type { FastifyInstance } from 'fastify';
import { escapeHtml, page } from './approval-html.ts';
import { sendPage, withQuery } from './approval-routes.ts';
import type { BillingCycle, BillingPlan, SandboxSubscription } from './billing-types.ts';
import { activateSubscription, approve } from './billing.ts';
import { isoSeconds } from './ids.ts';
import { formatMoney, fromMinorUnits } from './money.ts';
import type { SandboxState } from './state.ts';

/**
 * The buyer's side of PayPal Subscriptions: the approval page the `approve` link points to (PayPal's
 * /webapps/billing/subscriptions?ba_token=…), its Approve and Cancel forms, and the subscriber's own page at
 * PayPal (/myaccount/autopay/connect/{id}) where a buyer whose payment failed updates it. Plain forms, no script.
 */

const TITLE = 'PayPal Sandbox — approve subscription';
const UNIT_NAMES = { DAY: 'day', WEEK: 'week', MONTH: 'month', YEAR: 'year' } as const;

function interval(cycle: BillingCycle): string {
  const { interval_unit: unit, interval_count: count } = cycle.frequency;
  return count === 1 ? UNIT_NAMES[unit] : `${count} ${UNIT_NAMES[unit]}s`;
}

/** One line per billing cycle: "7-day free trial", "$19.99 / month until cancelled". */
export function describeCycle(cycle: BillingCycle): string {
  const price = cycle.pricing_scheme?.fixed_price;
  const { interval_unit: unit, interval_count: count } = cycle.frequency;
  if (cycle.tenure_type === 'TRIAL' && !price) {
    const length = cycle.total_cycles * count;
    return `${length}-${UNIT_NAMES[unit]} free trial`;
  }
  const amount = price ? `${formatMoney(price)} / ${interval(cycle)}` : `Free / ${interval(cycle)}`;
  const times =
    cycle.total_cycles === 0 ? 'until cancelled' : `for ${cycle.total_cycles} ${cycle.total_cycles === 1 ? 'payment' : 'payments'}`;
  return `${cycle.tenure_type === 'TRIAL' ? 'Trial: ' : ''}${amount} ${times}`;
}

function planSummary(plan: BillingPlan): string {
  const rows = plan.billing_cycles.map((cycle) => `<li>${escapeHtml(describeCycle(cycle))}</li>`).join('\n');
  return `<h2 id="plan">${escapeHtml(plan.name)}</h2>\n<ul aria-labelledby="plan">\n${rows}\n</ul>`;
}

function approvalHtml(subscription: SandboxSubscription, plan: BillingPlan, actions: { approve: string; cancel: string }): string {
  const payee = subscription.context.brand_name ?? 'Sandbox merchant';
  return page(
    TITLE,
    `<h1>Approve subscription</h1>
<p class="payee">Subscribe to <strong>${escapeHtml(payee)}</strong><br><span class="muted">Subscription ${escapeHtml(subscription.id)}</span></p>
${planSummary(plan)}
<p class="note muted">You can cancel at any time in your PayPal account.</p>
<div class="actions">
<form method="post" action="${escapeHtml(actions.approve)}"><button type="submit" class="approve" aria-label="${escapeHtml(`Approve the subscription to ${payee}`)}">Approve</button></form>
<form method="post" action="${escapeHtml(actions.cancel)}"><button type="submit" class="cancel" aria-label="${escapeHtml(`Cancel and return to ${payee}`)}">Cancel</button></form>
</div>`,
  );
}

function notFoundPage(): string {
  return page(
    'PayPal Sandbox — subscription not found',
    '<h1>Subscription not found</h1>\n<p class="note">This sandbox knows no such subscription.</p>',
  );
}

function messagePage(heading: string, text: string, back?: string): string {
  const link = back === undefined ? '' : `\n<p><a href="${escapeHtml(back)}">Return to the store</a></p>`;
  return page(TITLE, `<h1>${escapeHtml(heading)}</h1>\n<p class="note">${escapeHtml(text)}</p>${link}`);
}

/** The subscriber's page: status, next payment, balance; "Update payment method" fixes a failing payment. */
function autopayHtml(subscription: SandboxSubscription, plan: BillingPlan, action: string): string {
  const balance = { currency_code: subscription.currency, value: fromMinorUnits(subscription.outstanding, subscription.currency) };
  const next =
    subscription.status === 'ACTIVE' && subscription.nextCycleAt !== undefined ? isoSeconds(new Date(subscription.nextCycleAt)) : undefined;
  const fixable = subscription.status === 'SUSPENDED' || (subscription.status === 'ACTIVE' && subscription.failuresToSimulate > 0);
  const label =
    subscription.status === 'SUSPENDED' && subscription.outstanding > 0n
      ? `Update payment method and pay ${formatMoney(balance)}`
      : 'Update payment method';
  const form = fixable
    ? `\n<form method="post" action="${escapeHtml(action)}"><button type="submit" class="approve">${escapeHtml(label)}</button></form>`
    : '';
  return page(
    'PayPal Sandbox — automatic payments',
    `<h1>Automatic payments</h1>
<p class="payee">${escapeHtml(subscription.context.brand_name ?? 'Sandbox merchant')}<br><span class="muted">Subscription ${escapeHtml(subscription.id)}</span></p>
${planSummary(plan)}
<table>
<caption class="visually-hidden">Subscription status</caption>
<tbody>
<tr><th scope="row">Status</th><td>${escapeHtml(subscription.status)}</td></tr>
<tr><th scope="row">Next payment</th><td>${escapeHtml(next ?? '—')}</td></tr>
<tr><th scope="row">Outstanding balance</th><td>${escapeHtml(formatMoney(balance))}</td></tr>
<tr><th scope="row">Failed payments</th><td>${subscription.failedPayments}</td></tr>
</tbody>
</table>${form}`,
  );
}

/** The return address PayPal sends the buyer to after approving: `subscription_id`, `ba_token` and `token` added. */
export function subscriptionReturnAddress(subscription: SandboxSubscription, url: string | undefined): string | undefined {
  return url === undefined
    ? undefined
    : withQuery(url, { subscription_id: subscription.id, ba_token: subscription.baToken, token: subscription.token });
}

export function registerSubscriptionApprovalRoutes(app: FastifyInstance, state: SandboxState): void {
  const byToken = (token: unknown): SandboxSubscription | undefined =>
    typeof token === 'string' ? [...state.subscriptions.values()].find((subscription) => subscription.baToken === token) : undefined;
  const planOf = (subscription: SandboxSubscription): BillingPlan | undefined => state.plans.get(subscription.plan_id);
  const actionPath = (subscription: SandboxSubscription, action: 'approve' | 'cancel') =>
    `${app.prefix}/billing/subscriptions/${encodeURIComponent(subscription.id)}/${action}`;

  app.get<{ Querystring: { ba_token?: unknown } }>('/webapps/billing/subscriptions', async (request, reply) => {
    const subscription = byToken(request.query.ba_token);
    const plan = subscription ? planOf(subscription) : undefined;
    if (!subscription || !plan) return sendPage(reply, 404, notFoundPage());
    if (subscription.status !== 'APPROVAL_PENDING') {
      const back = subscriptionReturnAddress(subscription, subscription.context.return_url);
      return sendPage(
        reply,
        200,
        messagePage('Subscription already approved', `This subscription is ${subscription.status}.`, back),
        subscription.context,
      );
    }
    const html = approvalHtml(subscription, plan, {
      approve: actionPath(subscription, 'approve'),
      cancel: actionPath(subscription, 'cancel'),
    });
    return sendPage(reply, 200, html, subscription.context);
  });

  app.post<{ Params: { id: string } }>('/billing/subscriptions/:id/approve', async (request, reply) => {
    const subscription = state.subscriptions.get(request.params.id);
    if (!subscription) return sendPage(reply, 404, notFoundPage());
    // Approving twice changes nothing: the buyer is sent back again, as PayPal does.
    if (subscription.status === 'APPROVAL_PENDING') void approve(state, subscription);
    const back = subscriptionReturnAddress(subscription, subscription.context.return_url);
    if (back === undefined) return sendPage(reply, 200, messagePage('Subscription approved', 'You can close this window.'));
    return reply.redirect(back, 303);
  });

  app.post<{ Params: { id: string } }>('/billing/subscriptions/:id/cancel', async (request, reply) => {
    const subscription = state.subscriptions.get(request.params.id);
    if (!subscription) return sendPage(reply, 404, notFoundPage());
    // PayPal leaves the subscription APPROVAL_PENDING: the store decides what an abandoned approval means.
    const back = subscriptionReturnAddress(subscription, subscription.context.cancel_url);
    if (back === undefined) return sendPage(reply, 200, messagePage('Subscription not approved', 'You can close this window.'));
    return reply.redirect(back, 303);
  });

  const autopayPath = (subscription: SandboxSubscription) =>
    `${app.prefix}/myaccount/autopay/connect/${encodeURIComponent(subscription.id)}`;

  app.get<{ Params: { id: string } }>('/myaccount/autopay/connect/:id', async (request, reply) => {
    const subscription = state.subscriptions.get(request.params.id);
    const plan = subscription ? planOf(subscription) : undefined;
    if (!subscription || !plan) return sendPage(reply, 404, notFoundPage());
    return sendPage(reply, 200, autopayHtml(subscription, plan, `${autopayPath(subscription)}/update-payment`));
  });

  // The buyer's new payment method works: armed failures are dropped, a suspended subscription is paid up and active.
  app.post<{ Params: { id: string } }>('/myaccount/autopay/connect/:id/update-payment', async (request, reply) => {
    const subscription = state.subscriptions.get(request.params.id);
    if (!subscription) return sendPage(reply, 404, notFoundPage());
    subscription.failuresToSimulate = 0;
    if (subscription.status === 'SUSPENDED') void activateSubscription(state, subscription, 'Payment method updated by the subscriber');
    return reply.redirect(autopayPath(subscription), 303);
  });
}
