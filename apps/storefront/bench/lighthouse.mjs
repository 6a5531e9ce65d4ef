// `pnpm bench:lighthouse` (issue 25): Lighthouse on the built store, the median of LIGHTHOUSE_RUNS runs
// (default 3) per page and preset, beside the issue's goals.
// Pages: `/`, `/products` and the page of a demo product with a picture. Presets: mobile (Lighthouse's
// default config, simulated slow 4G and a 4x slower CPU) and desktop (its desktop config). Each run gets a
// fresh headless Chromium (CHROME_PATH or CHROMIUM_PATH, default /usr/bin/chromium), as the Lighthouse CLI does.
// Prints a Markdown table of the medians and the audits of accessibility, best practices and SEO that the
// median run fails; `--json <path>` also writes every run's figures there.
// Usage: pnpm bench:lighthouse (from the root: builds the API and the storefront first) [--json <path>].
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { startBuiltStore } from './built-store.mjs';

const { values: args } = parseArgs({ options: { json: { type: 'string' } } });
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
if (!Number.isInteger(runs) || runs < 1)
  throw new Error(`LIGHTHOUSE_RUNS must be a whole number of at least 1 (got "${process.env.LIGHTHOUSE_RUNS}")`);
const chromePath = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// chrome-launcher adds its own quiet flags (no extensions, sync, component updates or background networking).
const chromeFlags = ['--headless=new', '--no-sandbox', '--disable-gpu'];
const categories = ['performance', 'accessibility', 'best-practices', 'seo'];
/** The categories whose failing audits are listed: each should score 100. */
const checkedCategories = ['accessibility', 'best-practices', 'seo'];
const presets = [
  { name: 'mobile', config: undefined },
  { name: 'desktop', config: desktopConfig },
];

/**
 * Issue 25's goals: on mobile, performance 98 or more, LCP at most 1.5 s, TBT at most 100 ms, CLS at most 0.01;
 * on desktop, performance 100; on both, accessibility, best practices and SEO 100.
 */
const goals = {
  mobile: { performance: 98, lcp: 1500, tbt: 100, cls: 0.01 },
  desktop: { performance: 100 },
};

/** @param {string} line */
const print = (line) => process.stdout.write(`${line}\n`);
/** @param {string} line */
const progress = (line) => process.stderr.write(`${line}\n`);

/** @param {number[]} values */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** A category's score out of 100, or null when Lighthouse could not score it. */
function score(lhr, category) {
  const value = lhr.categories[category]?.score;
  return typeof value === 'number' ? Math.round(value * 100) : null;
}

/** The figures of one run that the table shows. */
function figures(lhr) {
  const numeric = (audit) => lhr.audits[audit]?.numericValue ?? null;
  return {
    performance: score(lhr, 'performance'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    fcp: numeric('first-contentful-paint'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    seo: score(lhr, 'seo'),
  };
}

const figureNames = ['performance', 'lcp', 'tbt', 'cls', 'fcp', 'accessibility', 'bestPractices', 'seo'];

/** The audits that lower a checked category's score in this run: weighted, and scored below 1. */
function failingAudits(lhr) {
  const failing = {};
  for (const category of checkedCategories) {
    failing[category] = (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((audit) => audit && audit.score !== null && audit.score < 1)
      .map((audit) => ({ id: audit.id, title: audit.title }));
  }
  return failing;
}

/** One Lighthouse run in a Chromium of its own; a run Lighthouse could not finish answers its error. */
async function runOnce(url, preset) {
  const chrome = await launch({ chromePath, chromeFlags, logLevel: 'error' });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: categories },
      preset.config,
    );
    if (!result) throw new Error(`Lighthouse answered nothing for ${url}`);
    return result.lhr;
  } finally {
    await chrome.kill();
  }
}

/** The goals of issue 25 this row's medians miss, in words. */
function missedGoals(preset, medians) {
  const goal = goals[preset];
  const missed = [];
  if (medians.performance === null || medians.performance < goal.performance) missed.push(`performance < ${goal.performance}`);
  if (goal.lcp !== undefined && (medians.lcp === null || medians.lcp > goal.lcp)) missed.push(`LCP > ${goal.lcp / 1000} s`);
  if (goal.tbt !== undefined && (medians.tbt === null || medians.tbt > goal.tbt)) missed.push(`TBT > ${goal.tbt} ms`);
  if (goal.cls !== undefined && (medians.cls === null || medians.cls > goal.cls)) missed.push(`CLS > ${goal.cls}`);
  for (const [key, name] of [
    ['accessibility', 'accessibility'],
    ['bestPractices', 'best practices'],
    ['seo', 'SEO'],
  ]) {
    if (medians[key] !== 100) missed.push(`${name} < 100`);
  }
  return missed;
}

/** A product of the demo catalogue to open, one with a picture when there is one. */
async function productPath(base) {
  const response = await fetch(`${base}/api/products?limit=20`);
  if (!response.ok) throw new Error(`GET /api/products answered ${response.status}`);
  const { products } = await response.json();
  const product = products.find((candidate) => candidate.images.length > 0) ?? products[0];
  if (!product) throw new Error('the store has no products to open');
  return `/products/${product.id}`;
}

const store = await startBuiltStore();
const results = [];
let environment = null;
try {
  const pages = ['/', '/products', await productPath(store.base)];
  for (const page of pages) {
    for (const preset of presets) {
      const url = `${store.base}${page}`;
      const lhrs = [];
      const errors = [];
      for (let run = 1; run <= runs; run += 1) {
        const lhr = await runOnce(url, preset);
        if (lhr.runtimeError) {
          errors.push(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
          progress(`${page} ${preset.name} run ${run}/${runs}: ${lhr.runtimeError.code}`);
          continue;
        }
        lhrs.push(lhr);
        environment ??= { lighthouseVersion: lhr.lighthouseVersion, userAgent: lhr.environment.hostUserAgent };
        progress(
          `${page} ${preset.name} run ${run}/${runs}: performance ${score(lhr, 'performance')}, benchmark index ${lhr.environment.benchmarkIndex}`,
        );
      }
      const runFigures = lhrs.map(figures);
      const medians = {};
      for (const key of figureNames) {
        const values = runFigures.map((run) => run[key]).filter((value) => value !== null);
        medians[key] = values.length === 0 ? null : median(values);
      }
      // Lighthouse's own median run (nearest the median FCP and time to interactive) names the audits to fix.
      const medianRun = lhrs.length > 0 ? computeMedianRun(lhrs) : null;
      results.push({
        page,
        url,
        preset: preset.name,
        runs: runFigures,
        errors,
        medians,
        benchmarkIndex: lhrs.length > 0 ? median(lhrs.map((lhr) => lhr.environment.benchmarkIndex)) : null,
        failingAudits: medianRun ? failingAudits(medianRun) : null,
        missedGoals: missedGoals(preset.name, medians),
      });
    }
  }
} finally {
  await store.stop();
}

const shown = (value, digits = 0) => (value === null ? 'n/a' : value.toFixed(digits));
// A score is a whole number; the median of an even count of runs (a run failed) may fall between two.
const shownScore = (value) => (value === null ? 'n/a' : String(value));
print(
  `\nLighthouse ${environment?.lighthouseVersion ?? '?'} on the built store, median of ${runs} run(s) per row; ${environment?.userAgent ?? ''}\n`,
);
print('| page | preset | performance | LCP ms | TBT ms | CLS | FCP ms | accessibility | best practices | SEO | goals (issue 25) |');
print('|---|---|---|---|---|---|---|---|---|---|---|');
for (const { page, preset, medians: m, errors, missedGoals: missed } of results) {
  const failed =
    errors.length === 0 ? '' : ` (${errors.length} of ${runs} runs failed: ${errors.map((error) => error.split(':')[0]).join(', ')})`;
  const goalsCell =
    errors.length === runs ? `no run finished: ${errors[0]}` : `${missed.length === 0 ? 'met' : `missed: ${missed.join(', ')}`}${failed}`;
  print(
    `| \`${page}\` | ${preset} | ${shownScore(m.performance)} | ${shown(m.lcp)} | ${shown(m.tbt)} | ${shown(m.cls, 3)} | ${shown(m.fcp)} | ${shownScore(m.accessibility)} | ${shownScore(m.bestPractices)} | ${shownScore(m.seo)} | ${goalsCell} |`,
  );
}
print('\nAudits of accessibility, best practices and SEO that the median run fails:\n');
for (const { page, preset, failingAudits: failing } of results) {
  if (failing === null) continue;
  const lists = checkedCategories
    .filter((category) => failing[category].length > 0)
    .map((category) => `${category}: ${failing[category].map((audit) => audit.id).join(', ')}`);
  print(`- \`${page}\` ${preset}: ${lists.length === 0 ? 'none' : lists.join('; ')}`);
}

if (args.json) {
  // pnpm runs the script in the storefront's folder; a relative path is read from where the command was typed.
  const target = path.resolve(process.env.INIT_CWD ?? process.cwd(), args.json);
  await writeFile(target, `${JSON.stringify({ date: new Date().toISOString(), runs, ...environment, results }, null, 2)}\n`);
  print(`\nJSON: ${target}`);
}
