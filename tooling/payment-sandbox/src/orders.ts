import { issue, resourceNotFound, unprocessable } from './errors.ts';
import { isoSeconds, merchantIdOf, newCaptureId, newOrderId, newRefundId } from './ids.ts';
import { type Money, currencyDecimals, fractionDigits, fromMinorUnits, toMinorUnits } from './money.ts';
import type { OrderRequest } from './order-request.ts';
import type { Capture, Refund, SandboxOrder, SandboxState } from './state.ts';

/** The merchant behind every sandbox REST client. */
const MERCHANT_EMAIL = 'sb-merchant@business.example.com';

/** PayPal's US rate for goods and services: 3.49 % plus a fixed 0.49. */
const FEE_BASIS_POINTS = 349n;
const FEE_FIXED_MINOR_UNITS = 49n;

/** The client's order, or 404: an order is invisible to the other REST clients, as to other merchants. */
export function findOrder(state: SandboxState, clientId: string, orderId: string): SandboxOrder {
  const order = state.orders.get(orderId);
  if (!order || order.clientId !== clientId) throw resourceNotFound(orderId);
  return order;
}

export function findCapture(state: SandboxState, clientId: string, captureId: string): Capture {
  const capture = state.captures.get(captureId);
  if (!capture || capture.clientId !== clientId) throw resourceNotFound(captureId);
  return capture;
}

/** 422 DUPLICATE_INVOICE_ID when another order of the same merchant already carries one of the invoice ids. */
export function rejectDuplicateInvoices(state: SandboxState, clientId: string, request: OrderRequest): void {
  const used = new Set<string>();
  for (const order of state.orders.values()) {
    if (order.clientId !== clientId) continue;
    for (const unit of order.purchaseUnits) if (unit.invoice_id !== undefined) used.add(unit.invoice_id);
  }
  const details = request.purchaseUnits.flatMap((unit, index) =>
    unit.invoice_id !== undefined && used.has(unit.invoice_id)
      ? [issue('DUPLICATE_INVOICE_ID', { field: `/purchase_units/${index}/invoice_id`, value: unit.invoice_id, location: 'body' })]
      : [],
  );
  if (details.length > 0) throw unprocessable(details);
}

export function createOrder(state: SandboxState, clientId: string, request: OrderRequest): SandboxOrder {
  const now = isoSeconds();
  const payee = {
    email_address: MERCHANT_EMAIL,
    merchant_id: merchantIdOf(clientId),
    ...(request.experience.brand_name === undefined ? {} : { display_name: request.experience.brand_name }),
  };
  const order: SandboxOrder = {
    id: newOrderId(),
    clientId,
    intent: 'CAPTURE',
    status: request.approvalRel === 'payer-action' ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
    approvalRel: request.approvalRel,
    purchaseUnits: request.purchaseUnits.map((unit) => ({ ...unit, payee: { ...payee }, captures: [] })),
    experience: request.experience,
    create_time: now,
    update_time: now,
  };
  state.orders.set(order.id, order);
  return order;
}

export function sellerReceivable(gross: Money): NonNullable<Capture['seller_receivable_breakdown']> {
  const currency = gross.currency_code;
  const grossUnits = toMinorUnits(gross.value, currency);
  const fixed = currencyDecimals(currency) === 0 ? 0n : FEE_FIXED_MINOR_UNITS;
  const rawFee = (grossUnits * FEE_BASIS_POINTS + 5_000n) / 10_000n + fixed;
  const fee = rawFee > grossUnits ? grossUnits : rawFee;
  return {
    gross_amount: { currency_code: currency, value: gross.value },
    paypal_fee: { currency_code: currency, value: fromMinorUnits(fee, currency) },
    net_amount: { currency_code: currency, value: fromMinorUnits(grossUnits - fee, currency) },
  };
}

/** Captures every purchase unit of an approved order in full; the captures take the forced status when one is set. */
export function captureOrder(state: SandboxState, order: SandboxOrder): Capture[] {
  const now = isoSeconds();
  const status = order.forcedCaptureStatus ?? 'COMPLETED';
  const captures = order.purchaseUnits.map((unit) => {
    const capture: Capture = {
      id: newCaptureId(),
      orderId: order.id,
      clientId: order.clientId,
      status,
      // PayPal explains a pending capture; an eCheck or a review are the usual reasons.
      ...(status === 'PENDING' ? { status_details: { reason: 'PENDING_REVIEW' } } : {}),
      amount: { currency_code: unit.amount.currency_code, value: unit.amount.value },
      final_capture: true,
      ...(unit.custom_id === undefined ? {} : { custom_id: unit.custom_id }),
      ...(unit.invoice_id === undefined ? {} : { invoice_id: unit.invoice_id }),
      ...(status === 'COMPLETED' || status === 'PENDING' ? { seller_receivable_breakdown: sellerReceivable(unit.amount) } : {}),
      refunds: [],
      create_time: now,
      update_time: now,
    };
    unit.captures.push(capture);
    state.captures.set(capture.id, capture);
    return capture;
  });
  order.status = 'COMPLETED';
  order.update_time = now;
  return captures;
}

/** Refunds the rest of a capture, or the amount given; the capture becomes REFUNDED or PARTIALLY_REFUNDED. */
export function refundCapture(
  state: SandboxState,
  capture: Capture,
  request: { amount?: Money; invoice_id?: string; note_to_payer?: string },
): Refund {
  if (capture.status === 'REFUNDED') throw unprocessable([issue('CAPTURE_FULLY_REFUNDED')]);
  if (capture.status === 'PENDING') throw unprocessable([issue('PENDING_CAPTURE')]);
  if (capture.status !== 'COMPLETED' && capture.status !== 'PARTIALLY_REFUNDED') throw unprocessable([issue('TRANSACTION_REFUSED')]);
  const currency = capture.amount.currency_code;
  const refunded = capture.refunds.reduce((sum, refund) => sum + toMinorUnits(refund.amount.value, currency), 0n);
  const remaining = toMinorUnits(capture.amount.value, currency) - refunded;
  let units = remaining;
  if (request.amount) {
    const field = { field: '/amount/value', value: request.amount.value, location: 'body' as const };
    if (request.amount.currency_code !== currency) {
      throw unprocessable([issue('CURRENCY_MISMATCH', { ...field, field: '/amount/currency_code', value: request.amount.currency_code })]);
    }
    if (fractionDigits(request.amount.value) > currencyDecimals(currency)) throw unprocessable([issue('DECIMAL_PRECISION', field)]);
    units = toMinorUnits(request.amount.value, currency);
    if (units <= 0n) throw unprocessable([issue('CANNOT_BE_ZERO_OR_NEGATIVE', field)]);
    if (units > remaining) throw unprocessable([issue('REFUND_AMOUNT_EXCEEDED', field)]);
  }
  const now = isoSeconds();
  const refund: Refund = {
    id: newRefundId(),
    captureId: capture.id,
    status: 'COMPLETED',
    amount: { currency_code: currency, value: fromMinorUnits(units, currency) },
    ...(request.invoice_id === undefined ? {} : { invoice_id: request.invoice_id }),
    ...(request.note_to_payer === undefined ? {} : { note_to_payer: request.note_to_payer }),
    create_time: now,
    update_time: now,
  };
  capture.refunds.push(refund);
  capture.status = units === remaining ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
  capture.update_time = now;
  state.refunds.set(refund.id, refund);
  return refund;
}
