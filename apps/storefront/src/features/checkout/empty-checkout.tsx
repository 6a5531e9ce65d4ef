import { MessagePage, buttonClassName } from '@store/ui';
import { Link } from '@tanstack/react-router';
import { paths } from '../site/paths.ts';

/** Checkout with nothing to pay for. */
export function EmptyCheckout() {
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
