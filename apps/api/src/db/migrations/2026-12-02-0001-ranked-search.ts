import { sql, type Kysely } from 'kysely';

/**
 * Ranked full-text search of the catalogue (docs/decisions/046-search.md), kept by the database itself.
 *
 * - `products.search_stems`: the product as English stems, weighted: the title (A), its features and
 *   category (B), the short description (C), the long one (D). Whole words match here, "plugins" as "plugin".
 * - `products.search_words`: the same text but the long description as words unchanged ('simple'), for the
 *   last word as typed ("aurora ai wr" finds "Writer": stems would cut a word typed halfway differently).
 * - `search_terms`: every word of a product's title, features and descriptions (three letters or more, no
 *   digit), with a trigram index: a word that finds nothing is corrected to a known one a letter or two
 *   away ("lumra" to "lumora", "piexl" to "pixel"). Filled by triggers: one insert per statement for new products however many, and
 *   on an edit of a product's words. The terms of a product since deleted stay: they only ever correct to a
 *   word that then finds nothing.
 * The substring trigram index of the first migration goes: no query uses `ILIKE` on the catalogue any more.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const document = (config: string, { descriptions }: { descriptions: boolean }) =>
    sql.raw(`setweight(to_tsvector('${config}', title), 'A')
      || setweight(to_tsvector('${config}', features) || to_tsvector('${config}', replace(category, '_', ' ')), 'B')${
        descriptions
          ? `
      || setweight(to_tsvector('${config}', description), 'C')
      || setweight(to_tsvector('${config}', detailed_description), 'D')`
          : ''
      }`);
  await sql`ALTER TABLE products
    ADD COLUMN search_stems tsvector GENERATED ALWAYS AS (${document('english', { descriptions: true })}) STORED,
    ADD COLUMN search_words tsvector GENERATED ALWAYS AS (${document('simple', { descriptions: false })}) STORED`.execute(db);
  // A short pending list (256 kB, not 4 MB): new entries wait unmerged until vacuum or the list fills, and
  // every search reads the whole list meanwhile; after a bulk import of 100,000 products that took a search
  // from 15 ms to 60.
  await sql`CREATE INDEX products_search_stems_idx ON products USING gin (search_stems) WITH (gin_pending_list_limit = 256) WHERE archived_at IS NULL`.execute(db);
  await sql`CREATE INDEX products_search_words_idx ON products USING gin (search_words) WITH (gin_pending_list_limit = 256) WHERE archived_at IS NULL`.execute(db);
  await sql`DROP INDEX IF EXISTS products_search_trgm_idx`.execute(db);
  // Titles by what they begin with, for suggestions: byte order, so a LIKE prefix walks it in any database collation.
  await sql`CREATE INDEX products_title_prefix_idx ON products ((lower(title) COLLATE "C"), id) WHERE archived_at IS NULL`.execute(db);
  // Every order of a list, with or without a category, has an index that ends with the id: a page's ids
  // are read from the index alone (an index-only scan skips the offset without reading rows), then its rows.
  await sql`DROP INDEX products_category_newest_idx`.execute(db);
  await sql`DROP INDEX products_price_idx`.execute(db);
  await sql`CREATE INDEX products_category_newest_idx ON products (category, created_at DESC, id DESC) WHERE archived_at IS NULL`.execute(db);
  await sql`CREATE INDEX products_price_idx ON products (price_cents, created_at DESC, id DESC) WHERE archived_at IS NULL`.execute(db);
  await sql`CREATE INDEX products_category_price_idx ON products (category, price_cents, created_at DESC, id DESC) WHERE archived_at IS NULL`.execute(db);
  await sql`CREATE INDEX products_category_title_idx ON products (category, lower(title), id) WHERE archived_at IS NULL`.execute(db);

  await sql`CREATE TABLE search_terms (term text PRIMARY KEY)`.execute(db);
  // GiST, not GIN: it answers the nearest words by trigram distance (`ORDER BY term <-> word LIMIT n`),
  // whatever their similarity; a typo's candidates are then judged by their edit distance.
  await sql`CREATE INDEX search_terms_trgm_idx ON search_terms USING gist (term gist_trgm_ops)`.execute(db);
  await sql`CREATE INDEX search_terms_prefix_idx ON search_terms (term text_pattern_ops)`.execute(db);
  // The words worth correcting to: three letters or more, no digit (a product number is not a typo's aim).
  await sql`CREATE FUNCTION search_terms_of(title text, features jsonb, description text) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
    SELECT term FROM unnest(tsvector_to_array(to_tsvector('simple', title) || to_tsvector('simple', features) || to_tsvector('simple', description))) AS term
    WHERE length(term) BETWEEN 3 AND 40 AND term !~ '[0-9]'
  $$`.execute(db);
  await sql`CREATE FUNCTION learn_inserted_terms() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO search_terms (term)
        SELECT DISTINCT term FROM inserted, search_terms_of(inserted.title, inserted.features, inserted.description) AS term
      ON CONFLICT DO NOTHING;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE FUNCTION learn_updated_terms() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO search_terms (term) SELECT DISTINCT term FROM search_terms_of(NEW.title, NEW.features, NEW.description) AS term ON CONFLICT DO NOTHING;
      RETURN NULL;
    END $$`.execute(db);
  // Inserts: once per statement (a bulk import is one insert of terms). Updates: only of a product's words,
  // row by row (a transition table cannot go with a column list), so a sale moving the stock costs nothing here.
  await sql`CREATE TRIGGER products_learn_terms_on_insert AFTER INSERT ON products
    REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION learn_inserted_terms()`.execute(db);
  await sql`CREATE TRIGGER products_learn_terms_on_update AFTER UPDATE OF title, description, features, category ON products
    FOR EACH ROW WHEN ((OLD.title, OLD.features, OLD.description) IS DISTINCT FROM (NEW.title, NEW.features, NEW.description)) EXECUTE FUNCTION learn_updated_terms()`.execute(db);
  await sql`INSERT INTO search_terms (term)
    SELECT DISTINCT term FROM products, search_terms_of(title, features, description) AS term WHERE archived_at IS NULL
    ON CONFLICT DO NOTHING`.execute(db);
  await sql`ANALYZE products`.execute(db);
}
