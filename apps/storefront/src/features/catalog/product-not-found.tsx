import { MessagePage, buttonClassName } from '@store/ui';
import { Link } from '@tanstack/react-router';

/** An unknown or malformed product id (spec section 8: "a page with a back link"). */
export function ProductNotFound() {
  return (
    <MessagePage
      eyebrow="404"
      title="Product not found"
      actions={
        <Link to="/products" className={buttonClassName()}>
          Back to products
        </Link>
      }
    >
      <p>The product you are looking for does not exist or is no longer for sale.</p>
    </MessagePage>
  );
}
