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

/** axe-core's violations on the page as it is now, once it has settled (none for a page that is not HTML). */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  if (!(await isHtmlPage(page))) return [];
  await settled(page);
  const results = await new AxeBuilder({ page }).withTags([...AXE_TAGS]).analyze();
  return results.violations.map(({ id, impact, help, nodes }) => ({
    id,
    impact: impact ?? null,
    help,
    targets: nodes.map((node) => node.target.join(' ')),
  }));
}

/** Fails with every violation axe-core finds on the page as it is now, naming the state checked. */
export async function expectNoAxeViolations(page: Page, state: string): Promise<void> {
  const width = page.viewportSize()?.width;
  expect(await axeFindings(page), `axe-core on ${state}${width === undefined ? '' : ` at ${width} px`} (${page.url()})`).toEqual([]);
}

/**
 * How the sweeping checks (every snap() and every test's end state) treat a violation: `report` (the
 * default while the states first checked this way are being fixed: each violation is printed as an `[axe]`
 * line and attached to the test as `axe-violations`) or `strict` (E2E_AXE=strict: the test fails). Checks
 * a spec asks for itself (`expectNoAxeViolations`, the visual specs) always fail on a violation.
 */
export const SWEEP_MODE: 'report' | 'strict' = process.env.E2E_AXE === 'strict' ? 'strict' : 'report';

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
