import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/**
 * The rules checked on every page state the end-to-end tests visit: WCAG 2.1 A and AA and axe's best
 * practices (landmarks, headings), as the tester of issue 27 ran axe-core.
 */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] as const;

/** How long a page may stay busy (a region `aria-busy`, a fade running) before it is checked as it is. */
const SETTLE_MS = 5_000;

/** One violation as a failure message shows it: the rule, its help and where. */
export interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Waits until what the shopper sees has stopped changing: no region marked `aria-busy`, and no finite
 * animation or transition running (axe measures colours as they are drawn: halfway through a fade, a text
 * is paler than it ends). Endless animations (a spinner) do not count. Gives up after SETTLE_MS and lets
 * the check run on the page as it is.
 */
async function settled(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document.querySelector('[aria-busy="true"]') === null &&
        document
          .getAnimations()
          .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: SETTLE_MS },
    )
    .catch(() => undefined);
}

/** Whether the page shows an HTML document of ours (not a download, a JSON answer, or a blank tab). */
async function isHtmlPage(page: Page): Promise<boolean> {
  if (page.isClosed() || !/^https?:/.test(page.url())) return false;
  return page.evaluate(() => document.contentType === 'text/html').catch(() => false);
}

/**
 * axe-core's violations on the page as it is now, once it has settled (none for a page that is not HTML).
 * While it runs, the page's animations play at speed 0: one that starts meanwhile (a toast leaving after its
 * 2 s) stays on its first frame instead of being measured halfway through a fade. One run in the page (`legacyMode`: the store's
 * pages have no frame of another origin), collecting violations only: a third of the time of the default.
 */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  if (!(await isHtmlPage(page))) return [];
  await settled(page);
  const state = await fingerprint(page);
  const known = checked.get(state);
  if (known) return known;
  const findings = await runAxe(page);
  checked.set(state, findings);
  return findings;
}

/**
 * What axe-core found on each state already checked in this worker, by `fingerprint`: the same document at
 * the same width and address gives the same answer, and many tests pass through the same pages (the home page
 * after signing in, the cart). A test's end state that a snap() checked a moment before is not checked twice.
 */
const checked = new Map<string, AxeFinding[]>();

/** The page's address, viewport width and a digest of its whole document as it is now. */
async function fingerprint(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const bytes = new TextEncoder().encode(document.documentElement.outerHTML);
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
    const hex = [...digest].map((byte) => byte.toString(16).padStart(2, '0')).join('');
    return `${window.innerWidth} ${location.href} ${hex}`;
  });
}

async function runAxe(page: Page): Promise<AxeFinding[]> {
  // Through the DevTools protocol: a <style> put in the page would break the pages' Content Security Policy.
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('Animation.enable');
  await devtools.send('Animation.setPlaybackRate', { playbackRate: 0 });
  try {
    const results = await new AxeBuilder({ page })
      .withTags([...AXE_TAGS])
      .options({ resultTypes: ['violations'] })
      .setLegacyMode(true)
      .analyze();
    return results.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact: impact ?? null,
      help,
      targets: nodes.map((node) => node.target.join(' ')),
    }));
  } finally {
    await devtools
      .send('Animation.setPlaybackRate', { playbackRate: 1 })
      .then(() => devtools.detach())
      .catch(() => undefined);
  }
}

/** Fails with every violation axe-core finds on the page as it is now, naming the state checked. */
export async function expectNoAxeViolations(page: Page, state: string): Promise<void> {
  const width = page.viewportSize()?.width;
  expect(await axeFindings(page), `axe-core on ${state}${width === undefined ? '' : ` at ${width} px`} (${page.url()})`).toEqual([]);
}

/**
 * How the sweeping checks (every snap() and every test's end state) treat a violation: `strict` (the default:
 * the test fails) or `report` (E2E_AXE=report, while a new finding is being fixed: each violation is printed
 * as an `[axe]` line and attached to the test as `axe-violations`). Checks a spec asks for itself
 * (`expectNoAxeViolations`, the visual specs) always fail on a violation.
 */
export const SWEEP_MODE: 'report' | 'strict' = process.env.E2E_AXE === 'report' ? 'report' : 'strict';

/** Formats findings one per line, for a failure message or the run's output. */
export function describeFindings(findings: readonly AxeFinding[]): string {
  return findings.map((finding) => `    - ${finding.id} (${finding.impact}): ${finding.help}: ${finding.targets.join(', ')}`).join('\n');
}

/** The sweeping check of a state: see SWEEP_MODE. */
export async function sweepAxe(page: Page, state: string): Promise<void> {
  const findings = await axeFindings(page);
  if (findings.length === 0) return;
  const width = page.viewportSize()?.width;
  const where = `${state}${width === undefined ? '' : ` at ${width} px`} (${page.url()})`;
  if (SWEEP_MODE === 'strict') expect(findings, `axe-core on ${where}`).toEqual([]);
  process.stdout.write(`[axe] ${findings.length} violation(s) on ${where}:\n${describeFindings(findings)}\n`);
  await test.info().attach('axe-violations', { body: JSON.stringify({ state: where, findings }, null, 2), contentType: 'application/json' });
}
