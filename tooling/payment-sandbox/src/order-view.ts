import type { Link } from './errors.ts';
import type { Capture, PurchaseUnit, Refund, SandboxOrder, SandboxState } from './state.ts';

/** The approval page of an order, which the `payer-action` / `approve` link points to. */
export function approvalUrl(state: SandboxState, orderId: string): string {
  return `${state.config.publicUrl}/checkoutnow?token=${encodeURIComponent(orderId)}`;
}

export function orderLinks(state: SandboxState, order: SandboxOrder): Link[] {
  const self = `${state.config.publicUrl}/v2/checkout/orders/${order.id}`;
  const links: Link[] = [{ href: self, rel: 'self', method: 'GET' }];
  if (order.status === 'CREATED' || order.status === 'PAYER_ACTION_REQUIRED') {
    links.push({ href: approvalUrl(state, order.id), rel: order.approvalRel, method: 'GET' });
  }
  if (order.status === 'APPROVED') links.push({ href: `${self}/capture`, rel: 'capture', method: 'POST' });
  return links;
}

/** The payer's PayPal account as `payment_source.paypal` shows it once the order is approved. */
function paymentSourceOf(order: SandboxOrder): { paypal: Record<string, unknown> } | undefined {
  if (order.approvalRel === 'approve' && !order.payer) return undefined;
  if (!order.payer) return { paypal: {} };
  const { payer_id, email_address, name, address } = order.payer;
  return { paypal: { email_address, account_id: payer_id, account_status: 'VERIFIED', name, address } };
}

export function captureLinks(state: SandboxState, capture: Capture): Link[] {
  const base = state.config.publicUrl;
  return [
    { href: `${base}/v2/payments/captures/${capture.id}`, rel: 'self', method: 'GET' },
    { href: `${base}/v2/payments/captures/${capture.id}/refund`, rel: 'refund', method: 'POST' },
    { href: `${base}/v2/checkout/orders/${capture.orderId}`, rel: 'up', method: 'GET' },
  ];
}

/** A capture as PayPal answers it (in an order, and on GET /v2/payments/captures/{id}). */
export function captureView(state: SandboxState, capture: Capture): Record<string, unknown> {
  return {
    id: capture.id,
    status: capture.status,
    ...(capture.status_details ? { status_details: capture.status_details } : {}),
    amount: capture.amount,
    final_capture: capture.final_capture,
    seller_protection: { status: 'NOT_ELIGIBLE' },
    ...(capture.seller_receivable_breakdown ? { seller_receivable_breakdown: capture.seller_receivable_breakdown } : {}),
    ...(capture.custom_id === undefined ? {} : { custom_id: capture.custom_id }),
    ...(capture.invoice_id === undefined ? {} : { invoice_id: capture.invoice_id }),
    links: captureLinks(state, capture),
    create_time: capture.create_time,
    update_time: capture.update_time,
  };
}

function purchaseUnitView(state: SandboxState, unit: PurchaseUnit): Record<string, unknown> {
  const { captures, ...fields } = unit;
  return {
    ...fields,
    ...(captures.length > 0 ? { payments: { captures: captures.map((capture) => captureView(state, capture)) } } : {}),
  };
}

/** The full order, as GET /v2/checkout/orders/{id} and `Prefer: return=representation` answer it. */
export function orderView(state: SandboxState, order: SandboxOrder): Record<string, unknown> {
  const paymentSource = paymentSourceOf(order);
  return {
    id: order.id,
    intent: order.intent,
    status: order.status,
    ...(paymentSource ? { payment_source: paymentSource } : {}),
    purchase_units: order.purchaseUnits.map((unit) => purchaseUnitView(state, unit)),
    ...(order.payer ? { payer: order.payer } : {}),
    create_time: order.create_time,
    update_time: order.update_time,
    links: orderLinks(state, order),
  };
}

/** `Prefer: return=minimal` (PayPal's default) on create. */
export function minimalOrderView(state: SandboxState, order: SandboxOrder): Record<string, unknown> {
  const paymentSource = paymentSourceOf(order);
  return {
    id: order.id,
    status: order.status,
    ...(paymentSource ? { payment_source: paymentSource } : {}),
    links: orderLinks(state, order),
  };
}

/** PayPal's default answer to a capture: the payer and the captures, without the order's other fields. */
export function minimalCaptureView(state: SandboxState, order: SandboxOrder): Record<string, unknown> {
  const paymentSource = paymentSourceOf(order);
  return {
    id: order.id,
    status: order.status,
    ...(paymentSource ? { payment_source: paymentSource } : {}),
    purchase_units: order.purchaseUnits.map((unit) => ({
      reference_id: unit.reference_id,
      payments: { captures: unit.captures.map((capture) => captureView(state, capture)) },
    })),
    ...(order.payer ? { payer: order.payer } : {}),
    links: orderLinks(state, order),
  };
}

export function refundView(state: SandboxState, refund: Refund): Record<string, unknown> {
  const base = state.config.publicUrl;
  return {
    id: refund.id,
    status: refund.status,
    amount: refund.amount,
    ...(refund.invoice_id === undefined ? {} : { invoice_id: refund.invoice_id }),
    ...(refund.note_to_payer === undefined ? {} : { note_to_payer: refund.note_to_payer }),
    create_time: refund.create_time,
    update_time: refund.update_time,
    links: [
      { href: `${base}/v2/payments/refunds/${refund.id}`, rel: 'self', method: 'GET' },
      { href: `${base}/v2/payments/captures/${refund.captureId}`, rel: 'up', method: 'GET' },
    ],
  };
}

/** Whether a `Prefer` header asks for the full resource. */
export function prefersRepresentation(prefer: string | string[] | undefined): boolean {
  const values = Array.isArray(prefer) ? prefer : prefer === undefined ? [] : [prefer];
  return values.some((value) => value.split(/[,;]/).some((part) => part.trim().toLowerCase() === 'return=representation'));
}
