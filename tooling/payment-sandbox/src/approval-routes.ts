import type { FastifyInstance, FastifyReply } from 'fastify';
import { alreadyCapturedHtml, approvalPageHtml, contentSecurityPolicy, notFoundHtml, outcomeHtml } from './approval-html.ts';
import { type SandboxOrder, type SandboxState, approveOrder } from './state.ts';

/** Adds query parameters to a URL that may already have a query (and a fragment). */
export function withQuery(url: string, params: Record<string, string>): string {
  const hashAt = url.indexOf('#');
  const base = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  const separator = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return `${base}${separator}${new URLSearchParams(params).toString()}${hash}`;
}

/** A sandbox page, with its own policy: forms post here and redirect only to the addresses given. */
export function sendPage(
  reply: FastifyReply,
  status: number,
  html: string,
  addresses?: { return_url?: string; cancel_url?: string },
): FastifyReply {
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('content-security-policy', contentSecurityPolicy(addresses))
    .send(html);
}

function sendHtml(reply: FastifyReply, status: number, html: string, order?: SandboxOrder): FastifyReply {
  return sendPage(reply, status, html, order?.experience);
}

/** Where the store learns of an approval: PayPal's return redirect. */
function returnAddress(order: SandboxOrder): string | undefined {
  const returnUrl = order.experience.return_url;
  return returnUrl === undefined || !order.payer ? undefined : withQuery(returnUrl, { token: order.id, PayerID: order.payer.payer_id });
}

/**
 * The buyer's side of PayPal: the approval page at /checkoutnow?token=<order id>, and its Approve and Cancel
 * forms, which send the buyer back to the store's return_url or cancel_url as PayPal does.
 */
export function registerApprovalRoutes(app: FastifyInstance, state: SandboxState): void {
  const actionPath = (order: SandboxOrder, action: 'approve' | 'cancel') =>
    `${app.prefix}/checkoutnow/${encodeURIComponent(order.id)}/${action}`;

  app.get<{ Querystring: { token?: unknown } }>('/checkoutnow', async (request, reply) => {
    const token = request.query.token;
    const order = typeof token === 'string' ? state.orders.get(token) : undefined;
    if (!order) return sendHtml(reply, 404, notFoundHtml());
    if (order.status === 'COMPLETED') return sendHtml(reply, 200, alreadyCapturedHtml(order, returnAddress(order)), order);
    return sendHtml(
      reply,
      200,
      approvalPageHtml(order, { approve: actionPath(order, 'approve'), cancel: actionPath(order, 'cancel') }),
      order,
    );
  });

  app.post<{ Params: { id: string } }>('/checkoutnow/:id/approve', async (request, reply) => {
    const order = state.orders.get(request.params.id);
    if (!order) return sendHtml(reply, 404, notFoundHtml());
    // A captured order is not approved again: its page says it is paid.
    if (order.status === 'COMPLETED') return reply.redirect(`${app.prefix}/checkoutnow?token=${encodeURIComponent(order.id)}`, 303);
    approveOrder(order);
    const back = returnAddress(order);
    if (back === undefined) return sendHtml(reply, 200, outcomeHtml('Payment approved', 'You can close this window.'), order);
    return reply.redirect(back, 303);
  });

  app.post<{ Params: { id: string } }>('/checkoutnow/:id/cancel', async (request, reply) => {
    const order = state.orders.get(request.params.id);
    if (!order) return sendHtml(reply, 404, notFoundHtml());
    const cancelUrl = order.experience.cancel_url;
    // PayPal leaves the order as it was: the store decides what a cancelled checkout means.
    if (cancelUrl === undefined) return sendHtml(reply, 200, outcomeHtml('Payment cancelled', 'You can close this window.'), order);
    return reply.redirect(withQuery(cancelUrl, { token: order.id }), 303);
  });
}
