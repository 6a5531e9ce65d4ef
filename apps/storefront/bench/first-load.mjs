// First load of the home page in headless Chromium: the JS and CSS it downloads (gzip and as sent),
// its Largest Contentful Paint and Cumulative Layout Shift, median over cold loads.
// Usage: start the store (`pnpm start`), then `pnpm --filter @store/storefront bench:first-load`
// (BENCH_URL, default http://localhost:3000/; BENCH_RUNS, default 7).
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const url = process.env.BENCH_URL ?? 'http://localhost:3000/';
const runs = Number(process.env.BENCH_RUNS ?? 7);
const viewports = [
  { name: 'mobile 390x844', width: 390, height: 844 },
  { name: 'desktop 1280x800', width: 1280, height: 800 },
];

/** @param {string} line */
const print = (line) => process.stdout.write(`${line}\n`);

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

async function load(viewport) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const assets = [];
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    const body = await response.body().catch(() => null);
    const sizes = await response.request().sizes().catch(() => null);
    if (body) assets.push({ url: response.url(), type, raw: body.length, gzip: gzipSync(body, { level: 9 }).length, sent: sizes?.responseBodySize ?? null, encoding: response.headers()['content-encoding'] ?? 'identity' });
  });
  await page.addInitScript(() => {
    window.__lcp = 0;
    window.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__cls += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  const { lcp, cls } = await page.evaluate(() => ({ lcp: window.__lcp, cls: window.__cls }));
  await context.close();
  return { lcp, cls, assets };
}

for (const viewport of viewports) {
  const results = [];
  for (let run = 0; run < runs; run += 1) results.push(await load(viewport));
  const { assets } = results.at(-1);
  const sum = (type, key) => assets.filter((asset) => asset.type === type).reduce((total, asset) => total + asset[key], 0);
  print(`\n${viewport.name}: ${url}, ${runs} cold loads (new browser context each, no cache)`);
  print(`  LCP median ${median(results.map((r) => r.lcp)).toFixed(0)} ms (min ${Math.min(...results.map((r) => r.lcp)).toFixed(0)}, max ${Math.max(...results.map((r) => r.lcp)).toFixed(0)})`);
  print(`  CLS median ${median(results.map((r) => r.cls)).toFixed(4)}`);
  print(`  JS  ${assets.filter((a) => a.type === 'script').length} files: ${(sum('script', 'gzip') / 1000).toFixed(1)} kB gzip, ${(sum('script', 'raw') / 1000).toFixed(1)} kB raw, ${(sum('script', 'sent') / 1000).toFixed(1)} kB sent (${[...new Set(assets.map((a) => a.encoding))].join('/')})`);
  print(`  CSS ${assets.filter((a) => a.type === 'stylesheet').length} files: ${(sum('stylesheet', 'gzip') / 1000).toFixed(1)} kB gzip, ${(sum('stylesheet', 'raw') / 1000).toFixed(1)} kB raw`);
}

await browser.close();
