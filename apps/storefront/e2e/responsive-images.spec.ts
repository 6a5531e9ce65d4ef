import { expect, test } from './support/fixtures.ts';

/** An uploaded image's resized copy: `/uploads/<name>/<width>.<avif|webp>` (docs/decisions/043-image-variants.md). */
const VARIANT = /\/uploads\/[^/]+\/(\d+)\.(avif|webp)$/;

test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });

test('on a 390-px phone a card fetches a resized AVIF or WebP of at most 640 px, never the original', async ({ page }) => {
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/uploads/')) uploads.push(new URL(request.url()).pathname);
  });

  await page.goto('/products');
  // The first card with an uploaded picture (other specs add products without one, listed first as the newest);
  // shown on screen, so a lazy picture loads too. It has arrived once the image has pixels.
  const image = page.getByTestId('product-card').locator('picture img').first();
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0), { timeout: 30_000 }).toBe(true);

  const chosen = new URL(await image.evaluate((element: HTMLImageElement) => element.currentSrc)).pathname;
  const [, width] = VARIANT.exec(chosen) ?? [];
  expect(width, `the card shows ${chosen}`).toBeDefined();
  expect(Number(width)).toBeLessThanOrEqual(640);
  expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeLessThanOrEqual(640);

  // Every image the page asked for so far is a variant: no card fell back to its full-size original.
  expect(uploads.length).toBeGreaterThan(0);
  for (const path of uploads) expect(path, path).toMatch(VARIANT);
  expect(uploads.every((path) => Number(VARIANT.exec(path)?.[1]) <= 640)).toBe(true);
});
