/**
 * The two ceilings of bench/search-mix.ts, each bare Fastify in a process of its own answering the
 * store's search addresses (`GET /api/products?search=&category=&sort=&limit=&offset=` and
 * `GET /api/search/suggest?q=`) in the store's JSON shapes, sent as they are (no compression):
 * - `naive`: PostgreSQL through `pg` (a pool of 10, as the store's), the naive SQL: `ILIKE '%…%'` on
 *   `title || ' ' || description` (served by a trigram index the benchmark makes sure of), a page and its
 *   `count(*)`. No typo tolerance, no ranking: what a search costs done the simplest way.
 * - `index`: the physical limit. The products are read once at start; a search is then answered from
 *   memory: word → products newest first, prefixes through the sorted vocabulary, typos through trigrams
 *   of the vocabulary, each product's summary serialised once.
 * Usage (started by the benchmark): node --import tsx bench/search-ceiling.ts naive|index <database URL>
 * Listens on a free loopback port and prints it as one JSON line: {"port":12345}.
 */
import { CATEGORIES, LIMITS, toDollars, type ProductSort } from '@store/contracts';
import Fastify, { type FastifyReply } from 'fastify';
import pg from 'pg';
import { SUMMARY_COLUMNS, toProductSummary, type ProductSummaryRow } from '../src/catalog/product-repository.ts';
import { containsPattern } from '../src/db/like.ts';

const [mode, databaseUrl] = process.argv.slice(2);
if ((mode !== 'naive' && mode !== 'index') || !databaseUrl) {
  console.error('usage: search-ceiling.ts naive|index <database URL>');
  process.exit(2);
}

const SUGGESTED = 8;

/** The list query as the store reads it; `after` (keyset pages) is not used by the mix and is ignored. */
interface ListQuery {
  search: string;
  category: string | undefined;
  sort: ProductSort | 'relevance';
  limit: number;
  offset: number;
}

const SORTS = new Set(['relevance', 'newest', 'price_asc', 'price_desc', 'name']);
const CATEGORY_VALUES = new Set<string>(CATEGORIES.map((category) => category.value));

/** The query of a list address, or why it is refused (a 400, as the store answers). */
function listQuery(raw: Record<string, string | undefined>): ListQuery | string {
  const limit = raw.limit === undefined ? LIMITS.pageSize : Number(raw.limit);
  const offset = raw.offset === undefined ? 0 : Number(raw.offset);
  if (!Number.isInteger(limit) || limit < 1 || limit > LIMITS.maxPageSize) return 'limit out of range';
  if (!Number.isInteger(offset) || offset < 0) return 'offset out of range';
  const sort = raw.sort ?? 'relevance';
  if (!SORTS.has(sort)) return 'unknown sort';
  if (raw.category !== undefined && !CATEGORY_VALUES.has(raw.category)) return 'unknown category';
  return { search: (raw.search ?? '').trim(), category: raw.category, sort: sort as ListQuery['sort'], limit, offset };
}

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);

/** Categories whose name or label has a word starting with the last word typed. */
function suggestedCategories(q: string) {
  const last = words(q).at(-1);
  if (!last) return [];
  return CATEGORIES.filter((category) => [category.value, ...words(category.label)].some((word) => word.startsWith(last))).map(
    ({ value, label }) => ({ value, label }),
  );
}

const app = Fastify({ logger: false });
const refuse = (reply: FastifyReply, detail: string) => reply.code(400).send({ detail, code: 'validation' });

if (mode === 'naive') {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const ORDER: Record<ListQuery['sort'], string> = {
    relevance: 'created_at DESC, id DESC',
    newest: 'created_at DESC, id DESC',
    price_asc: 'price_cents ASC, created_at DESC, id',
    price_desc: 'price_cents DESC, created_at DESC, id',
    name: 'lower(title) ASC, id',
  };

  app.get('/api/products', async (request, reply) => {
    const query = listQuery(request.query as Record<string, string | undefined>);
    if (typeof query === 'string') return refuse(reply, query);
    const conditions = ['archived_at IS NULL'];
    const values: unknown[] = [];
    if (query.search) {
      values.push(containsPattern(query.search));
      conditions.push(`title || ' ' || description ILIKE $${values.length}`);
    }
    if (query.category) {
      values.push(query.category);
      conditions.push(`category = $${values.length}`);
    }
    const where = conditions.join(' AND ');
    const [page, count] = await Promise.all([
      pool.query<ProductSummaryRow>(
        `SELECT ${SUMMARY_COLUMNS.join(', ')} FROM products WHERE ${where} ORDER BY ${ORDER[query.sort]} LIMIT ${query.limit} OFFSET ${query.offset}`,
        values,
      ),
      pool.query<{ count: number }>(`SELECT count(*)::int AS count FROM products WHERE ${where}`, values),
    ]);
    return {
      products: page.rows.map((row) => toProductSummary({ ...row, package_items: [] })),
      total: count.rows[0]!.count,
      total_is_lower_bound: false,
      next_after: null,
    };
  });

  app.get('/api/search/suggest', async (request, reply) => {
    const q = ((request.query as { q?: string }).q ?? '').trim();
    if (!q) return refuse(reply, 'q is required');
    const { rows } = await pool.query<{ id: string; title: string; image: string | null; price_cents: number }>(
      `SELECT id, title, images->>0 AS image, price_cents FROM products WHERE archived_at IS NULL AND title ILIKE $1
       ORDER BY created_at DESC, id DESC LIMIT ${SUGGESTED}`,
      [containsPattern(q)],
    );
    return {
      products: rows.map((row) => ({ id: row.id, title: row.title, image: row.image, price: toDollars(row.price_cents) })),
      categories: suggestedCategories(q),
    };
  });
} else {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<ProductSummaryRow>(
    `SELECT ${SUMMARY_COLUMNS.join(', ')} FROM products WHERE archived_at IS NULL ORDER BY created_at DESC, id DESC`,
  );
  await client.end();
  const index = buildIndex(rows);

  app.get('/api/products', (request, reply) => {
    const query = listQuery(request.query as Record<string, string | undefined>);
    if (typeof query === 'string') return refuse(reply, query);
    const { page, total } = index.search(query);
    return reply
      .type('application/json; charset=utf-8')
      .send(
        `{"products":[${page.map((doc) => index.summaries[doc]).join(',')}],"total":${total},"total_is_lower_bound":false,"next_after":null}`,
      );
  });

  app.get('/api/search/suggest', (request, reply) => {
    const q = ((request.query as { q?: string }).q ?? '').trim();
    if (!q) return refuse(reply, 'q is required');
    const { page } = index.search({ search: q, category: undefined, sort: 'relevance', limit: SUGGESTED, offset: 0 });
    return reply
      .type('application/json; charset=utf-8')
      .send(`{"products":[${page.map((doc) => index.suggestions[doc]).join(',')}],"categories":${JSON.stringify(suggestedCategories(q))}}`);
  });
}

/**
 * The in-memory catalogue: products by position, newest first (a position is a product's id in every
 * list below), each sort and each category's products in each sort as lists of positions, and the words.
 */
function buildIndex(rows: ProductSummaryRow[]) {
  const count = rows.length;
  const summaries = rows.map((row) => JSON.stringify(toProductSummary({ ...row, package_items: [] })));
  const suggestions = rows.map((row) =>
    JSON.stringify({ id: row.id, title: row.title, image: row.images[0] ?? null, price: toDollars(row.price_cents) }),
  );
  const positions = Array.from({ length: count }, (_, doc) => doc);
  const titles = rows.map((row) => row.title.toLowerCase());
  const byPrice = (direction: 1 | -1) => (a: number, b: number) => direction * (rows[a]!.price_cents - rows[b]!.price_cents) || a - b;
  const orders: Record<ListQuery['sort'], Int32Array> = {
    relevance: Int32Array.from(positions),
    newest: Int32Array.from(positions),
    price_asc: Int32Array.from([...positions].sort(byPrice(1))),
    price_desc: Int32Array.from([...positions].sort(byPrice(-1))),
    name: Int32Array.from(
      [...positions].sort((a, b) => (titles[a]! < titles[b]! ? -1 : titles[a]! > titles[b]! ? 1 : rows[a]!.id < rows[b]!.id ? -1 : 1)),
    ),
  };
  const inCategory = new Map<string, Record<ListQuery['sort'], Int32Array>>();
  for (const { value } of CATEGORIES) {
    const only = (order: Int32Array) => order.filter((doc) => rows[doc]!.category === value);
    inCategory.set(value, {
      relevance: only(orders.relevance),
      newest: only(orders.newest),
      price_asc: only(orders.price_asc),
      price_desc: only(orders.price_desc),
      name: only(orders.name),
    });
  }

  // Each word's products in ascending position: newest first.
  const lists = new Map<string, number[]>();
  for (const [doc, row] of rows.entries()) {
    for (const word of new Set(words(`${row.title} ${row.description}`))) {
      const list = lists.get(word);
      if (list) list.push(doc);
      else lists.set(word, [doc]);
    }
  }
  const postings = new Map([...lists].map(([word, docs]) => [word, Int32Array.from(docs)]));
  const vocabulary = [...postings.keys()].sort();
  const trigramsOf = (word: string) => {
    const padded = `  ${word} `;
    const grams = new Set<string>();
    for (let i = 0; i + 3 <= padded.length; i += 1) grams.add(padded.slice(i, i + 3));
    return grams;
  };
  const wordsByTrigram = new Map<string, number[]>();
  for (const [at, word] of vocabulary.entries()) {
    for (const gram of trigramsOf(word)) {
      const list = wordsByTrigram.get(gram);
      if (list) list.push(at);
      else wordsByTrigram.set(gram, [at]);
    }
  }

  /** Words of the vocabulary starting with `start`: a range of the sorted list. */
  const withPrefix = (start: string): string[] => {
    let low = 0;
    let high = vocabulary.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (vocabulary[middle]! < start) low = middle + 1;
      else high = middle;
    }
    const found: string[] = [];
    for (let at = low; at < vocabulary.length && vocabulary[at]!.startsWith(start); at += 1) found.push(vocabulary[at]!);
    return found;
  };

  /**
   * Words of the vocabulary the typed word misspells: those sharing a trigram with it (the candidates) at
   * an edit distance of one (a letter dropped, added, changed or two swapped), two for words of eight letters or more.
   */
  const alike = (word: string): string[] => {
    const candidates = new Set<number>();
    for (const gram of trigramsOf(word)) for (const at of wordsByTrigram.get(gram) ?? []) candidates.add(at);
    const allowed = word.length >= 8 ? 2 : 1;
    return [...candidates].map((at) => vocabulary[at]!).filter((known) => editDistance(word, known, allowed) <= allowed);
  };

  /** The words a typed word stands for: itself, else (or also, when it is the last, still being typed) the words it starts, else those it misspells. */
  const meanings = (word: string, last: boolean): string[] => {
    const exact = postings.has(word) ? [word] : [];
    if (exact.length > 0 && !last) return exact;
    const started = withPrefix(word);
    if (started.length > 0) return started;
    return alike(word);
  };

  const search = ({ search: text, category, sort, limit, offset }: ListQuery): { page: number[]; total: number } => {
    const order = category ? inCategory.get(category)![sort] : orders[sort];
    const typed = words(text);
    if (typed.length === 0) return { page: [...order.subarray(offset, offset + limit)], total: order.length };
    // matched[doc] = how many of the typed words it has matched so far, in order; a product has them all at the end.
    const matched = new Uint8Array(count);
    for (const [at, word] of typed.entries()) {
      for (const meaning of meanings(word, at === typed.length - 1)) {
        for (const doc of postings.get(meaning)!) if (matched[doc] === at) matched[doc] = at + 1;
      }
    }
    const page: number[] = [];
    let total = 0;
    for (const doc of order) {
      if (matched[doc] !== typed.length) continue;
      total += 1;
      if (total > offset && page.length < limit) page.push(doc);
    }
    return { page, total };
  };

  return { summaries, suggestions, search };
}

/** Edit distance with swaps of neighbours (optimal string alignment), or `bound + 1` once it is sure to pass `bound`. */
function editDistance(a: string, b: string, bound: number): number {
  if (Math.abs(a.length - b.length) > bound) return bound + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, before[j - 2]! + 1);
      current.push(best);
    }
    if (Math.min(...current) > bound) return bound + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length]!;
}

await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
if (address === null || typeof address === 'string') throw new Error('the server has no TCP address');
process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);

const stop = () => {
  void app.close().then(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
