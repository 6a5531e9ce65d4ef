import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isObject } from './body-reader.ts';
import { type PayPalApiError, invalidRequest, issue, malformedJson, unprocessable } from './errors.ts';
import { parseOrderRequest } from './order-request.ts';
import { approvalUrl, minimalCaptureView, minimalOrderView, orderView, prefersRepresentation } from './order-view.ts';
import { captureOrder, createOrder, findOrder, rejectDuplicateInvoices } from './orders.ts';
import { headerOf, idempotent } from './request-ids.ts';
import type { SandboxOrder, SandboxState } from './state.ts';

/** The failures PayPal's sandbox can be asked for with `PayPal-Mock-Response` on a capture. */
const MOCKABLE_CAPTURE_ISSUES: ReadonlySet<string> = new Set([
  'INSTRUMENT_DECLINED',
  'TRANSACTION_REFUSED',
  'ORDER_NOT_APPROVED',
  'ORDER_ALREADY_CAPTURED',
  'PAYER_ACTION_REQUIRED',
  'DUPLICATE_INVOICE_ID',
  'MAX_NUMBER_OF_PAYMENT_ATTEMPTS_EXCEEDED',
]);

/** The issue asked for by `PayPal-Mock-Response: {"mock_application_codes":"INSTRUMENT_DECLINED"}`, if any. */
function mockedIssue(request: FastifyRequest): string | undefined {
  const header = headerOf(request, 'PayPal-Mock-Response');
  if (header === undefined) return undefined;
  let code: unknown;
  try {
    code = (JSON.parse(header) as { mock_application_codes?: unknown }).mock_application_codes;
  } catch {
    code = undefined;
  }
  if (typeof code !== 'string' || !MOCKABLE_CAPTURE_ISSUES.has(code)) {
    throw invalidRequest([issue('INVALID_PARAMETER_VALUE', { field: 'PayPal-Mock-Response', value: header, location: 'header' })]);
  }
  return code;
}

function mockedFailure(state: SandboxState, order: SandboxOrder, code: string): PayPalApiError {
  const information = { href: `https://developer.paypal.com/docs/api/orders/v2/#error-${code}`, rel: 'information_link', method: 'GET' };
  // A declined instrument sends the buyer back to PayPal to choose another way to pay.
  const redirect =
    code === 'INSTRUMENT_DECLINED' || code === 'PAYER_ACTION_REQUIRED'
      ? [{ href: approvalUrl(state, order.id), rel: 'redirect', method: 'GET' }]
      : [];
  return unprocessable([issue(code)], [information, ...redirect]);
}

/** Orders v2: create, show and capture. */
export function registerOrderRoutes(app: FastifyInstance, state: SandboxState, clientOf: (request: FastifyRequest) => string): void {
  app.post('/v2/checkout/orders', async (request, reply) => {
    const clientId = clientOf(request);
    const requestIds = idempotent(state, request, `${clientId} create-order`);
    if (requestIds.replayed(reply)) return reply;
    const orderRequest = parseOrderRequest(request.body);
    rejectDuplicateInvoices(state, clientId, orderRequest);
    const order = createOrder(state, clientId, orderRequest);
    const body = prefersRepresentation(request.headers.prefer) ? orderView(state, order) : minimalOrderView(state, order);
    requestIds.remember(body);
    return reply.status(201).send(body);
  });

  app.get<{ Params: { id: string } }>('/v2/checkout/orders/:id', async (request) => {
    return orderView(state, findOrder(state, clientOf(request), request.params.id));
  });

  app.post<{ Params: { id: string } }>('/v2/checkout/orders/:id/capture', async (request, reply) => {
    const clientId = clientOf(request);
    const order = findOrder(state, clientId, request.params.id);
    const requestIds = idempotent(state, request, `${clientId} capture ${order.id}`);
    if (requestIds.replayed(reply)) return reply;
    if (request.body !== undefined && !isObject(request.body)) throw malformedJson();
    const mocked = mockedIssue(request);
    if (mocked !== undefined) throw mockedFailure(state, order, mocked);
    if (order.status === 'COMPLETED') throw unprocessable([issue('ORDER_ALREADY_CAPTURED')]);
    if (order.status !== 'APPROVED') throw unprocessable([issue('ORDER_NOT_APPROVED')]);
    captureOrder(state, order);
    const body = prefersRepresentation(request.headers.prefer) ? orderView(state, order) : minimalCaptureView(state, order);
    requestIds.remember(body);
    return reply.status(201).send(body);
  });
}
