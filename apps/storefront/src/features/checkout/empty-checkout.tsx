import { selectItems } from '@store/cart-core';
import { MessagePage, buttonClassName } from '@store/ui';
import { Link } from '@tanstack/react-router';
import { useCart } from '../cart/cart-store.ts';
import { paths } from '../site/paths.ts';

/** Checkout with nothing to pay for: an empty cart, or one holding only subscriptions (subscribed to from the cart, never ordered). */
export function EmptyCheckout() {
  const onlySubscriptions = useCart(selectItems).length > 0;
  if (onlySubscriptions) {
    return (
      <MessagePage
        title="Nothing to check out"
        actions={
          <Link to="/cart" className={buttonClassName({ size: 'lg' })}>
            Back to Cart
          </Link>
        }
      >
        <p>Your cart holds only subscriptions. PayPal bills each one on its own: subscribe to it from the cart.</p>
      </MessagePage>
    );
  }
  return (
    <MessagePage
      title="Cart is empty"
      actions={
        <Link to={paths.products} className={buttonClassName({ size: 'lg' })}>
          Browse Products
        </Link>
      }
    >
      <p>There is nothing to check out yet. Add some products to your cart first.</p>
    </MessagePage>
  );
}
