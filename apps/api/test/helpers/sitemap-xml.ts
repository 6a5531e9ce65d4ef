import { SaxesParser } from 'saxes';

/** The sitemap protocol's namespace: every element of an index or a piece is in it. */
export const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** An entry of a sitemap index (`<sitemap>`) or of a piece (`<url>`): its address and date, as parsed. */
export interface SitemapEntry {
  loc: string;
  lastmod?: string;
}

/**
 * Reads a sitemap index or piece with a strict XML parser (saxes: well-formedness, entities, namespaces):
 * a document that is not well-formed XML, another root, an element outside the namespace or an entry
 * without its one `<loc>` throws.
 */
export function readSitemap(xml: string, root: 'sitemapindex' | 'urlset'): SitemapEntry[] {
  const entryName = root === 'sitemapindex' ? 'sitemap' : 'url';
  const parser = new SaxesParser({ xmlns: true });
  const path: string[] = [];
  const entries: SitemapEntry[] = [];
  let entry: Partial<SitemapEntry> = {};
  let text = '';
  parser.on('opentag', (tag) => {
    if (tag.uri !== SITEMAP_NAMESPACE) throw new Error(`element ${tag.name} is outside the sitemap namespace`);
    const expected = [root, entryName][path.length];
    if (path.length < 2 && tag.local !== expected) throw new Error(`unexpected <${tag.local}> at depth ${path.length}`);
    if (path.length === 2 && tag.local !== 'loc' && tag.local !== 'lastmod') throw new Error(`unexpected <${tag.local}> in <${entryName}>`);
    if (path.length > 2) throw new Error(`unexpected <${tag.local}> inside <${path.at(-1)}>`);
    path.push(tag.local);
    text = '';
  });
  parser.on('text', (chunk) => {
    if (path.length === 3) text += chunk;
    else if (chunk.trim() !== '') throw new Error(`text outside an entry's fields: ${chunk.slice(0, 40)}`);
  });
  parser.on('closetag', (tag) => {
    path.pop();
    if (tag.local === 'loc' || tag.local === 'lastmod') {
      if (entry[tag.local] !== undefined) throw new Error(`<${tag.local}> twice in one entry`);
      entry[tag.local] = text;
    } else if (tag.local === entryName) {
      if (entry.loc === undefined) throw new Error(`<${entryName}> without <loc>`);
      entries.push(entry.lastmod === undefined ? { loc: entry.loc } : { loc: entry.loc, lastmod: entry.lastmod });
      entry = {};
    }
  });
  parser.on('error', (error) => {
    throw error;
  });
  parser.write(xml).close();
  return entries;
}
