// The store's shared fixtures (tooling/playwright); admin-only helpers extend them here.
import type { Order, ProductSummary } from '@store/contracts';
import { test as base, type Session, type StoreApi } from '@store/playwright-config';

export { expect, uniqueName } from '@store/playwright-config';
export type { PageErrors, RegisteredUser, Session, StoreApi } from '@store/playwright-config';

export interface AdminFixtures {
  /** Signs the page in as the store's admin (through the API) before the app's code runs; call before `page.goto`. */
  signInAsAdmin: () => Promise<Session>;
}

export const test = base.extend<AdminFixtures>({
  signInAsAdmin: async ({ page, api, loginAs }, use) => {
    await use(async () => {
      const auth = await api.loginAdmin();
      await loginAs(page, auth);
      return auth;
    });
  },
});

/** Places a pending order for `product` as the signed-in account of `session` (POST /api/orders). */
export async function placeOrder(api: StoreApi, session: Session, product: ProductSummary, quantity = 1): Promise<Order> {
  const response = await api.request.post('/api/orders', {
    data: { items: [{ product_id: product.id, quantity }] },
    headers: { Authorization: `Bearer ${session.access_token}` },
  });
  if (!response.ok()) throw new Error(`POST /api/orders: HTTP ${response.status()} ${await response.text()}`);
  return (await response.json()) as Order;
}

/** How the admin shows an order: '#' and the last 8 characters of its id. */
export const orderRef = (order: Pick<Order, 'id'>) => `#${order.id.slice(-8)}`;
