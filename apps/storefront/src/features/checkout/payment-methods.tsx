import { Badge } from '@store/ui';
import toast from 'react-hot-toast';
import * as styles from './checkout.css.ts';
import { CHECKOUT_MESSAGES } from './use-paypal-checkout.ts';

const METHODS = [
  { value: 'paypal', name: 'PayPal', description: 'Pay with your PayPal account, or a card through PayPal.', available: true },
  { value: 'crypto', name: 'Crypto (CoinGate)', description: 'Bitcoin, Ethereum and other coins.', available: false },
  { value: 'card', name: 'Card', description: 'Visa, Mastercard and American Express.', available: false },
] as const;

export type PaymentMethodChoice = (typeof METHODS)[number]['value'];

/**
 * The payment method choice (spec sections 1 and 4): PayPal, chosen by default; crypto and card are shown
 * as Coming Soon and cannot be chosen. Should one ever be picked anyway (an old browser ignoring
 * `disabled`), the shopper is told and PayPal stays chosen.
 */
export function PaymentMethods({ name = 'payment-method' }: { name?: string }) {
  return (
    <fieldset className={styles.methods}>
      <legend className={styles.legend}>Payment method</legend>
      {METHODS.map((method) => (
        <label key={method.value} className={styles.method}>
          <input
            type="radio"
            name={name}
            value={method.value}
            className={styles.radio}
            disabled={!method.available}
            checked={method.value === 'paypal'}
            onChange={(event) => {
              if (event.target.value !== 'paypal') toast.error(CHECKOUT_MESSAGES.comingSoon);
            }}
            aria-describedby={`${name}-${method.value}-description`}
          />
          <span className={styles.methodText}>
            <span className={styles.methodName}>
              {method.name}
              {!method.available && <Badge tone="yellow">Coming Soon</Badge>}
            </span>
            <span id={`${name}-${method.value}-description`} className={styles.muted}>
              {method.description}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** In place of the method choice when the cart is free: there is nothing to pay, so no method to choose. */
export function FreeOrderNote() {
  return (
    <div className={styles.methods}>
      <h2 className={styles.legend}>Payment</h2>
      <p className={styles.methodName}>
        Free <Badge tone="green">$0</Badge>
      </p>
      <p className={styles.muted}>Nothing to pay: your products are delivered as soon as you place the order.</p>
    </div>
  );
}
