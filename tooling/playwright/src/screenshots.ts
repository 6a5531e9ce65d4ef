import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { sweepAxe } from './accessibility.ts';

/** A phone and a laptop: every screen is reviewed at both widths. */
export const SNAP_WIDTHS = [390, 1280] as const;

/** The narrowest phone the pages support (issue 4): checked for sideways scrolling, not saved. */
export const NARROWEST_WIDTH = 360;

/** Lets the layout and web fonts settle at a new width. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/** Fails when the page is wider than the viewport, naming the elements that stick out. */
async function expectNoSidewaysScroll(page: Page, name: string, width: number): Promise<void> {
  const overflow = await page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= viewport) return [];
    return [...document.body.querySelectorAll('*')]
      .filter((element) => element.getBoundingClientRect().right > viewport + 1)
      .slice(0, 5)
      .map((element) => `<${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}">`);
  });
  expect(overflow, `${name} scrolls sideways at ${width} px`).toEqual([]);
}

/**
 * Checks that the page does not scroll sideways at 360 px and at each width, runs axe-core at each width
 * (src/accessibility.ts, `sweepAxe`), and saves full-page screenshots at each width as `<outputDir>/screenshots/<name>-<width>.png`
 * (apps/<app>/test-results/screenshots/, uploaded by CI), attaches them to the report, and puts the
 * viewport back as it was.
 */
export async function snap(page: Page, name: string): Promise<void> {
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(name)) throw new Error(`Screenshot names are kebab-case, got "${name}"`);
  const testInfo = test.info();
  const dir = path.join(testInfo.project.outputDir, 'screenshots');
  const viewport = page.viewportSize();
  const height = viewport?.height ?? 800;
  try {
    await page.setViewportSize({ width: NARROWEST_WIDTH, height });
    await settle(page);
    await expectNoSidewaysScroll(page, name, NARROWEST_WIDTH);
    for (const width of SNAP_WIDTHS) {
      await page.setViewportSize({ width, height });
      await settle(page);
      await expectNoSidewaysScroll(page, name, width);
      const file = path.join(dir, `${name}-${width}.png`);
      const image = await page.screenshot({ path: file, fullPage: true, animations: 'disabled', caret: 'hide' });
      // As a body, not a path: a path would be copied a second time into the test's own output folder.
      await testInfo.attach(`${name}-${width}`, { body: image, contentType: 'image/png' });
      await sweepAxe(page, name);
    }
  } finally {
    if (viewport !== null) await page.setViewportSize(viewport);
  }
}
