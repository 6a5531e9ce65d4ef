import { CATEGORIES } from '@store/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/*
 * The sitemap files (docs/decisions/042-crawl-files.md, https://www.sitemaps.org/protocol.html): an index
 * naming its pieces, a piece of the shop's own pages, and pieces of product pages in the order products
 * were added, each of at most 50,000 addresses and 50 MB. A product piece is written as its rows are read,
 * a batch at a time by keyset, so no list of every product is ever held.
 */

/** The protocol's bounds on one file: addresses, and bytes before compression. */
export const SITEMAP_MAX_URLS = 50_000;
export const SITEMAP_MAX_BYTES = 50 * 1024 * 1024;

/** Rows read per query while a product piece is written. */
const BATCH_ROWS = 5_000;

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const URLSET_OPEN = `${XML_DECLARATION}<urlset xmlns="${NAMESPACE}">\n`;
const URLSET_CLOSE = '</urlset>\n';

/** The pieces' names: `/sitemaps/<kind>-<n>.xml`, numbered from 1. */
export type SitemapPieceKind = 'pages' | 'products';
export interface SitemapPiece {
  kind: SitemapPieceKind;
  number: number;
}

/** The storefront's pages a crawler may read that are not products (apps/storefront/src/routes). */
const LEGAL_PAGES = ['/privacy-policy', '/terms-of-service'] as const;

const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text fit for XML character data and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => XML_ENTITIES[character]!);
}

/**
 * The shop's address as sitemap addresses start: the origin (with PUBLIC_URL's path, if it has one) as a
 * URL writes it (percent-encoded, host in punycode, so ASCII only), without a trailing slash.
 */
export function siteBase(origin: string): string {
  return new URL(origin).href.replace(/\/+$/, '');
}

/** A W3C datetime in UTC to the second, as sitemaps' `<lastmod>` takes: always 20 characters. */
export function w3cDatetime(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

function urlEntry(location: string, lastModified?: Date): string {
  const lastmod = lastModified ? `<lastmod>${w3cDatetime(lastModified)}</lastmod>` : '';
  return `<url><loc>${escapeXml(location)}</loc>${lastmod}</url>\n`;
}

/** A product page's address: the storefront's `/products/$id` route. */
export function productPage(base: string, id: string): string {
  return `${base}/products/${id}`;
}

/**
 * Products per piece: the protocol's 50,000, fewer when the shop's address is so long that 50,000 entries
 * would pass 50 MB. Every product entry has the same length (a UUID and a fixed-width date), so the bound
 * is known before anything is read.
 */
export function productsPerPiece(base: string): number {
  const entry = Buffer.byteLength(urlEntry(productPage(base, '00000000-0000-0000-0000-000000000000'), new Date(0)));
  const room = SITEMAP_MAX_BYTES - Buffer.byteLength(URLSET_OPEN) - Buffer.byteLength(URLSET_CLOSE);
  return Math.max(1, Math.min(SITEMAP_MAX_URLS, Math.floor(room / entry)));
}

/** A piece's address path. */
export function piecePath(piece: SitemapPiece): string {
  return `/sitemaps/${piece.kind}-${piece.number}.xml`;
}

const PIECE_NAME = /^(pages|products)-([1-9]\d{0,8})\.xml$/;

/** The piece a file name names, or null. */
export function parsePieceName(name: string): SitemapPiece | null {
  const match = PIECE_NAME.exec(name);
  if (!match) return null;
  return { kind: match[1] as SitemapPieceKind, number: Number(match[2]) };
}

/** How many products the catalogue shows (not archived). */
export async function countVisibleProducts(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('products').select(sql<string>`count(*)`.as('total')).where('archived_at', 'is', null).executeTakeFirstOrThrow();
  return Number(row.total);
}

/** The index: the pages piece, then as many product pieces as the catalogue fills. */
export function sitemapIndex(base: string, productCount: number): Buffer {
  const pieces: SitemapPiece[] = [{ kind: 'pages', number: 1 }];
  const productPieces = Math.ceil(productCount / productsPerPiece(base));
  for (let number = 1; number <= productPieces; number += 1) pieces.push({ kind: 'products', number });
  const entries = pieces.map((piece) => `<sitemap><loc>${escapeXml(`${base}${piecePath(piece)}`)}</loc></sitemap>\n`);
  return Buffer.from(`${XML_DECLARATION}<sitemapindex xmlns="${NAMESPACE}">\n${entries.join('')}</sitemapindex>\n`);
}

/**
 * The shop's own pages: home, the product list, each category's list that has a product to show (as the
 * storefront links it: `/products?category=<value>`), and the legal pages. Pages behind a sign-in, the
 * cart, checkout and payment pages are left out (robots.txt keeps crawlers off them).
 */
export async function pagesPiece(db: Kysely<Database>, base: string): Promise<Buffer> {
  const shown = await Promise.all(
    CATEGORIES.map(async ({ value }) => {
      const one = await db.selectFrom('products').select('id').where('archived_at', 'is', null).where('category', '=', value).limit(1).executeTakeFirst();
      return one ? value : null;
    }),
  );
  const locations = [
    `${base}/`,
    `${base}/products`,
    ...shown.filter((value) => value !== null).map((value) => `${base}/products?category=${encodeURIComponent(value)}`),
    ...LEGAL_PAGES.map((page) => `${base}${page}`),
  ];
  return Buffer.from(`${URLSET_OPEN}${locations.map((location) => urlEntry(location)).join('')}${URLSET_CLOSE}`);
}

/** Where a keyset page of products resumes: the last row's position in (created_at, id) order. */
interface ProductKey {
  created: string;
  id: string;
}

/**
 * The visible products from position `skip`, `take` of them at most, oldest first (a new product lands in
 * the last piece, so the earlier pieces stay as they were), a batch at a time. The first key is found by
 * an offset over the (created_at, id) index; each batch after it resumes after the previous one's last key.
 * The key's time travels as the database's own text, so no precision is lost on the way through JavaScript.
 */
export async function* visibleProductBatches(
  db: Kysely<Database>,
  { skip, take }: { skip: number; take: number },
): AsyncGenerator<{ id: string; updated_at: Date }[]> {
  const visible = () => db.selectFrom('products').where('archived_at', 'is', null);
  let after: ProductKey | undefined;
  if (skip > 0) {
    after = await visible()
      .select([sql<string>`created_at::text`.as('created'), 'id'])
      .orderBy('created_at')
      .orderBy('id')
      .offset(skip - 1)
      .limit(1)
      .executeTakeFirst();
    if (!after) return;
  }
  let left = take;
  while (left > 0) {
    const limit = Math.min(BATCH_ROWS, left);
    let batch = visible().select(['id', 'updated_at', sql<string>`created_at::text`.as('created')]);
    if (after) batch = batch.where(sql<boolean>`(created_at, id) > (${after.created}::timestamptz, ${after.id}::uuid)`);
    const rows = await batch.orderBy('created_at').orderBy('id').limit(limit).execute();
    if (rows.length > 0) yield rows;
    if (rows.length < limit) return;
    left -= rows.length;
    after = rows.at(-1)!;
  }
}

/**
 * Product piece `number` (from 1): each visible product's page with its `<lastmod>`, written batch by batch.
 * Null when the catalogue has no product at that position (a piece past the last).
 */
export async function productsPiece(db: Kysely<Database>, base: string, number: number): Promise<Buffer | null> {
  const perPiece = productsPerPiece(base);
  const chunks: Buffer[] = [Buffer.from(URLSET_OPEN)];
  let written = 0;
  for await (const rows of visibleProductBatches(db, { skip: (number - 1) * perPiece, take: perPiece })) {
    chunks.push(Buffer.from(rows.map((row) => urlEntry(productPage(base, row.id), row.updated_at)).join('')));
    written += rows.length;
  }
  if (written === 0) return null;
  chunks.push(Buffer.from(URLSET_CLOSE));
  return Buffer.concat(chunks);
}
