import { createQueryClient } from '@store/ui';
import { HeadContent, RouterContextProvider } from '@tanstack/react-router';
import { RouterServer, createRequestHandler, renderRouterToStream, renderRouterToString } from '@tanstack/react-router/ssr/server';
import type { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { ShellApp } from '@store/shell';
import { setServerTransport } from './lib/server-transport.ts';
import { createAppRouter } from './router.tsx';
import { shell } from './shell.ts';

/*
 * The storefront rendered on the API's server (docs/decisions/044-server-rendering.md): the API imports this
 * module's build (dist-server/entry-server.js), registers its in-process transport once, and renders each page
 * address with the built index.html around the app. The router loads the route's data on the server, the
 * page's head comes from the routes' `head()`, and the router's state and the query cache go along in the
 * page so the browser hydrates without asking again.
 */

/** The built index.html, cut where the head's tags and the app go. */
export interface PageTemplate {
  /** Everything before `</head>`. */
  head: string;
  /** From `</head>` to the app's container, opened (`<div id="root">`). */
  body: string;
  /** From the container's close to the end. */
  tail: string;
}

export interface ServerRenderSetup {
  /** The API's routes, answered in the same process: `fetch` semantics, relative addresses (`/api/...`). */
  transport: typeof fetch;
}

/** Called once when the API starts. */
export function configureServerRender({ transport }: ServerRenderSetup): void {
  setServerTransport(transport);
}

export interface PageRequest {
  /** The page's address on the shop's own origin (`https://shop.example/products?x=1`), never from a Host header. */
  url: string;
  /** The shop's origin, for the head's absolute links. */
  origin: string;
  headers: Headers;
  signal: AbortSignal;
  template: PageTemplate;
}

/**
 * One page: a Response whose status is the router's (404 for an unknown address or product, a redirect's
 * 3xx), streamed as React renders it.
 */
export async function renderPage({ url, origin, headers, signal, template }: PageRequest): Promise<Response> {
  const request = new Request(url, { headers, signal });
  const queryClient = pageQueryClient();
  const handler = createRequestHandler({
    request,
    createRouter: () => createAppRouter({ queryClient, origin }),
  });
  return handler(async ({ request: pageRequest, router, responseHeaders }) => {
    const head = pageHead(router);
    const app = await renderRouterToStream({
      request: pageRequest,
      router,
      responseHeaders,
      children: <PageApp router={router} queryClient={queryClient} />,
    });
    const rendered = 'response' in app ? app : { response: app, dispose: () => undefined };
    const body = framed(rendered.response.body, template.head + head + template.body, template.tail);
    return {
      response: new Response(body, { status: rendered.response.status, headers: rendered.response.headers }),
      serverSsrCleanup: 'stream',
      dispose: (reason?: unknown) => ('dispose' in rendered ? rendered.dispose(reason) : undefined),
    };
  });
}

export interface PageToStringRequest {
  url: string;
  origin: string;
  template: PageTemplate;
  /** A query cache an earlier call filled (its `queryClient`): the loaders find their data there and ask for nothing. */
  queryClient?: QueryClient;
}

/**
 * The ceiling of a page's render, for the benchmark (apps/api/bench/render-ceiling.ts): the same router and
 * tree as `renderPage`, rendered whole by react-dom/server's `renderToString` (no stream). Given the query
 * cache of an earlier call, nothing is fetched: what is left is the router, its loaders reading the cache,
 * the router's state in the page and React's render.
 */
export async function renderPageToString({ url, origin, template, queryClient = pageQueryClient() }: PageToStringRequest): Promise<{
  status: number;
  html: string;
  queryClient: QueryClient;
}> {
  // The benchmark renders the same answers for as long as it runs: they must not go stale and be asked for again.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, staleTime: Infinity } });
  const handler = createRequestHandler({
    request: new Request(url),
    createRouter: () => createAppRouter({ queryClient, origin }),
  });
  const response = await handler(async ({ router, responseHeaders }) => {
    const head = pageHead(router);
    const app = await renderRouterToString({ router, responseHeaders, children: <PageApp router={router} queryClient={queryClient} /> });
    return new Response(template.head + head + template.body + (await app.text()) + template.tail, { status: app.status, headers: app.headers });
  });
  return { status: response.status, html: await response.text(), queryClient };
}

/** One render, one answer: a failed call is the page's error, not a retry that holds the response. */
function pageQueryClient(): QueryClient {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  return queryClient;
}

type AppRouter = ReturnType<typeof createAppRouter>;

/** The page's head tags, from the matched routes' `head()` after their loaders ran. */
function pageHead(router: AppRouter): string {
  return renderToString(
    <RouterContextProvider router={router}>
      <HeadContent />
    </RouterContextProvider>,
  );
}

/** The app as the server renders it. */
function PageApp({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  return (
    <ShellApp router={router} queryClient={queryClient} shell={shell}>
      <RouterServer router={router} />
    </ShellApp>
  );
}

/** The app's stream between the page's opening and closing markup. */
function framed(app: ReadableStream<Uint8Array> | null, before: string, after: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const reader = app?.getReader();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(before));
    },
    async pull(controller) {
      const next = reader ? await reader.read() : { done: true as const, value: undefined };
      if (next.done) {
        controller.enqueue(encoder.encode(after));
        controller.close();
      } else {
        controller.enqueue(next.value);
      }
    },
    cancel(reason) {
      return reader?.cancel(reason);
    },
  });
}
