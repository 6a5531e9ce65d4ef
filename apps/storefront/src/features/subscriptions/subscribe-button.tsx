import { Button, Notice, type ButtonProps } from '@store/ui';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useShopper } from '../checkout/use-shopper.ts';
import * as styles from '../orders/orders.css.ts';
import { useSubscribe } from './use-subscribe.ts';

export interface SubscribeButtonProps {
  productId: string;
  title: string;
  /** Where a guest comes back to after signing in or registering (the product page, or the cart). */
  returnTo: string;
  size?: ButtonProps['size'];
  disabled?: boolean;
}

/**
 * "Subscribe": a signed-in shopper goes to PayPal to approve the subscription. A subscription belongs to an
 * account (its key and renewals live there), so a guest is asked to sign in or register first and comes back
 * to `returnTo`; the cart is kept in the browser meanwhile, untouched.
 */
export function SubscribeButton({ productId, title, returnTo, size = 'md', disabled = false }: SubscribeButtonProps) {
  const { status, user } = useShopper();
  const { subscribe, busy } = useSubscribe();
  const [askingGuest, setAskingGuest] = useState(false);

  return (
    <>
      <Button
        size={size}
        aria-label={`Subscribe to ${title}`}
        disabled={disabled || status === 'loading'}
        loading={busy}
        onClick={() => (user ? void subscribe(productId) : setAskingGuest(true))}
      >
        Subscribe
      </Button>
      {askingGuest && !user && (
        <Notice tone="info" title="Subscribing needs an account">
          <p>A subscription belongs to your account, where its key and renewals are kept. Your cart stays as it is.</p>
          <p>
            <Link to="/login" search={{ redirect: returnTo }} className={styles.link}>
              Sign in to subscribe
            </Link>
            {' · '}
            <Link to="/register" search={{ redirect: returnTo }} className={styles.link}>
              Create an account
            </Link>
          </p>
        </Notice>
      )}
    </>
  );
}
