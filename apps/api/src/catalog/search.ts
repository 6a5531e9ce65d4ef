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
 * A plan ranks the match set once, up to a bound (its length is the bounded total), and the pages within
 * it read their rows by id; a search that finds nothing is tried again with its words corrected. Deeper
 * pages follow a keyset cursor (`after`: the sort, the tier and the last product's id) tier by tier.
 */

/** Words of a search: letters and digits, lower case, at most this many and this long. */
const MAX_WORDS = 8;
const MAX_WORD_LENGTH = 40;
/** A word shorter than this is never corrected: too few letters to guess what was meant. */
const MIN_CORRECTED_LENGTH = 4;
/** Known words asked for each word that finds nothing: the nearest by trigrams, then judged by edits. */
const CORRECTION_CANDIDATES = 12;
/** Edits a correction may make: one letter added, dropped, changed or two swapped; two from this length on. */
const TWO_EDITS_FROM_LENGTH = 8;

/** The words of a search text, in order: what the shopper typed, without punctuation. */
export function searchWords(text: string): string[] {
  const words = text.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.slice(0, MAX_WORDS).map((word) => word.slice(0, MAX_WORD_LENGTH));
}

/** A search as typed (lower case, spaces collapsed), for the exact title, and its words, for the rest. */
export interface Search {
  phrase: string;
  words: string[];
}

/** The search a text makes. A corrected search is its words joined by spaces. */
export function searchOf(text: string): Search {
  const phrase = text.normalize('NFKC').toLowerCase().trim().replace(/\s+/gu, ' ');
  return { phrase, words: searchWords(phrase) };
}

/** A tsquery text of the words (only letters and digits: nothing to escape), `&`-joined; the last may match as a prefix. */
function tsquery(words: readonly string[], { weight = '', lastIsPrefix = false } = {}): string {
  const last = words.length - 1;
  return words
    .map((word, index) => {
      const marks = `${lastIsPrefix && index === last ? '*' : ''}${weight}`;
      return marks ? `'${word}':${marks}` : `'${word}'`;
    })
    .join(' & ');
}

type Condition = Expression<SqlBool>;

/** The conditions a search is made of, one per relevance tier, best first. */
function tierConditions({ phrase, words }: Search): Condition[] {
  const exact = sql<SqlBool>`lower(title) = ${phrase}`;
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

/**
 * Any tier: what a search matches in all: the exact title, or the words anywhere (which holds every title
 * tier: the 'simple' words keep even the stop words the English stems drop).
 */
const anyTier = (conditions: readonly Condition[]) => sql<SqlBool>`(${conditions[0]!} OR ${conditions.at(-1)!})`;

/** The list's filters but the search: live products, a category, chosen ids. */
function filtered(db: Kysely<Database>, query: ProductListQuery) {
  let products = db.selectFrom('products').where('archived_at', 'is', null);
  if (query.category) products = products.where('category', '=', query.category);
  if (query.ids) products = products.where('id', 'in', [...new Set(query.ids.toLowerCase().split(','))]);
  return products;
}

/** The filters with the search's words; no word at all (a search of punctuation) matches nothing. */
function matching(db: Kysely<Database>, query: ProductListQuery, search: Search | null) {
  const products = filtered(db, query);
  if (!search) return products;
  return search.words.length ? products.where(anyTier(tierConditions(search))) : products.where(sql<SqlBool>`false`);
}

/** How many products a list without search matches, counted up to the bound (an index-only walk). */
async function boundedCount(db: Kysely<Database>, query: ProductListQuery) {
  const limit = LIMITS.searchCountBound;
  const { total } = await db
    .selectFrom(filtered(db, query).select('id').limit(limit + 1).as('matches'))
    .select(sql<string>`count(*)`.as('total'))
    .executeTakeFirstOrThrow();
  const count = Number(total);
  return { total: Math.min(count, limit), isLowerBound: count > limit };
}

/** A search's tier for each matching product, as one SQL expression (0 is the best). */
function tierOf(conditions: readonly Condition[]) {
  const cases = conditions.slice(0, -1).map((condition, index) => sql`WHEN ${condition} THEN ${sql.lit(index)}`);
  return sql<number>`CASE ${sql.join(cases, sql` `)} ELSE ${sql.lit(conditions.length - 1)} END`;
}

/**
 * The best matches of a search, in relevance order, up to the bound and one more: one query that ranks
 * the whole match set (a bitmap of the search indexes, then the tiers of those rows). Its length is the
 * bounded total; its ids and tiers are the pages within the bound.
 */
export async function rankedMatches(db: Kysely<Database>, query: ProductListQuery, search: Search): Promise<RankedMatch[]> {
  if (!search.words.length) return [];
  const conditions = tierConditions(search);
  return await db
    .selectFrom(
      matching(db, query, search)
        .select(['id', 'created_at'])
        .select(tierOf(conditions).as('tier'))
        .as('matches'),
    )
    .select(['id', 'tier'])
    .orderBy('tier')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(LIMITS.searchCountBound + 1)
    .execute();
}

/**
 * For each word, the known word it was meant to be, or the word itself: among the known words nearest by
 * trigrams (one query for all the words), the one fewest edits away, at most one edit (two for a word of 8
 * letters or more), the nearest by trigrams among equals. A word of fewer than 4 letters stays as it is.
 */
async function correctedWords(db: Kysely<Database>, words: readonly string[]): Promise<string[]> {
  const rows = await sql<{ position: string; term: string }>`
    SELECT w.position, c.term FROM unnest(${[...words]}::text[]) WITH ORDINALITY AS w(word, position)
    CROSS JOIN LATERAL (SELECT term FROM search_terms ORDER BY term <-> w.word LIMIT ${CORRECTION_CANDIDATES}) c
    WHERE length(w.word) >= ${MIN_CORRECTED_LENGTH}`.execute(db);
  return words.map((word, index) => {
    const allowed = word.length >= TWO_EDITS_FROM_LENGTH ? 2 : 1;
    let best: { term: string; edits: number } | undefined;
    for (const { position, term } of rows.rows) {
      if (Number(position) !== index + 1) continue;
      const edits = editDistance(word, term, allowed);
      if (edits <= allowed && (!best || edits < best.edits)) best = { term, edits };
    }
    return best?.term ?? word;
  });
}

/**
 * Edits between two words (insertions, deletions, substitutions, and two neighbours swapped: the optimal
 * string alignment distance), or `limit + 1` as soon as it is certain to be more than `limit`.
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let smallest = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let edits = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) edits = Math.min(edits, before[j - 2]! + 1);
      current.push(edits);
      smallest = Math.min(smallest, edits);
    }
    if (smallest > limit) return limit + 1;
    [before, previous] = [previous, current];
  }
  return previous[b.length]!;
}

/** What a list query resolves to before its pages: the words answered (corrected or not), the bounded total, the ranking. */
export interface SearchPlan {
  /** The search the pages match (the typed one, or its correction): null for no search. */
  search: Search | null;
  total: number;
  isLowerBound: boolean;
  /** The corrected search when the typed words found nothing and known ones were near; else null. */
  corrected: string | null;
  /** A search's best matches in relevance order (up to the bound and one more), with their tiers: its pages read these ids. */
  ranked: RankedMatch[];
}

/** A product a search matches, and how well (its tier, 0 the best). */
export interface RankedMatch {
  id: string;
  tier: number;
}

/** How a plan ranks a search's words: `rankedMatches`, or the same through a cache (handlers.ts). */
export type Ranker = (query: ProductListQuery, search: Search) => Promise<RankedMatch[]>;

const planOf = (search: Search, ranked: SearchPlan['ranked'], corrected: string | null): SearchPlan => ({
  search,
  total: Math.min(ranked.length, LIMITS.searchCountBound),
  isLowerBound: ranked.length > LIMITS.searchCountBound,
  corrected,
  ranked,
});

/**
 * The total of a list query and, for a search, its ranking, or its correction when its words find
 * nothing. A plan is kept per filter (handlers.ts): every page and order of one search share it.
 */
export async function planSearch(
  db: Kysely<Database>,
  query: ProductListQuery,
  rank: Ranker = (filter, search) => rankedMatches(db, filter, search),
): Promise<SearchPlan> {
  const text = query.search?.trim();
  if (!text) return { search: null, ...(await boundedCount(db, query)), corrected: null, ranked: [] };
  const typed = searchOf(text);
  const ranked = await rank(query, typed);
  if (ranked.length || !typed.words.length) return planOf(typed, ranked, null);
  const words = await correctedWords(db, typed.words);
  if (words.every((word, index) => word === typed.words[index])) return planOf(typed, ranked, null);
  const corrected = searchOf(words.join(' '));
  const correctedRanked = await rank(query, corrected);
  return correctedRanked.length ? planOf(corrected, correctedRanked, corrected.phrase) : planOf(typed, ranked, null);
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

/**
 * A sort's order and the condition "after this product" in it, as the indexes are laid out (migration
 * 2026-12-02-0001): ties fall to the newest then the id, but by price high to low to the oldest (the price
 * index read backwards).
 */
function ordering(sort: Exclude<ProductSort, 'relevance'>, after: string | undefined) {
  // The cursor product's keys are read by the database, so no precision is lost on the way (microseconds).
  const of = (column: string) => sql`(SELECT ${sql.raw(column)} FROM products c WHERE c.id = ${after})`;
  const newer = after === undefined ? undefined : sql<SqlBool>`(created_at, id) < (${of('c.created_at')}, ${of('c.id')})`;
  switch (sort) {
    case 'price_asc':
      return {
        order: sql`price_cents ASC, created_at DESC, id DESC`,
        after: after === undefined ? undefined : sql<SqlBool>`(price_cents > ${of('c.price_cents')} OR (price_cents = ${of('c.price_cents')} AND ${newer!}))`,
      };
    case 'price_desc':
      return {
        order: sql`price_cents DESC, created_at ASC, id ASC`,
        after:
          after === undefined
            ? undefined
            : sql<SqlBool>`(price_cents < ${of('c.price_cents')} OR (price_cents = ${of('c.price_cents')} AND (created_at, id) > (${of('c.created_at')}, ${of('c.id')})))`,
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
  plan: Pick<SearchPlan, 'search' | 'ranked'>,
  columns: readonly C[],
): Promise<ProductPage<Pick<ProductRow, C>>> {
  const limit = query.limit ?? LIMITS.pageSize;
  const offset = query.offset ?? 0;
  const search = plan.search;
  const sort: ProductSort = query.sort ?? (search ? 'relevance' : 'newest');
  if (query.after && offset > 0) throw badRequest('Give after or offset, not both', 'validation_error');
  const cursor = query.after ? decodeCursor(query.after, sort) : undefined;
  type Row = Pick<ProductRow, C> & { id: string };
  const select = (base: ReturnType<typeof filtered>) => base.select(columns as readonly (keyof ProductRow)[]).select('id');
  const finish = (rows: Row[], tierOfRow: (row: Row) => number): ProductPage<Pick<ProductRow, C>> => {
    const shown = rows.slice(0, limit);
    const last = shown.at(-1);
    return { rows: shown, nextAfter: rows.length > limit && last ? encodeCursor(sort, tierOfRow(last), last.id) : null };
  };

  if (sort !== 'relevance' || !search?.words.length) {
    const { order, after } = ordering(sort === 'relevance' ? 'newest' : sort, cursor?.id);
    // The page's ids first, from the order's index alone (no row is read for the offset it skips), then its rows.
    let ids = matching(db, query, search).select('id');
    if (after) ids = ids.where(after);
    const pageIds = ids.orderBy(order).limit(limit + 1).offset(offset);
    const rows = (await select(filtered(db, {}))
      .where('id', 'in', pageIds)
      .orderBy(order)
      .execute()) as unknown as Row[];
    return finish(rows, () => 0);
  }

  // Relevance: the plan's ranking holds the pages within the bound; the cursor says where in it. A page
  // past the ranking's end (beyond the bound, or a cursor the ranking no longer holds) walks the tiers on.
  const ranked = plan.ranked;
  const complete = ranked.length <= LIMITS.searchCountBound;
  const position = cursor ? ranked.findIndex((match) => match.id === cursor.id) : offset - 1;
  const inRanking = position >= 0 || !cursor;
  const picked = inRanking ? ranked.slice(position + 1, position + 1 + limit + 1) : [];
  const tiers = new Map(picked.map((match) => [match.id, match.tier]));
  let rows: Row[] = [];
  if (picked.length) {
    const found = (await select(filtered(db, {}))
      .where('id', 'in', picked.map((match) => match.id))
      .execute()) as unknown as Row[];
    const byId = new Map(found.map((row) => [row.id, row]));
    // A product deleted since the plan was made is left out of the page.
    rows = picked.flatMap((match) => byId.get(match.id) ?? []);
  }
  const from = inRanking ? (complete ? undefined : ranked.at(-1)) : cursor;
  if (from && picked.length < limit + 1) {
    const conditions = tierConditions(search);
    for (let tier = from.tier; tier < conditions.length && rows.length < limit + 1; tier += 1) {
      const { order, after } = ordering('newest', tier === from.tier ? from.id : undefined);
      let page = select(filtered(db, query)).where(tierOnly(conditions, tier));
      if (after) page = page.where(after);
      const more = (await page.orderBy(order).limit(limit + 1 - rows.length).execute()) as unknown as Row[];
      for (const row of more) tiers.set(row.id, tier);
      rows.push(...more);
    }
  }
  return finish(rows, (row) => tiers.get(row.id) ?? 0);
}

/* Suggestions ------------------------------------------------------------------------------------ */

/** Products with the typed words that suggestions choose their newest from. */
const SUGGEST_CANDIDATES = 200;

/** What the search box offers as a shopper types: the titles that start so, then those with the words. */
export async function suggestProducts(db: Kysely<Database>, text: string) {
  const search = searchOf(text);
  if (!search.words.length) return [];
  const limit = LIMITS.suggestMaxProducts;
  const columns = ['id', 'title', 'images', 'price_cents'] as const;
  const typed = search.words.join(' ');
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
  const [, , titlePrefix] = tierConditions(search);
  // Among the first 200 such products the index finds, not all of them: a prefix of two letters may match
  // thousands, and suggestions need eight good ones, not the eight newest of all.
  const candidates = db
    .selectFrom('products')
    .select('id')
    .where('archived_at', 'is', null)
    .where(titlePrefix!)
    .limit(SUGGEST_CANDIDATES);
  const containing = await db
    .selectFrom('products')
    .select(columns)
    .where('id', 'in', candidates)
    .where(sql<SqlBool>`NOT ${startsSo}`)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit - starting.length)
    .execute();
  return [...starting, ...containing];
}
