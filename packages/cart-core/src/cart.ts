import { type CartItem, LIMITS, type Product, toCents } from '@store/contracts';

/**
 * The cart rules of spec section 4 as plain functions over a list of lines.
 * None mutates its input; a call that changes nothing answers the very same array, so a store
 * can skip the update and a React tree does not render again.
 */

/** What adding needs of a product: any `Product` from the API fits. */
export type CartProduct = Pick<Product, 'id' | 'title' | 'price' | 'category' | 'product_type'> & {
  images?: readonly string[];
  image?: string | null;
};

/** A product as the API answers it now, used to bring stored lines up to date. */
export interface FreshProduct {
  id: string;
  title: string;
  /** Dollars, as the contract speaks them. */
  price: number;
  images?: readonly string[];
  image?: string | null;
  /** Accepted so a whole `Product` fits; stock does not limit a cart (no rule for it is specified). */
  stock_quantity?: number;
}

export interface RefreshOptions {
  /** Drop lines whose product is absent from the list given (only when that list is the whole truth). */
  dropMissing?: boolean;
}

export interface RefreshResult {
  lines: readonly CartItem[];
  /** True when any line differs from the input (price, title, image, or a line dropped). */
  changed: boolean;
  /** Ids of the lines whose price changed: what the UI tells the buyer about. */
  repriced: string[];
  /** Ids of the lines dropped because their product no longer exists. */
  dropped: string[];
}

/** The image a card shows: first of images, else image, else none (spec section 2). */
export function imageOf(product: { images?: readonly string[]; image?: string | null }): string | null {
  return product.images?.[0] || product.image || null;
}

function toLine(product: CartProduct, quantity: number): CartItem {
  return {
    id: product.id,
    title: product.title,
    price: product.price,
    quantity,
    image: imageOf(product),
    category: product.category,
    product_type: product.product_type,
  };
}

/**
 * A subscription is billed by PayPal on its own, never in a one-off order (docs/decisions/039-subscription-screens.md):
 * the cart keeps it as a line of one, apart from the lines checkout orders.
 */
export function isSubscriptionLine(line: Pick<CartItem, 'product_type'>): boolean {
  return line.product_type === 'subscription';
}

/** The lines a checkout orders: every line but the subscriptions. */
export function orderLines(lines: readonly CartItem[]): readonly CartItem[] {
  return lines.some(isSubscriptionLine) ? lines.filter((line) => !isSubscriptionLine(line)) : lines;
}

/** The subscriptions in the cart, each subscribed to on its own. */
export function subscriptionLines(lines: readonly CartItem[]): readonly CartItem[] {
  return lines.filter(isSubscriptionLine);
}

/**
 * Adds `quantity` of a product: raises the line of the same id, else appends a new line.
 * A subscription stays a line of one: a shopper subscribes once, whatever the clicks.
 */
export function addItem(lines: readonly CartItem[], product: CartProduct, quantity = 1): readonly CartItem[] {
  if (!Number.isInteger(quantity) || quantity < 1) return lines;
  const subscription = isSubscriptionLine(product);
  if (!lines.some((line) => line.id === product.id)) return [...lines, toLine(product, subscription ? 1 : quantity)];
  if (subscription) return lines;
  return lines.map((line) => (line.id === product.id ? { ...line, quantity: line.quantity + quantity } : line));
}

/**
 * Sets a line's quantity. Zero or less removes the line (spec section 4); a fraction is floored,
 * but never below the minimum, since a positive amount is not a request to remove.
 */
export function setQuantity(lines: readonly CartItem[], id: string, quantity: number): readonly CartItem[] {
  if (Number.isNaN(quantity)) return lines;
  if (quantity <= 0) return removeItem(lines, id);
  if (!Number.isFinite(quantity)) return lines;
  const next = Math.max(LIMITS.cartMinQuantity, Math.floor(quantity));
  const line = lines.find((item) => item.id === id);
  if (!line || line.quantity === next || isSubscriptionLine(line)) return lines;
  return lines.map((item) => (item.id === id ? { ...item, quantity: next } : item));
}

/** The cart page's plus control. */
export function increment(lines: readonly CartItem[], id: string): readonly CartItem[] {
  const line = lines.find((item) => item.id === id);
  return line ? setQuantity(lines, id, line.quantity + 1) : lines;
}

/** The cart page's minus control: stops at the minimum quantity; removing is its own control. */
export function decrement(lines: readonly CartItem[], id: string): readonly CartItem[] {
  const line = lines.find((item) => item.id === id);
  if (!line || line.quantity <= LIMITS.cartMinQuantity) return lines;
  return setQuantity(lines, id, line.quantity - 1);
}

export function removeItem(lines: readonly CartItem[], id: string): readonly CartItem[] {
  return lines.some((line) => line.id === id) ? lines.filter((line) => line.id !== id) : lines;
}

export function clearCart(): readonly CartItem[] {
  return [];
}

/** The number of units in the cart, for the navigation badge. */
export function itemCount(lines: readonly CartItem[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** A line's total in integer cents: the unit price is turned to cents before multiplying. */
export function lineTotalCents(line: CartItem): number {
  return toCents(line.price) * line.quantity;
}

/** The cart's total in integer cents, free of floating-point drift. */
export function totalCents(lines: readonly CartItem[]): number {
  return lines.reduce((sum, line) => sum + lineTotalCents(line), 0);
}

/**
 * Brings stored lines up to the server's price, title and image, so a stale stored price is never
 * shown as final. A product absent from `products` keeps its line unless `dropMissing` is set.
 */
export function refreshPrices(lines: readonly CartItem[], products: readonly FreshProduct[], options: RefreshOptions = {}): RefreshResult {
  const byId = new Map(products.map((product) => [product.id, product]));
  const repriced: string[] = [];
  const dropped: string[] = [];
  let changed = false;
  const next: CartItem[] = [];

  for (const line of lines) {
    const fresh = byId.get(line.id);
    if (!fresh) {
      if (options.dropMissing) {
        dropped.push(line.id);
        changed = true;
      } else {
        next.push(line);
      }
      continue;
    }
    // An answer that leaves out both image fields says nothing about the image, so the line keeps its own.
    const image = fresh.images === undefined && fresh.image === undefined ? line.image : imageOf(fresh);
    const priceChanged = toCents(fresh.price) !== toCents(line.price);
    if (!priceChanged && fresh.title === line.title && image === line.image) {
      next.push(line);
      continue;
    }
    if (priceChanged) repriced.push(line.id);
    changed = true;
    next.push({ ...line, price: fresh.price, title: fresh.title, image });
  }

  return { lines: changed ? next : lines, changed, repriced, dropped };
}
