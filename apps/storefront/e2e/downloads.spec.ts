import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { DeliveryLog, Order } from '@store/contracts';
import { startCuttingProxy } from './support/cutting-proxy.ts';
import { expect, test, uniqueName } from './support/fixtures.ts';

const MiB = 1024 * 1024;

test('a download cut off mid-way resumes in Chromium to the right file and counts once', async ({ page, api, baseURL }) => {
  const admin = await api.loginAdmin();
  const product = await api.createProduct(
    {
      title: uniqueName('Resumable Course '),
      price: 0,
      description: 'A large free download',
      detailed_description: 'Large enough that the network fails half-way.',
      images: [],
      features: [],
      stock_quantity: 5,
    },
    admin,
  );
  const bytes = randomBytes(24 * MiB);
  const file = await api.uploadProductFile(product.id, { name: 'resumable-course.zip', buffer: bytes }, admin);
  expect(file.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
  const ordered = await api.request.post('/api/orders', {
    data: {
      items: [{ product_id: product.id, quantity: 1 }],
      invoice_data: { email: 'resume-buyer@example.com', name: 'Ray Resume', address: '3 Market Street', city: 'Leeds', country: 'United Kingdom' },
    },
  });
  expect(ordered.status()).toBe(201);
  const order = (await ordered.json()) as Order;

  // The shop through a network that drops the download once, 4 MiB in.
  const proxy = await startCuttingProxy(new URL(baseURL!), 4 * MiB);
  try {
    await page.goto(`${proxy.origin}/order-success/${order.id}?token=${order.access_token}`);
    const goods = page.getByRole('region', { name: 'Your products' });
    await expect(goods.getByText('Downloaded 0 of 5 times')).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      goods.getByRole('link', { name: 'Download resumable-course.zip' }).click(),
    ]);
    // Chromium's own resume (it resumes by itself after a network failure when the answer had a strong validator).
    expect(await download.failure()).toBeNull();
    const saved = await readFile(await download.path());
    expect(saved.length).toBe(bytes.length);
    expect(createHash('sha256').update(saved).digest('hex')).toBe(file.sha256);
    expect(proxy.cut()).toBe(true);

    // It resumed from where the cut left it, naming the bytes it has, rather than starting again.
    expect(proxy.downloads).toHaveLength(2);
    expect(proxy.downloads[0]!.headers.range).toBeUndefined();
    const resumedFrom = Number(/^bytes=(\d+)-$/.exec(proxy.downloads[1]!.headers.range ?? '')?.[1]);
    expect(resumedFrom).toBeGreaterThan(0);
    expect(resumedFrom).toBeLessThanOrEqual(4 * MiB);
    expect(proxy.downloads[1]!.headers['if-range']).toBe(`"${file.sha256}"`);

    await page.reload();
    await expect(goods.getByText('Downloaded 1 of 5 times')).toBeVisible();
    const log = await api.request.get(`/api/admin/orders/${order.id}/delivery-log`, { headers: { Authorization: `Bearer ${admin.access_token}` } });
    const downloads = ((await log.json()) as DeliveryLog).events.filter((event) => event.kind === 'download');
    expect(downloads.map((event) => event.range)).toEqual([null, `bytes=${resumedFrom}-`]);
  } finally {
    await proxy.close();
  }
});
