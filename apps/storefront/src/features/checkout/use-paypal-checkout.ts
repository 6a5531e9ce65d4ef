import { totalCents } from '@store/cart-core';
import { ApiError, type CartItem, type GuestInvoice, type Order } from '@store/contracts';
import { useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { api } from '../../lib/api.ts';
import { cartStore } from '../cart/cart-store.ts';
import { isSettled } from '../orders/order-format.ts';
import { browser, isHttpUrl } from './browser.ts';
import { saveGuestCheckout, saveGuestOrderInfo, saveOrderAccessToken, savePendingOrder } from './checkout-storage.ts';

/** The toasts of spec section 8 on the way to PayPal. */
export const CHECKOUT_MESSAGES = {
  orderFailed: 'Failed to create order. Please try again.',
  paypalOrderFailed: 'Failed to create PayPal order',
  paymentCreationFailed: 'Payment creation failed',
  paymentError: 'Payment error. Please try again.',
  redirecting: 'Redirecting to PayPal...',
  comingSoon: 'CoinGate payment is coming soon! Please use PayPal for now.',
  termsRequired: 'Please agree to the Terms of Service to proceed with payment',
  freeOrderReady: 'Your free order is complete! Your products are ready.',
} as const;

/** A cart whose every line is free totals $0: its order needs no payment and is delivered at once. */
export function isFreeCart(items: readonly CartItem[]): boolean {
  return items.length > 0 && totalCents(items) === 0;
}

export interface CheckoutError {
  /** What went wrong, in a sentence for the page (the server's detail where it gave a useful one). */
  message: string;
}

export interface PayInput {
  items: readonly CartItem[];
  /** A guest's invoice; absent for a signed-in shopper, whom the server bills under the account. */
  invoice?: GuestInvoice;
  /** The cart's discount code: the server applies it (or refuses it, with a sentence) when it creates the order. */
  discountCode?: string | null;
}

/** A client error carries a sentence meant for the shopper (out of stock, invalid field); a 5xx does not. */
export function shopperDetail(error: unknown): string | null {
  return error instanceof ApiError && error.status < 500 && error.detail ? error.detail : null;
}

function signatureOf({ items, invoice, discountCode }: PayInput): string {
  return JSON.stringify({
    items: items.map((item) => [item.id, item.quantity]),
    invoice: invoice ?? null,
    free: isFreeCart(items),
    code: discountCode ?? null,
  });
}

/**
 * Pays the cart with PayPal: creates our order (priced by the server), keeps what the return pages need,
 * asks the API for the PayPal approval address and sends the browser there.
 * One run at a time; after a failed payment step a retry reuses the order just created (same cart),
 * so a second click does not place a second order.
 * A free cart ($0) is ordered with `payment_method: 'free'`: the server completes it at once with its goods,
 * and the shopper goes straight to the order's page, without PayPal.
 */
export function usePayPalCheckout() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<CheckoutError | null>(null);
  const running = useRef(false);
  const unpaid = useRef<{ signature: string; order: Order } | null>(null);

  async function createOrder(input: PayInput): Promise<Order | null> {
    const signature = signatureOf(input);
    if (unpaid.current?.signature === signature) return unpaid.current.order;
    try {
      const order = await api.createOrder({
        body: {
          items: input.items.map((item) => ({ product_id: item.id, quantity: item.quantity })),
          payment_method: isFreeCart(input.items) ? 'free' : 'paypal',
          ...(input.invoice ? { invoice_data: input.invoice } : {}),
          ...(input.discountCode ? { discount_code: input.discountCode } : {}),
        },
      });
      unpaid.current = { signature, order };
      return order;
    } catch (caught) {
      // A 409 (out of stock, a code used up by this buyer) or 400 names the product, field or code: the shopper needs that sentence.
      const message = shopperDetail(caught) ?? CHECKOUT_MESSAGES.orderFailed;
      toast.error(message);
      setError({ message });
      return null;
    }
  }

  function remember(order: Order, input: PayInput): void {
    savePendingOrder({ orderId: order.id, total: order.total_amount });
    if (input.invoice) saveGuestCheckout(input.invoice, input.items);
    if (order.access_token) saveOrderAccessToken(order.id, order.access_token);
  }

  /**
   * A completed order needs no payment: its goods are in the answer. The guest's access token is kept as
   * for a paid order, then the order's page opens: a guest's /order-success, an account's /payment/success,
   * where the PayPal flow ends. The cart is emptied once that page is on its way, so it never flashes empty.
   */
  async function finishFreeOrder(order: Order, input: PayInput): Promise<void> {
    unpaid.current = null;
    if (input.invoice) saveGuestOrderInfo(input.invoice);
    if (order.access_token) saveOrderAccessToken(order.id, order.access_token);
    toast.success(CHECKOUT_MESSAGES.freeOrderReady);
    await (order.user_id
      ? navigate({ to: '/payment/success/$orderId', params: { orderId: order.id } })
      : navigate({ to: '/order-success/$orderId', params: { orderId: order.id } }));
    cartStore.getState().clearOrdered();
  }

  async function startPayment(order: Order): Promise<boolean> {
    let paymentUrl: string;
    try {
      ({ payment_url: paymentUrl } = await api.createPayment({ query: { order_id: order.id } }));
    } catch (caught) {
      if (caught instanceof ApiError) {
        // The order cannot be paid any more (expired, not found, sold out): the next attempt places a new one. One whose
        // units other checkouts hold for a few minutes is kept, to be paid when they come back (docs/decisions/036).
        if (caught.status === 404 || (caught.status === 409 && caught.code !== 'held_by_other_buyers')) unpaid.current = null;
        toast.error(CHECKOUT_MESSAGES.paypalOrderFailed);
        setError({
          message: caught.status < 500 || caught.status === 502 || caught.status === 503 ? caught.detail : CHECKOUT_MESSAGES.paymentError,
        });
      } else {
        toast.error(CHECKOUT_MESSAGES.paymentError);
        setError({ message: CHECKOUT_MESSAGES.paymentError });
      }
      return false;
    }
    if (!paymentUrl || !isHttpUrl(paymentUrl)) {
      toast.error(CHECKOUT_MESSAGES.paymentCreationFailed);
      setError({ message: 'The payment service answered without a valid PayPal address. Please try again.' });
      return false;
    }
    toast.success(CHECKOUT_MESSAGES.redirecting);
    browser.assign(paymentUrl);
    return true;
  }

  async function pay(input: PayInput): Promise<void> {
    if (running.current || input.items.length === 0) return;
    running.current = true;
    setBusy(true);
    setError(null);
    let leaving = false;
    try {
      const order = await createOrder(input);
      if (!order) return;
      // The server, not the cart, says whether anything is due: an order it priced at $0 is already completed.
      if (order.payment_method === 'free' || isSettled(order)) {
        await finishFreeOrder(order, input);
        return;
      }
      remember(order, input);
      leaving = await startPayment(order);
    } finally {
      // While the browser leaves for PayPal the button stays busy: no second order from an impatient click.
      if (!leaving) {
        running.current = false;
        setBusy(false);
      }
    }
  }

  return { pay, busy, error };
}
