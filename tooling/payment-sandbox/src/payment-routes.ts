import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Problems, isObject, readMoney, readString } from './body-reader.ts';
import { invalidRequest, malformedJson, resourceNotFound } from './errors.ts';
import { captureView, refundView } from './order-view.ts';
import { findCapture, refundCapture } from './orders.ts';
import { idempotent } from './request-ids.ts';
import type { SandboxState } from './state.ts';

/** Payments v2: show a capture, refund it, show a refund. */
export function registerPaymentRoutes(app: FastifyInstance, state: SandboxState, clientOf: (request: FastifyRequest) => string): void {
  app.get<{ Params: { id: string } }>('/v2/payments/captures/:id', async (request) => {
    return captureView(state, findCapture(state, clientOf(request), request.params.id));
  });

  app.post<{ Params: { id: string } }>('/v2/payments/captures/:id/refund', async (request, reply) => {
    const clientId = clientOf(request);
    const capture = findCapture(state, clientId, request.params.id);
    const requestIds = idempotent(state, request, `${clientId} refund ${capture.id}`);
    if (requestIds.replayed(reply)) return reply;
    const body = request.body ?? {};
    if (!isObject(body)) throw malformedJson();
    const problems = new Problems();
    const amount = readMoney(problems, body, 'amount', '');
    const invoiceId = readString(problems, body, 'invoice_id', '', { min: 1, max: 127 });
    const noteToPayer = readString(problems, body, 'note_to_payer', '', { min: 1, max: 255 });
    if (problems.any) throw invalidRequest(problems.details);
    const refund = refundCapture(state, capture, {
      ...(amount ? { amount } : {}),
      ...(invoiceId === undefined ? {} : { invoice_id: invoiceId }),
      ...(noteToPayer === undefined ? {} : { note_to_payer: noteToPayer }),
    });
    const answer = refundView(state, refund);
    requestIds.remember(answer);
    return reply.status(201).send(answer);
  });

  app.get<{ Params: { id: string } }>('/v2/payments/refunds/:id', async (request) => {
    const refund = state.refunds.get(request.params.id);
    const capture = refund ? state.captures.get(refund.captureId) : undefined;
    if (!refund || capture?.clientId !== clientOf(request)) throw resourceNotFound(request.params.id);
    return refundView(state, refund);
  });
}
