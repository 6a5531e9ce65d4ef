import { expect, orderRef, placeOrder, test } from './support/fixtures.ts';
import { snap } from './support/screenshots.ts';

test('the dashboard shows the store figures and the latest orders', async ({ page, api, signInAsAdmin }) => {
  const shopper = await api.registerUser();
  const order = await placeOrder(api, shopper, await api.firstProductWithStock());
  await signInAsAdmin();

  await page.goto('/admin/');

  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({ timeout: 20_000 });
  for (const name of ['Total products', 'Total orders', 'Total users', 'Total revenue']) {
    await expect(page.locator('dt', { hasText: name }).locator('+ dd')).toHaveText(/^\$?[\d,.]+$/);
  }
  const recent = page.getByRole('region', { name: 'Recent orders' });
  const latest = recent.getByRole('listitem').filter({ hasText: orderRef(order) });
  await expect(latest).toBeVisible();
  await expect(latest).toContainText('Pending');
  // The 5 latest at most: other specs' orders may come before or after this one.
  expect(await recent.getByRole('listitem').count()).toBeLessThanOrEqual(5);
  await expect(page).toHaveTitle(/^Dashboard · /);
  await snap(page, 'dashboard');

  await page.getByRole('navigation', { name: 'Quick actions' }).getByRole('link', { name: 'View Orders' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
});

/** The widths the admin is laid out for (issue 27): two phones, a tablet, a laptop, a desktop. */
const WIDTHS = [360, 390, 768, 1280, 1920] as const;

test('the figures stay on one line, fill every row of cards and the chart’s labels keep their size, at every width', async ({
  page,
  signInAsAdmin,
}) => {
  test.slow();
  await signInAsAdmin();
  // A store with a six-figure revenue and a seven-figure order count: the widths the figures must fit.
  await page.route('**/api/admin/stats', async (route) => {
    const response = await route.fetch();
    const stats = (await response.json()) as Record<string, number>;
    await route.fulfill({ response, json: { ...stats, total_revenue: 135_119.99, total_orders: 1_234_567 } });
  });
  await page.goto('/admin/');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({ timeout: 20_000 });
  const stats = page.locator('dl').filter({ has: page.locator('dt', { hasText: 'Total revenue' }) });
  const revenue = stats.locator('dt', { hasText: 'Total revenue' }).locator('+ dd');
  await expect(revenue.locator('[aria-hidden="true"]')).toHaveText('$135.1K', { timeout: 15_000 });
  await expect(revenue.locator('[title]')).toHaveAttribute('title', '$135,119.99');
  await expect(stats.locator('dt', { hasText: 'Total orders' }).locator('+ dd [aria-hidden="true"]')).toHaveText('1.2M');
  await expect(page.getByText('Test orders and subscriptions (paid through the payment sandbox) are not counted')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Revenue' }).locator('svg text').first()).toBeVisible();

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const layout = await page.evaluate(() => {
      const list = [...document.querySelectorAll('dl')].find((dl) => dl.textContent?.includes('Total revenue'))!;
      const box = list.getBoundingClientRect();
      const cards = [...list.children].map((card) => card.getBoundingClientRect());
      const rows = [...new Set(cards.map((card) => Math.round(card.top)))].map((top) => cards.filter((card) => Math.round(card.top) === top));
      // Every figure: the text's line boxes all share one top (no wrap inside "$135.1K" or "1.2M").
      const figures = [...list.querySelectorAll('dd')].map((dd) => {
        const range = document.createRange();
        range.selectNodeContents(dd.querySelector('[aria-hidden="true"]') ?? dd);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      });
      const labels = [...document.querySelectorAll('[aria-labelledby="revenue-title"] svg text')]
        .filter((text) => text.textContent !== '')
        .map((text) => text.getBoundingClientRect().height);
      return {
        rowsEnds: rows.map((row) => [Math.min(...row.map((card) => card.left)) - box.left, box.right - Math.max(...row.map((card) => card.right))]),
        figures,
        smallestLabel: Math.min(...labels),
        pageWider: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      };
    });
    for (const [start, end] of layout.rowsEnds) {
      expect(Math.abs(start!), `a row of cards starts at the list's edge at ${width} px`).toBeLessThan(1);
      expect(Math.abs(end!), `a row of cards reaches the list's far edge at ${width} px`).toBeLessThan(1);
    }
    expect(layout.figures.every((lines) => lines === 1), `every figure on one line at ${width} px`).toBe(true);
    expect(layout.smallestLabel, `the chart's smallest label at ${width} px`).toBeGreaterThanOrEqual(10);
    expect(layout.pageWider, `the page scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
  }
  await snap(page, 'dashboard-large-figures');
});

for (const width of [390, 1280]) {
  test(`the sign-in toast leaves the account block and Logout uncovered at ${width} px`, async ({ page, adminCredentials }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/admin/login');
    await page.getByLabel('Email or Username').fill(adminCredentials.username);
    await page.getByLabel('Password', { exact: true }).fill(adminCredentials.password);
    await page.getByRole('button', { name: 'Sign In' }).click();

    // The success toast lasts 2 s: its box and the header's are read in one go, as soon as both show.
    const handle = await page.waitForFunction(
      () => {
        const status = [...document.querySelectorAll('[role="status"]')].find((element) => element.textContent?.includes('Successfully logged in!'));
        const banner = document.querySelector('header');
        const logout = banner?.querySelector('button[aria-label="Logout"]');
        if (!status?.parentElement || !banner || !logout) return null;
        const shown = (element: Element | null) => (element && element.getClientRects().length > 0 ? element.getBoundingClientRect().toJSON() : null);
        return {
          toast: shown(status.parentElement) as DOMRect | null,
          header: banner.getBoundingClientRect().toJSON() as DOMRect,
          parts: [shown(logout), shown(banner.querySelector('p[title]'))].filter((box): box is DOMRect => box !== null),
        };
      },
      undefined,
      { timeout: 20_000, polling: 50 },
    );
    const boxes = (await handle.jsonValue())!;
    expect(boxes.toast).not.toBeNull();
    const toast = boxes.toast!;
    expect(boxes.parts.length, 'Logout (and, from 480 px, who is signed in) shown').toBeGreaterThan(0);
    for (const box of boxes.parts) {
      const overlaps = toast.left < box.right && box.left < toast.right && toast.top < box.bottom && box.top < toast.bottom;
      expect(overlaps, `the toast ${JSON.stringify(toast)} covers ${JSON.stringify(box)}`).toBe(false);
    }
    // Below the header, not just beside it.
    expect(toast.top).toBeGreaterThanOrEqual(boxes.header.bottom);
  });
}
