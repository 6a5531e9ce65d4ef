import type { PayPalEndpoint } from './paypal-endpoint.ts';

/** A failure answered by PayPal: its HTTP status, error name and first detail issue (e.g. ORDER_ALREADY_CAPTURED). */
export class PayPalError extends Error {
  constructor(
    readonly status: number,
    readonly errorName: string,
    readonly issue: string | undefined,
    message: string,
    readonly debugId?: string,
  ) {
    super(message);
    this.name = 'PayPalError';
  }
}

export interface PayPalLink {
  href: string;
  rel: string;
  method?: string;
}

export interface PayPalMoney {
  currency_code: string;
  value: string;
}

export interface PayPalCapture {
  id: string;
  status: 'COMPLETED' | 'DECLINED' | 'PENDING' | 'REFUNDED' | 'PARTIALLY_REFUNDED' | 'FAILED';
  amount: PayPalMoney;
  custom_id?: string;
  invoice_id?: string;
}

export interface PayPalRefund {
  id: string;
  status: 'COMPLETED' | 'PENDING' | 'CANCELLED' | 'FAILED';
  amount?: PayPalMoney;
}

export interface PayPalOrder {
  id: string;
  status: string;
  links?: PayPalLink[];
  purchase_units?: { reference_id?: string; custom_id?: string; invoice_id?: string; amount?: PayPalMoney; payments?: { captures?: PayPalCapture[] } }[];
}

interface CachedToken {
  token: string;
  expiresAt: number;
}

/**
 * PayPal's REST API, server to server: an OAuth2 client-credentials token cached until shortly before
 * it expires, and the Orders v2 and webhook verification calls the store uses.
 */
export class PayPalClient {
  private readonly tokens = new Map<string, CachedToken>();

  constructor(private readonly fetchImpl: typeof fetch = (...args) => fetch(...args)) {}

  private async token(endpoint: PayPalEndpoint, forceRefresh = false): Promise<string> {
    const cacheKey = `${endpoint.baseUrl}|${endpoint.clientId}`;
    const cached = this.tokens.get(cacheKey);
    if (cached && !forceRefresh && cached.expiresAt > Date.now()) return cached.token;
    const response = await this.fetchImpl(`${endpoint.baseUrl}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${endpoint.clientId}:${endpoint.clientSecret}`).toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(15_000),
    });
    const body = (await response.json().catch(() => ({}))) as { access_token?: string; expires_in?: number; error_description?: string };
    if (!response.ok || !body.access_token) {
      this.tokens.delete(cacheKey);
      throw new PayPalError(response.status, 'AUTHENTICATION_FAILURE', undefined, body.error_description ?? 'PayPal refused the client credentials');
    }
    // Renew a minute early so a token never expires between the check and the call.
    this.tokens.set(cacheKey, { token: body.access_token, expiresAt: Date.now() + Math.max(0, (body.expires_in ?? 300) - 60) * 1000 });
    return body.access_token;
  }

  private async call<T>(endpoint: PayPalEndpoint, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: T }> {
    for (let attempt = 0; ; attempt += 1) {
      const response = await this.fetchImpl(`${endpoint.baseUrl}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${await this.token(endpoint, attempt > 0)}`,
          'Content-Type': 'application/json',
          Accept: 'application/json',
          ...headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(20_000),
      });
      // An expired or revoked token: fetch a new one once and repeat the call.
      if (response.status === 401 && attempt === 0) continue;
      const json = (await response.json().catch(() => ({}))) as T & { name?: string; message?: string; debug_id?: string; details?: { issue?: string }[] };
      if (!response.ok) {
        throw new PayPalError(response.status, json.name ?? 'UNKNOWN', json.details?.[0]?.issue, json.message ?? `PayPal answered ${response.status}`, json.debug_id);
      }
      return { status: response.status, body: json };
    }
  }

  createOrder(endpoint: PayPalEndpoint, payload: unknown, requestId: string): Promise<PayPalOrder> {
    return this.call<PayPalOrder>(endpoint, 'POST', '/v2/checkout/orders', payload, { 'PayPal-Request-Id': requestId }).then((result) => result.body);
  }

  getOrder(endpoint: PayPalEndpoint, paypalOrderId: string): Promise<PayPalOrder> {
    return this.call<PayPalOrder>(endpoint, 'GET', `/v2/checkout/orders/${encodeURIComponent(paypalOrderId)}`).then((result) => result.body);
  }

  captureOrder(endpoint: PayPalEndpoint, paypalOrderId: string, requestId: string): Promise<PayPalOrder> {
    return this.call<PayPalOrder>(endpoint, 'POST', `/v2/checkout/orders/${encodeURIComponent(paypalOrderId)}/capture`, {}, { 'PayPal-Request-Id': requestId }).then(
      (result) => result.body,
    );
  }

  /** Refunds a capture in full; the request id makes a repeat answer the same refund instead of a second one. */
  refundCapture(endpoint: PayPalEndpoint, captureId: string, requestId: string): Promise<PayPalRefund> {
    return this.call<PayPalRefund>(endpoint, 'POST', `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`, {}, { 'PayPal-Request-Id': requestId }).then(
      (result) => result.body,
    );
  }

  async verifyWebhookSignature(endpoint: PayPalEndpoint, verification: Record<string, unknown>): Promise<boolean> {
    const result = await this.call<{ verification_status?: string }>(endpoint, 'POST', '/v1/notifications/verify-webhook-signature', verification);
    return result.body.verification_status === 'SUCCESS';
  }
}

/** The buyer's approval address of a created order (`payer-action` with experience_context, `approve` in the legacy flow). */
export function approvalLink(order: PayPalOrder): string | undefined {
  return order.links?.find((link) => link.rel === 'payer-action' || link.rel === 'approve')?.href;
}

/** The first capture of a captured order. */
export function firstCapture(order: PayPalOrder): PayPalCapture | undefined {
  return order.purchase_units?.flatMap((unit) => unit.payments?.captures ?? [])[0];
}
