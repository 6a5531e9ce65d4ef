import type { ProductSummary } from '@store/contracts';
import toast from 'react-hot-toast';
import { cartStore } from '../cart/cart-store.ts';

/** Puts one of the product in the cart and says so (spec section 2, "Product card"). */
export function addToCart(product: ProductSummary): void {
  cartStore.getState().add(product);
  toast.success(`${product.title} added to cart!`);
}

/** A sold-out product cannot be bought (stock_quantity 0). */
export function isSoldOut(product: Pick<ProductSummary, 'stock_quantity'>): boolean {
  return product.stock_quantity <= 0;
}
