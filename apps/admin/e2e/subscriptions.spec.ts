import { formatUsd, type DashboardStats, type Subscription } from '@store/contracts';
import { expect, test, uniqueName, type StoreApi } from './support/fixtures.ts';
import { snap } from './support/screenshots.ts';

/**
 * A shopper subscribes to a monthly product of the test's own as the storefront does: the subscription is
 * created at PayPal (the store's own sandbox), approved on the sandbox's page (its Approve button's POST) and
 * confirmed by the return page's call. Answers the subscriber's view of it.
 */
async function subscribed(api: StoreApi, price: number): Promise<{ subscription: Subscription; username: string; title: string }> {
  const admin = await api.loginAdmin();
  const title = uniqueName('Monthly Writer ');
  const product = await api.createProduct(
    {
      title,
      price,
      description: 'Billed monthly',
      detailed_description: 'A subscription of the admin test.',
      images: [],
      features: [],
      stock_quantity: 100,
      category: 'software',
      product_type: 'subscription',
      billing_interval: 'month',
      key_mode: 'generated',
    },
    admin,
  );
  const shopper = await api.registerUser();
  const headers = { Authorization: `Bearer ${shopper.access_token}` };
  const created = await api.request.post('/api/subscriptions', { data: { product_id: product.id }, headers });
  expect(created.status(), await created.text()).toBe(201);
  const { id, paypal_subscription_id: paypalId } = (await created.json()) as { id: string; paypal_subscription_id: string };
  const approved = await api.request.post(`/sandbox/billing/subscriptions/${paypalId}/approve`, { maxRedirects: 0 });
  expect(approved.status()).toBe(303);
  const confirmed = await api.request.post(`/api/subscriptions/${id}/confirm`, { headers });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  const subscription = (await confirmed.json()) as Subscription;
  expect(subscription.status).toBe('active');
  // The first payment arrives by the sandbox's webhook, just after the approval.
  await expect
    .poll(async () => {
      const answer = await api.request.get(`/api/admin/subscriptions/${id}`, { headers: { Authorization: `Bearer ${admin.access_token}` } });
      return ((await answer.json()) as { payments: unknown[] }).payments.length;
    })
    .toBe(1);
  return { subscription, username: shopper.user.username, title };
}

async function dashboardStats(api: StoreApi): Promise<DashboardStats> {
  const admin = await api.loginAdmin();
  const response = await api.request.get('/api/admin/stats', { headers: { Authorization: `Bearer ${admin.access_token}` } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as DashboardStats;
}

test('staff see a subscription in the Subscriptions screen and its details, and MRR on the dashboard', async ({ page, api, signInAsAdmin }) => {
  const { subscription, username, title } = await subscribed(api, 13.57);
  // Bought through the store's sandbox, the subscription is a test one: like test orders, it is left out of the
  // figures (the API test counts real ones); the cards show the figures the API answers.
  const stats = await dashboardStats(api);
  await signInAsAdmin();

  await page.goto('/admin/');
  // Other specs may change the figures meanwhile; this one alone makes subscriptions, so they are as read.
  await expect(page.locator('dt', { hasText: /^MRR$/ }).locator('+ dd')).toHaveText(formatUsd(stats.mrr));
  await expect(page.locator('dt', { hasText: 'Active subscriptions' }).locator('+ dd')).toHaveText(stats.active_subscriptions.toLocaleString('en-US'));

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Subscriptions' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Subscriptions' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search subscriptions' }).fill(username);
  const row = page.getByRole('row').filter({ hasText: username });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(title);
  await expect(row).toContainText('$13.57 / month');
  await expect(row).toContainText('Active');
  await snap(page, 'subscriptions');

  await row.getByRole('link', { name: `Sub #${subscription.id.slice(-8)}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Sub #${subscription.id.slice(-8)}` })).toBeVisible();
  await expect(page.getByText(`${title} · $13.57 / month`)).toBeVisible();
  await expect(page.getByText(subscription.license_keys[0]!.key)).toBeVisible();
  const payments = page.getByRole('table', { name: 'Payments' });
  await expect(payments.getByRole('row')).toHaveCount(2);
  await expect(payments).toContainText('$13.57');
  await expect(page.getByRole('button', { name: 'Cancel now' })).toBeEnabled();
  await snap(page, 'subscription-details');
});
