import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry, type Metric } from 'prom-client';
import { cachedStoreFigures, type OutboxFigures, type StoreFigures } from './store-figures.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The store's Prometheus metrics (docs/decisions/058-operations.md). */
    metrics: StoreMetrics;
  }
}

/** The store-wide figures (orders, outboxes) are read from the database at most this often, whoever scrapes. */
const FIGURES_TTL_MS = 10_000;

/**
 * The process's own metrics (CPU, memory, event-loop lag, garbage collection), collected once per process:
 * prom-client's event-loop monitor and GC observer are process-wide and never stopped, so a test process
 * that builds hundreds of apps must not start one per app.
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 20 });
  }
  return processRegistry;
}

const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

interface DurationValue {
  metricName: string;
  labels: Record<string, string | number>;
  value: number;
}

interface DurationSeries {
  labels: { method: string; route: string; status_code: string };
  /** Requests per bucket (not cumulative), the last one past every bound. */
  counts: Float64Array;
  sum: number;
  count: number;
}

/**
 * `http_request_duration_seconds`, the histogram every request passes through, kept by hand: prom-client's
 * Histogram checks and hashes a labels object on each observation, which cost the cached catalogue list (an
 * answer of about 30 µs of CPU) most of the metrics' overhead. Here an observation is one Map lookup by a
 * string key and a walk of 12 bounds; prom-client's registry reads it through `get()` like its own metrics.
 */
export class RequestDurations {
  readonly name = 'http_request_duration_seconds';
  readonly help = 'HTTP requests by method, route (the pattern, not the address) and status; 499: the client went away first';
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  readonly #series = new Map<string, DurationSeries>();

  observe(method: string, route: string, status: number, seconds: number): void {
    const key = `${status} ${method} ${route}`;
    let series = this.#series.get(key);
    if (series === undefined) {
      series = { labels: { method, route, status_code: String(status) }, counts: new Float64Array(DURATION_BUCKETS.length + 1), sum: 0, count: 0 };
      this.#series.set(key, series);
    }
    let bucket = 0;
    while (bucket < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[bucket]!) bucket += 1;
    series.counts[bucket]! += 1;
    series.sum += seconds;
    series.count += 1;
  }

  /** What prom-client's registry reads of a metric (its typings call `type` an enum; at run time it is this text). */
  get(): { name: string; help: string; type: 'histogram'; aggregator: 'sum'; values: DurationValue[] } {
    const values: DurationValue[] = [];
    for (const { labels, counts, sum, count } of this.#series.values()) {
      let cumulative = 0;
      DURATION_BUCKETS.forEach((le, index) => {
        cumulative += counts[index]!;
        values.push({ metricName: `${this.name}_bucket`, labels: { le, ...labels }, value: cumulative });
      });
      values.push({ metricName: `${this.name}_bucket`, labels: { le: '+Inf', ...labels }, value: count });
      values.push({ metricName: `${this.name}_sum`, labels, value: sum }, { metricName: `${this.name}_count`, labels, value: count });
    }
    return { name: this.name, help: this.help, type: 'histogram', aggregator: 'sum', values };
  }
}

/** Seconds since a time, or 0 when there is none (an empty outbox has no oldest row). */
const ageOf = (since: Date | null) => (since === null ? 0 : Math.max(0, (Date.now() - since.getTime()) / 1000));

/**
 * The metrics of one app. Counters of this instance's own work (requests, PayPal calls, downloads, jobs) are
 * counted as they happen; the store-wide figures every instance shares (orders, outboxes, unsettled payments)
 * are read from the database when scraped, so every instance reports the same value: aggregate them with
 * `max`, not `sum`. Names follow Prometheus's conventions (`_total`, `_seconds`, `_bytes`).
 */
export class StoreMetrics {
  readonly registry = new Registry();
  readonly httpDuration = new RequestDurations();
  readonly paypalCalls: Histogram<'operation' | 'result'>;
  readonly downloadBytes: Counter<'via'>;
  readonly jobRuns: Counter<'job' | 'result'>;
  readonly jobDuration: Histogram<'job'>;
  readonly jobLastSuccess: Gauge<'job'>;
  #inFlight = 0;

  constructor(app: FastifyInstance) {
    const registers = [this.registry];
    // Made at the first scrape: the metrics are set up before the database plugin decorates `app.db`.
    let cached: (() => Promise<StoreFigures>) | undefined;
    const figures = () => (cached ??= cachedStoreFigures(app.db, FIGURES_TTL_MS))();

    this.registry.registerMetric(this.httpDuration as unknown as Metric);
    const inFlight = () => this.#inFlight;
    new Gauge({
      name: 'http_requests_in_flight',
      help: 'Requests being answered now',
      registers,
      collect() {
        this.set(inFlight());
      },
    });
    this.paypalCalls = new Histogram({
      name: 'store_paypal_request_duration_seconds',
      help: "Requests to PayPal's API by operation and result (ok, client_error, server_error, no_answer)",
      labelNames: ['operation', 'result'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20],
      registers,
    });
    this.downloadBytes = new Counter({
      name: 'store_download_bytes_total',
      help: 'Bytes of purchased files sent by this instance (via="api"), or reserved for a presigned link to object storage (via="storage")',
      labelNames: ['via'],
      registers,
    });
    this.jobRuns = new Counter({ name: 'store_job_runs_total', help: 'Runs of the background jobs, by result', labelNames: ['job', 'result'], registers });
    this.jobDuration = new Histogram({
      name: 'store_job_duration_seconds',
      help: 'How long a run of a background job took',
      labelNames: ['job'],
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60],
      registers,
    });
    this.jobLastSuccess = new Gauge({
      name: 'store_job_last_success_timestamp_seconds',
      help: 'When a run of the job last finished without an error on this instance (Unix time)',
      labelNames: ['job'],
      registers,
    });

    new Gauge({
      name: 'store_db_pool_connections',
      help: "This instance's database connections by state (in_use, idle) and queries waiting for one (waiting)",
      labelNames: ['state'],
      registers,
      collect() {
        const { total, idle, waiting } = app.database.poolStats();
        this.set({ state: 'in_use' }, total - idle);
        this.set({ state: 'idle' }, idle);
        this.set({ state: 'waiting' }, waiting);
      },
    });

    const cacheStats = () => app.catalogCache.stats;
    // Counters read from the cache's own tallies: reset and set, so the value is the tally itself.
    for (const [name, help, read] of [
      ['store_catalog_cache_hits_total', 'Catalogue answers given from memory', () => cacheStats().hits],
      ['store_catalog_cache_misses_total', 'Catalogue answers that had to be made (read from the database)', () => cacheStats().misses],
    ] as const) {
      new Counter({
        name,
        help,
        registers,
        collect() {
          this.reset();
          this.inc(read());
        },
      });
    }
    new Gauge({
      name: 'store_catalog_cache_entries',
      help: 'Catalogue answers kept in memory',
      registers,
      collect() {
        this.set(cacheStats().entries);
      },
    });
    new Gauge({
      name: 'store_catalog_cache_bytes',
      help: 'Bytes of the catalogue answers kept in memory',
      registers,
      collect() {
        this.set(cacheStats().bytes);
      },
    });

    // Store-wide, from the database (every instance reports the same).
    for (const [name, help, read] of [
      ['store_orders_created_total', 'Orders ever placed in the store', (f: StoreFigures) => f.orders.created],
      ['store_orders_paid_total', 'Orders ever paid', (f: StoreFigures) => f.orders.paid],
      ['store_orders_refunded_total', 'Orders ever refunded', (f: StoreFigures) => f.orders.refunded],
    ] as const) {
      new Counter({
        name,
        help: `${help} (store-wide: aggregate with max)`,
        registers,
        async collect() {
          const value = read(await figures());
          this.reset();
          this.inc(value);
        },
      });
    }
    new Gauge({
      name: 'store_orders',
      help: 'Orders in each status now, failed included (store-wide: aggregate with max)',
      labelNames: ['status'],
      registers,
      async collect() {
        const { byStatus } = (await figures()).orders;
        this.reset();
        for (const [status, count] of Object.entries(byStatus)) this.set({ status }, count);
      },
    });
    const outboxGauges = (prefix: string, what: string, read: (f: StoreFigures) => OutboxFigures) => {
      new Gauge({
        name: `${prefix}_pending`,
        help: `${what} waiting to be sent (store-wide)`,
        registers,
        async collect() {
          this.set(read(await figures()).pending);
        },
      });
      new Gauge({
        name: `${prefix}_failed`,
        help: `${what} given up on (store-wide)`,
        registers,
        async collect() {
          this.set(read(await figures()).failed);
        },
      });
      new Gauge({
        name: `${prefix}_oldest_pending_age_seconds`,
        help: `How long the oldest ${what.toLowerCase()} still waiting has waited; 0 when none waits (store-wide)`,
        registers,
        async collect() {
          this.set(ageOf(read(await figures()).oldestPendingAt));
        },
      });
    };
    outboxGauges('store_mail_outbox', 'Mail', (f) => f.mail);
    outboxGauges('store_webhook_outbox', 'Webhook deliveries', (f) => f.webhooks);
    new Gauge({
      name: 'store_payments_unsettled',
      help: 'Payments started at PayPal and not yet settled: buyers at PayPal now, and what reconciliation has still to settle (store-wide)',
      registers,
      async collect() {
        this.set((await figures()).unsettledPayments.count);
      },
    });
    new Gauge({
      name: 'store_payments_unsettled_oldest_age_seconds',
      help: 'How long ago the oldest unsettled payment started: the reconciliation lag (store-wide)',
      registers,
      async collect() {
        this.set(ageOf((await figures()).unsettledPayments.oldestStartedAt));
      },
    });
    new Gauge({
      name: 'store_ready',
      help: "1 when this instance's readiness checks pass (what /readyz answers), else 0",
      registers,
      async collect() {
        this.set((await app.readiness()).status === 'ready' ? 1 : 0);
      },
    });
  }

  /** Counts a request from its start until its answer is sent or cut off. */
  trackRequest(request: FastifyRequest, reply: FastifyReply): void {
    this.#inFlight += 1;
    // 'close' comes after a whole answer and a cut-off one alike (Fastify's onResponse misses the latter). A file
    // sent by @fastify/static already has Node's default maximum of 10 listeners for it: one more is expected.
    reply.raw.setMaxListeners(reply.raw.getMaxListeners() + 1);
    reply.raw.once('close', () => {
      this.#inFlight -= 1;
      const status = reply.raw.writableEnded ? reply.raw.statusCode : 499;
      this.httpDuration.observe(request.method, routeLabel(request, status), status, reply.elapsedTime / 1000);
    });
  }

  /** The whole exposition: this app's metrics and the process's. */
  async text(): Promise<string> {
    const [own, process] = await Promise.all([this.registry.metrics(), processMetrics().metrics()]);
    return `${own}\n${process}`;
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

/**
 * A request's route for the labels: the route's pattern, so ids never multiply the series. Requests no route
 * matched are the storefront's pages (answered by the not-found handler with a page) or unknown addresses.
 */
function routeLabel(request: FastifyRequest, status: number): string {
  const route = request.routeOptions.url;
  if (route !== undefined && !request.is404) return route;
  return status < 400 ? '(page)' : '(not found)';
}

/** Runs a background job's work, counted in the metrics. */
export async function measuredJob(metrics: StoreMetrics, job: string, work: () => Promise<unknown>): Promise<void> {
  const stop = metrics.jobDuration.startTimer({ job });
  try {
    await work();
    metrics.jobRuns.inc({ job, result: 'ok' });
    metrics.jobLastSuccess.set({ job }, Date.now() / 1000);
  } catch (error) {
    metrics.jobRuns.inc({ job, result: 'error' });
    throw error;
  } finally {
    stop();
  }
}

/**
 * `app.metrics`, and the hook that counts every request. Registered before the other hooks (the catalogue
 * cache answers some requests in its own `onRequest`, and later hooks would not see them); the figures it
 * reads are looked up when scraped, once every plugin is there. With METRICS_ENABLED=false there is no hook.
 */
export const metricsPlugin = fp(
  async (app) => {
    const metrics = new StoreMetrics(app);
    app.decorate('metrics', metrics);
    if (!app.config.metricsEnabled) return;
    app.addHook('onRequest', (request, reply, done) => {
      metrics.trackRequest(request, reply);
      done();
    });
    app.addHook('onReady', async () => {
      app.paypal.observe((call) => metrics.paypalCalls.observe({ operation: call.operation, result: call.result }, call.seconds));
    });
  },
  { name: 'metrics', dependencies: ['config'] },
);
