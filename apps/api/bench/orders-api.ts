/**
 * The API of the orders benchmark (orders-throughput.ts) as a process of its own, as deployed: the
 * buyers and the payment sandbox run in other processes. Started with `fork`; its settings come in
 * the environment (BENCH_DATABASE_URL, BENCH_POOL_SIZE, BENCH_PAYPAL_API_URL, BENCH_LOG_LEVEL,
 * BENCH_COUNT_QUERIES, BENCH_DATA_DIR, BENCH_TRUST_PROXY). Over IPC it answers:
 * - `{ type: 'profile-start' }` / `{ type: 'profile-stop', file }`: a V8 CPU profile of the load only
 *   (not the set-up), written to `file` as a .cpuprofile;
 * - `{ type: 'report', productId }`: the post-run checks read from the database, a stored receipt, and
 *   the statements counted (BENCH_COUNT_QUERIES=1);
 * - `{ type: 'close' }`: closes the app and exits.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/connect.ts';
import { loadConfig } from '../src/env.ts';

export interface ApiReport {
  sold: number;
  completed: number;
  linesWithMoreThanOneKey: number;
  stock: number;
  pendingUnits: number;
  outbox: { status: string; n: string }[];
  sample: { subject: string; text_body: string; html_body: string } | undefined;
  /** Statements sent to the database, by route (BENCH_COUNT_QUERIES=1), each by kind. */
  statements: Record<string, Record<string, number>>;
  /** Requests seen, by route (BENCH_COUNT_QUERIES=1). */
  requests: Record<string, number>;
}

export type ApiMessage =
  { type: 'profile-start' } | { type: 'profile-stop'; file: string } | { type: 'report'; productId: string } | { type: 'close' };

const env = process.env;
const databaseUrl = env.BENCH_DATABASE_URL;
const countQueries = env.BENCH_COUNT_QUERIES === '1';

/** The route a request is for, its ids replaced, so statements can be counted per step of a purchase. */
const routeOf = (request: IncomingMessage) =>
  `${request.method} ${(request.url ?? '').split('?')[0]!.replace(/[0-9a-f]{8}-[0-9a-f-]{27}|[A-Z0-9]{17}/g, ':id')}`;
const requestRoute = new AsyncLocalStorage<string>();
const statements: Record<string, Record<string, number>> = {};
const requests: Record<string, number> = {};

/** A statement's kind: the transaction commands by name, the others by verb and first table. */
function kindOf(text: string): string {
  const trimmed = text.trim();
  const verb = /^\w+/.exec(trimmed)?.[0]?.toUpperCase() ?? '?';
  if (verb === 'BEGIN' || verb === 'COMMIT' || verb === 'ROLLBACK') return verb;
  const table = /\b(?:from|into|update)\s+"?(\w+)"?/i.exec(trimmed)?.[1] ?? '';
  return `${verb} ${table}`.trim();
}

if (countQueries) {
  // Every round trip to PostgreSQL goes through pg's Client#query (Kysely, and transactions' BEGIN/COMMIT).
  const query = Reflect.get(pg.Client.prototype, 'query') as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0];
    const text = typeof first === 'string' ? first : ((first as { text?: string } | null)?.text ?? '?');
    const route = requestRoute.getStore() ?? '(no request: timers)';
    const byKind = (statements[route] ??= {});
    const kind = kindOf(text);
    byKind[kind] = (byKind[kind] ?? 0) + 1;
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
}

const config = loadConfig({
  NODE_ENV: 'production',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  DATA_ENCRYPTION_KEY: 'YmVuY2gtZGF0YS1lbmNyeXB0aW9uLWtleS0zMmJ5dGU=',
  ADMIN_PASSWORD: 'bench-admin-password',
  DATA_DIR: env.BENCH_DATA_DIR!,
  LOG_LEVEL: env.BENCH_LOG_LEVEL ?? 'warn',
  PUBLIC_URL: 'http://127.0.0.1:3000',
  PAYPAL_API_URL: env.BENCH_PAYPAL_API_URL!,
  AUTH_RATE_LIMIT_PER_MINUTE: '100000',
  // Behind a proxy, as deployed: the buyers' addresses come in X-Forwarded-For (see BENCH_ONE_ADDRESS).
  TRUST_PROXY: env.BENCH_TRUST_PROXY ?? 'false',
  // The SMTP peer listens on loopback; every buyer comes from one address.
  SMTP_ALLOW_PRIVATE_HOSTS: 'true',
  UNPAID_ORDERS_PER_BUYER: '1000000',
  UNPAID_ORDERS_PER_ADDRESS: '1000000',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});
// On PostgreSQL the pool is opened here so its size can be chosen (src/db/connect.ts defaults to 10).
const database: DatabaseHandle | undefined = databaseUrl
  ? await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: Number(env.BENCH_POOL_SIZE ?? 10) })
  : undefined;
const app = await buildApp({ config, ...(database ? { database } : {}) });
await app.ready();
if (countQueries) {
  const listeners = app.server.listeners('request') as ((request: IncomingMessage, response: ServerResponse) => void)[];
  app.server.removeAllListeners('request');
  app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const route = routeOf(request);
    requests[route] = (requests[route] ?? 0) + 1;
    requestRoute.run(route, () => {
      for (const listener of listeners) listener(request, response);
    });
  });
}
const base = await app.listen({ host: '127.0.0.1', port: 0 });

const session = new Session();

async function report(productId: string): Promise<ApiReport> {
  const db = app.db;
  const count = (rows: { n: string }) => Number(rows.n);
  const sold = await db
    .selectFrom('license_keys')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('product_id', '=', productId)
    .where('order_item_id', 'is not', null)
    .executeTakeFirstOrThrow();
  const completed = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('status', '=', 'completed')
    .executeTakeFirstOrThrow();
  const reused = await db
    .selectFrom('license_keys')
    .select('order_item_id')
    .where('product_id', '=', productId)
    .where('order_item_id', 'is not', null)
    .groupBy('order_item_id')
    .having((eb) => eb.fn.countAll(), '>', 1)
    .execute();
  const stock = await db.selectFrom('products').select('stock_quantity').where('id', '=', productId).executeTakeFirstOrThrow();
  const pendingUnits = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  const outbox = await db
    .selectFrom('mail_outbox')
    .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
    .groupBy('status')
    .execute();
  const sample = await db
    .selectFrom('mail_outbox')
    .select(['subject', 'text_body', 'html_body'])
    .where('kind', '=', 'receipt')
    .limit(1)
    .executeTakeFirst();
  return {
    sold: count(sold),
    completed: count(completed),
    linesWithMoreThanOneKey: reused.length,
    stock: stock.stock_quantity,
    pendingUnits: count(pendingUnits),
    outbox,
    sample,
    statements,
    requests,
  };
}

process.on('message', (message: ApiMessage) => {
  const answer = async (): Promise<unknown> => {
    switch (message.type) {
      case 'profile-start':
        session.connect();
        await session.post('Profiler.enable');
        await session.post('Profiler.start');
        return { ok: true };
      case 'profile-stop': {
        const { profile } = await session.post('Profiler.stop');
        await writeFile(message.file, JSON.stringify(profile));
        session.disconnect();
        return { ok: true };
      }
      case 'report':
        return report(message.productId);
      case 'close':
        await app.close();
        await database?.close();
        return { ok: true };
    }
  };
  answer().then(
    (result) => {
      process.send!({ type: message.type, result });
      if (message.type === 'close') {
        process.removeAllListeners('disconnect');
        process.disconnect();
      }
    },
    (error: unknown) => process.send!({ type: message.type, error: String(error) }),
  );
});
// The benchmark process has gone (it failed): nothing will ask this one to close.
process.on('disconnect', () => {
  void app.close().finally(() => process.exit(1));
});
process.send!({ type: 'ready', base });
