import path from 'node:path';
import { test, type Page } from '@playwright/test';

/** A phone and a laptop: every screen is reviewed at both widths. */
export const SNAP_WIDTHS = [390, 1280] as const;

/**
 * Saves full-page screenshots of the page at each width as `<outputDir>/screenshots/<name>-<width>.png`
 * (apps/<app>/test-results/screenshots/, uploaded by CI), attaches them to the report, and puts the
 * viewport back as it was.
 */
export async function snap(page: Page, name: string): Promise<void> {
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(name)) throw new Error(`Screenshot names are kebab-case, got "${name}"`);
  const testInfo = test.info();
  const dir = path.join(testInfo.project.outputDir, 'screenshots');
  const viewport = page.viewportSize();
  try {
    for (const width of SNAP_WIDTHS) {
      await page.setViewportSize({ width, height: viewport?.height ?? 800 });
      // Let the layout and web fonts settle at the new width before the capture.
      await page.evaluate(async () => {
        await document.fonts.ready;
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      });
      const file = path.join(dir, `${name}-${width}.png`);
      const image = await page.screenshot({ path: file, fullPage: true, animations: 'disabled', caret: 'hide' });
      // As a body, not a path: a path would be copied a second time into the test's own output folder.
      await testInfo.attach(`${name}-${width}`, { body: image, contentType: 'image/png' });
    }
  } finally {
    if (viewport !== null) await page.setViewportSize(viewport);
  }
}
