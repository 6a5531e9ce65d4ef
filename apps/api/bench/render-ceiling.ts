/**
 * The ceiling of a page's server render (bench/pages.ts): the storefront's server build
 * (apps/storefront/dist-server/entry-server.js) rendering one page address whole with react-dom/server's
 * `renderToString` (`renderPageToString`: the same router and tree as the store's render), in this process,
 * one render after another, so on one core: no HTTP, no stream, no data fetching. The page's data is fetched
 * once from the running store to fill the query cache; the timed renders read it from there, and the run
 * fails if any of them asks the store again.
 *
 * Usage (started by bench/pages.ts, NODE_ENV=production for React's production build):
 *   node --import tsx bench/render-ceiling.ts <store base URL> <page path> <renders>
 * Prints one JSON line: { renders, pagesPerSecond, p50, p99, cpuPerPageUs, bytes }.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { pageTemplate } from '../src/plugins/storefront-render.ts';
import { apiRoot } from './processes.ts';

/** A query cache the server module filled: handed back to it, never read here. */
type PageData = object;

/** What the ceiling uses of the storefront's server module (apps/storefront/src/entry-server.tsx). */
interface StorefrontServerModule {
  configureServerRender: (setup: { transport: typeof fetch }) => void;
  renderPageToString: (page: {
    url: string;
    origin: string;
    template: ReturnType<typeof pageTemplate>;
    queryClient?: PageData;
  }) => Promise<{ status: number; html: string; queryClient: PageData }>;
}

/** Renders before the timed ones, for the JIT. */
const WARM_UP = 50;

const [base, page, rendersArgument] = process.argv.slice(2);
const renders = Number(rendersArgument);
if (!base || !page || !Number.isInteger(renders) || renders < 1) {
  console.error('usage: render-ceiling.ts <store base URL> <page path> <renders>');
  process.exit(2);
}
if (process.env.NODE_ENV !== 'production') throw new Error('NODE_ENV=production: the store renders with React’s production build');

const storefront = path.join(apiRoot, '..', 'storefront');
const server = (await import(pathToFileURL(path.join(storefront, 'dist-server/entry-server.js')).href)) as StorefrontServerModule;
const template = pageTemplate(await readFile(path.join(storefront, 'dist/index.html'), 'utf8'));

// The loaders' calls go to the running store over HTTP, counted: only the first render may make any.
let calls = 0;
server.configureServerRender({
  transport: (input, init) => {
    calls += 1;
    const address = input instanceof Request ? input.url : String(input);
    return fetch(new URL(address, base), init);
  },
});

const request = { url: `${base}${page}`, origin: base, template };
const first = await server.renderPageToString(request);
if (first.status !== 200) throw new Error(`${page} rendered ${first.status}`);
if (calls === 0) throw new Error('the first render fetched nothing: the page has no data, or the transport is not used');
const filled = { ...request, queryClient: first.queryClient };

for (let i = 0; i < WARM_UP; i += 1) await server.renderPageToString(filled);
calls = 0;

const times: number[] = [];
let bytes = 0;
const cpuBefore = process.cpuUsage();
const started = performance.now();
for (let i = 0; i < renders; i += 1) {
  const renderStarted = performance.now();
  const { status, html } = await server.renderPageToString(filled);
  times.push(performance.now() - renderStarted);
  if (status !== 200) throw new Error(`${page} rendered ${status}`);
  bytes = Buffer.byteLength(html);
}
const elapsed = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
if (calls !== 0) throw new Error(`the timed renders asked the store ${calls} times: the ceiling must fetch nothing`);

times.sort((a, b) => a - b);
const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
process.stdout.write(
  `${JSON.stringify({
    renders,
    pagesPerSecond: renders / elapsed,
    p50: at(0.5),
    p99: at(0.99),
    cpuPerPageUs: (cpu.user + cpu.system) / renders,
    bytes,
  })}\n`,
);
