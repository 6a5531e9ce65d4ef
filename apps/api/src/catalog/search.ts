import { LIMITS, type ProductListQuery, type ProductSort } from '@store/contracts';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { badRequest } from '../errors.ts';
import type { Database, ProductRow } from '../db/schema.ts';

/*
 * The catalogue's search and paging (docs/decisions/046-search.md).
 *
 * A search is its words; the last may be unfinished ("aurora ai wr"). The best matches come first, in
 * tiers, each newest first: the exact title, then titles with every word, then titles with every word
 * where the last is a prefix, then products with the words anywhere (features, category, descriptions).
 * Each tier is one query that walks an index and stops at the page's end; a later tier is asked only when
 * the earlier ones did not fill the page. Totals are counted up to a bound. Deeper pages than an offset
 * reaches follow a keyset cursor (`after`): the sort, the tier and the last product's id.
 */

/** Words of a search: letters and digits, lower case, at most this many and this long. */
const MAX_WORDS = 8;
const MAX_WORD_LENGTH = 40;
/** A word shorter than this is never corrected: too few letters to guess what was meant. */
const MIN_CORRECTED_LENGTH = 4;
/** How close a known word must be to replace one that finds nothing (pg_trgm's similarity, 0 to 1). */
const CORRECTION_SIMILARITY = 0.4;

/** The words of a search text, in order: what the shopper typed, without punctuation. */
export function searchWords(text: string): string[] {
  const words = text.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.slice(0, MAX_WORDS).map((word) => word.slice(0, MAX_WORD_LENGTH));
}

/** A tsquery text of the words (only letters and digits: nothing to escape), `&`-joined; the last may match as a prefix. */
function tsquery(words: readonly string[], { weight = '', lastIsPrefix = false } = {}): string {
  return words.map((word, index) => `'${word}':${lastIsPrefix && index === words.length - 1 ? '*' : ''}${weight}`).join(' & ');
}

type Condition = Expression<SqlBool>;

/** The conditions a search is made of, one per relevance tier, best first. */
function tierConditions(words: readonly string[]): Condition[] {
  const exact = sql<SqlBool>`lower(title) = ${words.join(' ')}`;
  const titleWords = sql<SqlBool>`search_stems @@ to_tsquery('english', ${tsquery(words, { weight: 'A' })})`;
  const titlePrefix = sql<SqlBool>`search_words @@ to_tsquery('simple', ${tsquery(words, { weight: 'A', lastIsPrefix: true })})`;
  const anywhere = sql<SqlBool>`(search_stems @@ to_tsquery('english', ${tsquery(words)})
    OR search_words @@ to_tsquery('simple', ${tsquery(words, { lastIsPrefix: true })}))`;
  return [exact, titleWords, titlePrefix, anywhere];
}

/** Tier `index` alone: its condition and not any better tier's. */
function tierOnly(conditions: readonly Condition[], index: number): Condition {
  const better = conditions.slice(0, index).map((condition) => sql`NOT coalesce(${condition}, false)`);
  return sql<SqlBool>`${sql.join([conditions[index]!, ...better], sql` AND `)}`;
}

/** Any tier: what a search matches in all (the exact title, or the words anywhere, which holds every title tier). */
const anyTier = (conditions: readonly Condition[]) => sql<SqlBool>`(${conditions[0]!} OR ${conditions.at(-1)!})`;

/** The list's filters but the search: live products, a category, chosen ids. */
function filtered(db: Kysely<Database>, query: ProductListQuery) {
  let products = db.selectFrom('products').where('archived_at', 'is', null);
  if (query.category) products = products.where('category', '=', query.category);
  if (query.ids) products = products.where('id', 'in', [...new Set(query.ids.toLowerCase().split(','))]);
  return products;
}

/** The filters with the search's words; no word at all (a search of punctuation) matches nothing. */
function matching(db: Kysely<Database>, query: ProductListQuery, words: readonly string[] | null) {
  const products = filtered(db, query);
  if (!words) return products;
  return words.length ? products.where(anyTier(tierConditions(words))) : products.where(sql<SqlBool>`false`);
}

/** How many products match, counted up to the bound: `atLeast` when there are more. */
async function boundedCount(db: Kysely<Database>, query: ProductListQuery, words: readonly string[] | null) {
  const limit = LIMITS.searchCountBound;
  const { total } = await db
    .selectFrom(
      matching(db, query, words)
        .select(sql`1`.as('one'))
        .limit(limit + 1)
        .as('matches'),
    )
    .select(sql<string>`count(*)`.as('total'))
    .executeTakeFirstOrThrow();
  const count = Number(total);
  return { total: Math.min(count, limit), isLowerBound: count > limit };
}

/** For each word that finds nothing, the nearest known word, or the word itself. One round trip. */
async function correctedWords(db: Kysely<Database>, words: readonly string[]): Promise<string[]> {
  const rows = await sql<{ word: string; term: string | null }>`
    SELECT w.word, (
      SELECT term FROM search_terms
      WHERE length(w.word) >= ${MIN_CORRECTED_LENGTH} AND term % w.word AND similarity(term, w.word) >= ${CORRECTION_SIMILARITY}
      ORDER BY similarity(term, w.word) DESC, term LIMIT 1
    ) AS term
    FROM unnest(${[...words]}::text[]) WITH ORDINALITY AS w(word, position)
    ORDER BY w.position`.execute(db);
  return rows.rows.map((row) => row.term ?? row.word);
}

/** What a search resolves to before its pages: the words answered (corrected or not) and the bounded total. */
export interface SearchPlan {
  /** The words the pages match: null for no search. */
  words: string[] | null;
  total: number;
  isLowerBound: boolean;
  /** The corrected search when the typed words found nothing and known ones were near; else null. */
  corrected: string | null;
}

/** The total of a list query and, for a search that finds nothing, its correction. */
export async function planSearch(db: Kysely<Database>, query: ProductListQuery): Promise<SearchPlan> {
  const text = query.search?.trim();
  const words = text ? searchWords(text) : null;
  const counted = await boundedCount(db, query, words);
  if (!words?.length || counted.total > 0) return { words, ...counted, corrected: null };
  const corrected = await correctedWords(db, words);
  if (corrected.every((word, index) => word === words[index])) return { words, ...counted, corrected: null };
  const recounted = await boundedCount(db, query, corrected);
  return recounted.total > 0 ? { words: corrected, ...recounted, corrected: corrected.join(' ') } : { words, ...counted, corrected: null };
}

/* Pages ------------------------------------------------------------------------------------------ */

const SORT_CODES = { relevance: 'r', newest: 'n', price_asc: 'pa', price_desc: 'pd', name: 'a' } as const satisfies Record<ProductSort, string>;
const CURSOR = /^(r[0-3]|n|pa|pd|a)_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** Where a keyset page starts: after this product, in this tier (relevance) of this order. */
interface Cursor {
  tier: number;
  id: string;
}

function encodeCursor(sort: ProductSort, tier: number, id: string): string {
  return `${SORT_CODES[sort]}${sort === 'relevance' ? tier : ''}_${id}`;
}

function decodeCursor(after: string, sort: ProductSort): Cursor {
  const match = CURSOR.exec(after.toLowerCase());
  const code = match?.[1] ?? '';
  if (!match || code.replace(/[0-3]$/, '') !== SORT_CODES[sort] || (sort === 'relevance') !== /[0-3]$/.test(code)) {
    throw badRequest('after must be the next_after of a page of this list, in the same order', 'validation_error');
  }
  return { tier: sort === 'relevance' ? Number(code.slice(1)) : 0, id: match[2]! };
}

/** A sort's order and the condition "after this product" in it. Ties fall to the newest, then the id. */
function ordering(sort: Exclude<ProductSort, 'relevance'>, after: string | undefined) {
  // The cursor product's keys are read by the database, so no precision is lost on the way (microseconds).
  const of = (column: string) => sql`(SELECT ${sql.raw(column)} FROM products c WHERE c.id = ${after})`;
  const newer = after ? sql<SqlBool>`(created_at, id) < (${of('c.created_at')}, ${of('c.id')})` : undefined;
  switch (sort) {
    case 'price_asc':
      return {
        order: sql`price_cents ASC, created_at DESC, id DESC`,
        after: after === undefined ? undefined : sql<SqlBool>`(price_cents > ${of('c.price_cents')} OR (price_cents = ${of('c.price_cents')} AND ${newer!}))`,
      };
    case 'price_desc':
      return {
        order: sql`price_cents DESC, created_at DESC, id DESC`,
        after: after === undefined ? undefined : sql<SqlBool>`(price_cents, created_at, id) < (${of('c.price_cents')}, ${of('c.created_at')}, ${of('c.id')})`,
      };
    case 'name':
      return { order: sql`lower(title) ASC, id ASC`, after: after === undefined ? undefined : sql<SqlBool>`(lower(title), id) > (${of('lower(c.title)')}, ${of('c.id')})` };
    default:
      return { order: sql`created_at DESC, id DESC`, after: newer };
  }
}

/** One page of the list and where the next starts. */
export interface ProductPage<R> {
  rows: R[];
  nextAfter: string | null;
}

/**
 * A page of the catalogue in the order asked (a search's default: relevance; else the newest first), from
 * an offset or after a cursor. One more row than the page is read, to know whether another page follows.
 */
export async function productPage<C extends keyof ProductRow>(
  db: Kysely<Database>,
  query: ProductListQuery,
  plan: Pick<SearchPlan, 'words'>,
  columns: readonly C[],
): Promise<ProductPage<Pick<ProductRow, C>>> {
  const limit = query.limit ?? LIMITS.pageSize;
  const offset = query.offset ?? 0;
  const words = plan.words;
  const sort: ProductSort = query.sort ?? (words ? 'relevance' : 'newest');
  if (query.after && offset > 0) throw badRequest('Give after or offset, not both', 'validation_error');
  const cursor = query.after ? decodeCursor(query.after, sort) : undefined;
  const select = (base: ReturnType<typeof filtered>) => base.select(columns as readonly (keyof ProductRow)[]).select(sql<string>`id`.as('cursor_id'));
  type Row = Pick<ProductRow, C> & { cursor_id: string };

  if (sort !== 'relevance' || !words?.length) {
    const { order, after } = ordering(sort === 'relevance' ? 'newest' : sort, cursor?.id);
    let page = select(matching(db, query, words));
    if (after) page = page.where(after);
    const rows = (await page.orderBy(order).limit(limit + 1).offset(offset).execute()) as unknown as Row[];
    const more = rows.length > limit;
    const shown = rows.slice(0, limit);
    return { rows: stripCursor<Pick<ProductRow, C>>(shown), nextAfter: more ? encodeCursor(sort, 0, shown.at(-1)!.cursor_id) : null };
  }

  // Relevance: tier by tier from the cursor's, each newest first, until the page and one more row are read.
  const conditions = tierConditions(words);
  const { order } = ordering('newest', undefined);
  const found: { row: Row; tier: number }[] = [];
  let skip = offset;
  for (let tier = cursor?.tier ?? 0; tier < conditions.length && found.length <= limit; tier += 1) {
    let page = select(filtered(db, query)).where(tierOnly(conditions, tier));
    if (cursor && tier === cursor.tier) page = page.where(ordering('newest', cursor.id).after!);
    const wanted = skip + limit + 1 - found.length;
    const rows = (await page.orderBy(order).limit(wanted).execute()) as unknown as Row[];
    const kept = rows.slice(Math.min(skip, rows.length));
    skip -= rows.length - kept.length;
    found.push(...kept.map((row) => ({ row, tier })));
  }
  const more = found.length > limit;
  const shown = found.slice(0, limit);
  const last = shown.at(-1);
  return { rows: stripCursor<Pick<ProductRow, C>>(shown.map(({ row }) => row)), nextAfter: more && last ? encodeCursor(sort, last.tier, last.row.cursor_id) : null };
}

/** The rows without the id selected for the cursor (the caller may not have asked for `id`). */
function stripCursor<R>(rows: (R & { cursor_id: string })[]): R[] {
  return rows.map(({ cursor_id: _cursor, ...row }) => row as R);
}

/* Suggestions ------------------------------------------------------------------------------------ */

/** What the search box offers as a shopper types: the titles that start so, then those with the words. */
export async function suggestProducts(db: Kysely<Database>, text: string) {
  const words = searchWords(text);
  if (!words.length) return [];
  const limit = LIMITS.suggestMaxProducts;
  const columns = ['id', 'title', 'images', 'price_cents'] as const;
  const typed = words.join(' ');
  const startsSo = sql<SqlBool>`lower(title) COLLATE "C" LIKE ${`${typed.replace(/[\\%_]/g, (char) => `\\${char}`)}%`}`;
  // The titles that begin with what was typed (an index on the title's lower case, by prefix), then any
  // title with every word, the last as a prefix, newest first: each query stops at the eighth.
  const starting = await db
    .selectFrom('products')
    .select(columns)
    .where('archived_at', 'is', null)
    .where(startsSo)
    .orderBy(sql`lower(title) COLLATE "C"`)
    .orderBy('id')
    .limit(limit)
    .execute();
  if (starting.length >= limit) return starting;
  const [, , titlePrefix] = tierConditions(words);
  const containing = await db
    .selectFrom('products')
    .select(columns)
    .where('archived_at', 'is', null)
    .where(titlePrefix!)
    .where(sql<SqlBool>`NOT ${startsSo}`)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit - starting.length)
    .execute();
  return [...starting, ...containing];
}
