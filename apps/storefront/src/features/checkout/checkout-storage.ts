import { type CartItem, type GuestInvoice } from '@store/contracts';

/**
 * What the checkout keeps in the browser between leaving for PayPal and coming back (spec section 9).
 * The spec's keys, plus `guest_order_tokens`: a guest order's goods open only with the access token the
 * API answers once at creation, so it is kept per order (id → token) and several orders keep working.
 */
export const CHECKOUT_STORAGE_KEYS = {
  guestOrderInfo: 'guest_order_info',
  guestCartItems: 'guest_cart_items',
  pendingOrderId: 'pending_order_id',
  pendingOrderTotal: 'pending_order_total',
  guestOrderTokens: 'guest_order_tokens',
} as const;

/** The newest guest orders whose tokens are kept; older ones are still reachable from the receipt mail link. */
export const MAX_STORED_ORDER_TOKENS = 20;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

// Storage may be full or refused (private mode): the checkout still works, only the saved copy is missing.
function write(key: string, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    // See above.
  }
}

function read(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function remove(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing stored that could be removed.
  }
}

function readJson(key: string): unknown {
  const raw = read(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    remove(key);
    return null;
  }
}

export interface PendingOrder {
  orderId: string;
  /** Dollars, as the order answered them. */
  total: number;
}

/** Remembers the order the shopper is paying, until the payment is confirmed. */
export function savePendingOrder({ orderId, total }: PendingOrder): void {
  write(CHECKOUT_STORAGE_KEYS.pendingOrderId, orderId);
  write(CHECKOUT_STORAGE_KEYS.pendingOrderTotal, total.toFixed(2));
}

export function readPendingOrder(): PendingOrder | null {
  const orderId = read(CHECKOUT_STORAGE_KEYS.pendingOrderId);
  if (!orderId) return null;
  const total = Number(read(CHECKOUT_STORAGE_KEYS.pendingOrderTotal));
  return { orderId, total: Number.isFinite(total) ? total : 0 };
}

/** Forgets the pending order once it is paid (or marked complete): its id, total and the cart copy. */
export function clearPendingOrder(): void {
  remove(CHECKOUT_STORAGE_KEYS.pendingOrderId);
  remove(CHECKOUT_STORAGE_KEYS.pendingOrderTotal);
  remove(CHECKOUT_STORAGE_KEYS.guestCartItems);
}

/** The guest's invoice and the cart lines of the order being paid (spec section 4, guest flow). */
export function saveGuestCheckout(invoice: GuestInvoice, items: readonly CartItem[]): void {
  saveGuestOrderInfo(invoice);
  write(CHECKOUT_STORAGE_KEYS.guestCartItems, JSON.stringify(items));
}

/** Only the guest's invoice, to fill the form next time: a free order has no payment pending, so no cart copy. */
export function saveGuestOrderInfo(invoice: GuestInvoice): void {
  write(CHECKOUT_STORAGE_KEYS.guestOrderInfo, JSON.stringify(invoice));
}

const INVOICE_FIELDS = ['email', 'name', 'address', 'city', 'country'] as const;

/** The last invoice a guest used, to fill the form again; only its text fields, whatever else was stored. */
export function readGuestOrderInfo(): Partial<GuestInvoice> {
  const stored = readJson(CHECKOUT_STORAGE_KEYS.guestOrderInfo);
  if (typeof stored !== 'object' || stored === null) return {};
  const info: Partial<GuestInvoice> = {};
  for (const field of INVOICE_FIELDS) {
    const value = (stored as Record<string, unknown>)[field];
    if (typeof value === 'string') info[field] = value;
  }
  return info;
}

type TokenMap = Record<string, string>;

function readTokens(): TokenMap {
  const stored = readJson(CHECKOUT_STORAGE_KEYS.guestOrderTokens);
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return {};
  return Object.fromEntries(Object.entries(stored).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** Keeps a guest order's access token (newest last), so its page can show the keys and downloads later. */
export function saveOrderAccessToken(orderId: string, token: string): void {
  const tokens = readTokens();
  delete tokens[orderId];
  tokens[orderId] = token;
  const kept = Object.entries(tokens).slice(-MAX_STORED_ORDER_TOKENS);
  write(CHECKOUT_STORAGE_KEYS.guestOrderTokens, JSON.stringify(Object.fromEntries(kept)));
}

export function readOrderAccessToken(orderId: string): string | null {
  return readTokens()[orderId] ?? null;
}
