import { useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { api } from '../../lib/api.ts';
import { browser, isHttpUrl } from '../checkout/browser.ts';
import { shopperDetail } from '../checkout/use-paypal-checkout.ts';

export const SUBSCRIBE_MESSAGES = {
  failed: 'Could not start the subscription. Please try again.',
  noApprovalAddress: 'PayPal answered without a valid approval address. Please try again.',
  redirecting: 'Redirecting to PayPal...',
} as const;

/**
 * Subscribes the signed-in shopper to a product: the API creates the subscription at PayPal, and the browser
 * goes to PayPal's approval page, which returns to /account/subscriptions/<id>/return. One run at a time;
 * while the browser leaves, the button stays busy so an impatient second click starts nothing.
 */
export function useSubscribe() {
  const [busy, setBusy] = useState(false);
  const running = useRef(false);

  async function subscribe(productId: string): Promise<void> {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    let leaving = false;
    try {
      const created = await api.createSubscription({ body: { product_id: productId } });
      if (!isHttpUrl(created.approve_url)) {
        toast.error(SUBSCRIBE_MESSAGES.noApprovalAddress);
        return;
      }
      toast.success(SUBSCRIBE_MESSAGES.redirecting);
      browser.assign(created.approve_url);
      leaving = true;
    } catch (caught) {
      // A 4xx names the reason (not a subscription, already subscribed, sold out): the shopper needs that sentence.
      toast.error(shopperDetail(caught) ?? SUBSCRIBE_MESSAGES.failed);
    } finally {
      if (!leaving) {
        running.current = false;
        setBusy(false);
      }
    }
  }

  return { subscribe, busy };
}
