import { expect, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './accessibility.ts';
import { test as storeTest } from './fixtures.ts';
import { OWN_STORE_START_MS, startOwnStore, type OwnStore } from './own-store.ts';
import { SNAP_WIDTHS } from './screenshots.ts';

/**
 * Screenshots compared with committed baselines (issue 27): a layout that breaks fails the suite. The specs
 * that use this `test` run against a store of their own (the demo seed and what they add), so what the
 * other specs did to the shared store cannot change a picture; what still changes from run to run (dates,
 * order numbers) is masked. Baselines: `e2e/__screenshots__/<name>-<width>.png`, written by
 * `pnpm test:e2e --update-snapshots` (the e2e README says when).
 */
export const visualTest = storeTest.extend<{ visualStore: OwnStore }, { ownStore: OwnStore }>({
  ownStore: [
    // eslint-disable-next-line no-empty-pattern -- a worker fixture that needs no other fixture
    async ({}, use) => {
      const store = await startOwnStore();
      try {
        await use(store);
      } finally {
        await store.stop();
      }
    },
    { scope: 'worker', timeout: OWN_STORE_START_MS + 30_000 },
  ],
  visualStore: async ({ ownStore }, use) => {
    await use(ownStore);
  },
  // Every relative address of the spec (page.goto('orders'), the api fixture) reaches the spec's own store,
  // under the app's base path as configured.
  baseURL: async ({ baseURL, ownStore }, use) => {
    const configured = new URL(baseURL ?? 'http://127.0.0.1/');
    await use(new URL(configured.pathname, ownStore.origin).toString());
  },
});

/** The pixels that may differ before a picture counts as changed: antialiasing, not a moved block. */
const MAX_DIFF_PIXEL_RATIO = 0.005;

export interface ScreenOptions {
  /** What changes from run to run on this screen besides `<time>` elements (masked always). */
  mask?: Locator[];
  /** Waits for the screen's own readiness at each width (e.g. an image decoded), after the layout settled. */
  ready?: (page: Page) => Promise<void>;
}

/**
 * Lets the layout, the fonts and every image (lazy ones included) settle. The site's font is declared
 * `font-display: optional` (packages/ui site-fonts.ts): on a busy machine its file can miss the first paint,
 * and the page then keeps the fallback font for good, a different picture. Each declared face is therefore
 * loaded again as a face of its own that blocks until loaded and added to the document, which draws the text
 * in it: the picture is the page as a shopper sees it when the font arrives in time.
 */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const declared: FontFace[] = [];
    for (const sheet of document.styleSheets) {
      let rules: CSSRuleList;
      try {
        rules = sheet.cssRules;
      } catch {
        continue; // another origin's sheet
      }
      for (const rule of rules) {
        if (!(rule instanceof CSSFontFaceRule)) continue;
        const { style } = rule;
        const family = style.getPropertyValue('font-family').replace(/^["']|["']$/g, '');
        const source = style.getPropertyValue('src');
        if (family === '' || source === '') continue;
        declared.push(
          new FontFace(family, source, {
            weight: style.getPropertyValue('font-weight') || 'normal',
            style: style.getPropertyValue('font-style') || 'normal',
            unicodeRange: style.getPropertyValue('unicode-range') || 'U+0-10FFFF',
            display: 'block',
          }),
        );
      }
    }
    for (const face of await Promise.all(declared.map((face) => face.load().catch(() => null)))) if (face) document.fonts.add(face);
    await document.fonts.ready;
    // Images below the fold are lazy: a full-page picture draws them too, so they are asked for now.
    for (const image of document.images) if (image.loading === 'lazy') image.loading = 'eager';
    const loading = [...document.images].filter((image) => !image.complete);
    const loaded = Promise.all(
      loading.map(
        (image) =>
          new Promise((resolve) => {
            image.addEventListener('load', resolve, { once: true });
            image.addEventListener('error', resolve, { once: true });
          }),
      ),
    );
    // An image that never answers must not hold the test: the picture then shows it missing.
    await Promise.race([loaded, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/**
 * Compares the whole page at 390 and 1280 px with its baselines `<name>-<width>.png`, `<time>` elements and
 * `mask` painted over, and checks it with axe-core at each width. Puts the viewport back as it was.
 */
export async function expectScreen(page: Page, name: string, options: ScreenOptions = {}): Promise<void> {
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(name)) throw new Error(`Screen names are kebab-case, got "${name}"`);
  const viewport = page.viewportSize();
  const height = viewport?.height ?? 800;
  try {
    for (const width of SNAP_WIDTHS) {
      await page.setViewportSize({ width, height });
      await settle(page);
      await options.ready?.(page);
      await expect(page).toHaveScreenshot(`${name}-${width}.png`, {
        fullPage: true,
        animations: 'disabled',
        caret: 'hide',
        scale: 'css',
        mask: [page.locator('time'), ...(options.mask ?? [])],
        maxDiffPixelRatio: MAX_DIFF_PIXEL_RATIO,
        // Two pictures alike in a row are needed; a busy machine takes seconds for one full page.
        timeout: 30_000,
      });
      await expectNoAxeViolations(page, name);
    }
  } finally {
    if (viewport !== null) await page.setViewportSize(viewport);
  }
}
