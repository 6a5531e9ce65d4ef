import {
  CATEGORIES,
  DEFAULT_PRODUCT_TYPE,
  hasWholeCents,
  toDollars,
  type AdminProduct,
  type BillingInterval,
  type ProductInput,
  type ProductListQuery,
} from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { recordAuditChange } from '../audit/audit-trail.ts';
import type { Database } from '../db/schema.ts';
import { badRequest, notFound } from '../errors.ts';
import { checkPackageItems, createProduct, refuseIfInPackage, withPackages, writePackageItems } from '../packages/package-repository.ts';
import type { RouteHandlers } from '../http/register-routes.ts';
import { sendCachedAnswer, serialized } from './catalog-cache.ts';
import { PlanCache } from './search-plans.ts';
import { planSearch, productPage, rankedMatches, searchOf, searchWords, suggestProducts, type SearchPlan } from './search.ts';
import {
  archiveProduct,
  type AdminProductRow,
  ADMIN_COLUMNS,
  categoryOptions,
  findProduct,
  SUMMARY_COLUMNS,
  toAdminProduct,
  toProduct,
  toProductSummary,
  updateProduct,
} from './product-repository.ts';

const PRODUCT_NOT_FOUND = 'Product not found';

/** Rules the schema cannot say: whole cents, and each requirement named once. */
/** A subscription product bills at an interval: the input's, or (an update) the one stored (docs/decisions/037-subscriptions.md). */
function checkSubscriptionTerms(input: ProductInput, stored: BillingInterval | null = null): void {
  if (input.product_type === 'subscription' && !(input.billing_interval ?? stored)) {
    throw badRequest('A subscription needs a billing interval', 'billing_interval_required');
  }
}

function checkProductInput(input: ProductInput): void {
  if (!hasWholeCents(input.price)) throw badRequest('price must have at most two decimals', 'validation_error');
  const names = Object.keys(input.system_requirements ?? {}).map((name) => name.trim().toLowerCase());
  if (new Set(names).size !== names.length) throw badRequest('system_requirements names must be unique', 'validation_error');
}

/** A product's fields as the audit trail compares them: what staff edit, not the figures reviews and sales move. */
function auditedFields(product: AdminProduct): Record<string, unknown> {
  const { id: _id, rating: _rating, reviews_count: _reviews, created_at: _created, image: _image, ...fields } = product;
  return fields;
}

/** What a list's rows depend on, as a cache key: equal queries (after validation) give equal keys. */
function filterKey(query: ProductListQuery, search = query.search?.trim() ? searchOf(query.search) : null): string {
  const ids = query.ids ? [...new Set(query.ids.toLowerCase().split(','))].sort().join(',') : null;
  return JSON.stringify([search?.phrase ?? null, query.category ?? null, ids]);
}

/** Search plans kept at most: a ranking of a thousand ids is some 60 KB. */
const PLANS_KEPT = 500;

/** A list's paging fields from its plan and page. */
const paging = (plan: SearchPlan, nextAfter: string | null) => ({
  total: plan.total,
  total_is_lower_bound: plan.isLowerBound,
  next_after: nextAfter,
  corrected_search: plan.corrected,
});

/** The categories whose name has a word beginning with one of the words typed. */
function suggestCategories(text: string) {
  const words = searchWords(text);
  return CATEGORIES.filter(({ label }) => searchWords(label).some((name) => words.some((word) => name.startsWith(word)))).map(
    ({ value, label }) => ({ value, label }),
  );
}

export function catalogHandlers(
  app: FastifyInstance,
): Pick<
  RouteHandlers,
  | 'listProducts'
  | 'listCategories'
  | 'suggestSearch'
  | 'getProduct'
  | 'adminListProducts'
  | 'adminCreateProduct'
  | 'adminUpdateProduct'
  | 'adminDeleteProduct'
> {
  const list = async (query: ProductListQuery) => {
    // Staff see the catalogue as it is now: their list plans every time.
    const searched = await planSearch(app.db, query);
    const { rows, nextAfter } = await productPage(app.db, query, searched, ADMIN_COLUMNS);
    return { products: (await withPackages(app.db, rows)).rows.map(toAdminProduct), ...paging(searched, nextAfter) };
  };
  /** A product as staff see it, read back inside the write's transaction (its members as just written). */
  const adminProduct = async (db: Kysely<Database>, row: AdminProductRow) => toAdminProduct((await withPackages(db, [row])).rows[0]!);

  const cache = app.catalogCache;
  /**
   * A filter's plan (its total, its ranking, its correction), kept apart from its pages: every page and
   * order of one search share it, and a misspelt search shares its correction's ranking. Stock moving
   * changes neither which products match nor their order; any other change of the catalogue drops them all.
   */
  const plans = new PlanCache(app.config.catalogCacheEntries === 0 ? 0 : PLANS_KEPT);
  app.onCatalogChange((change) => {
    if (change.kind !== 'stock') plans.clear();
  });
  const plan = (query: ProductListQuery): Promise<SearchPlan> =>
    plans.get(`plan:${filterKey(query)}`, () =>
      planSearch(app.db, query, (filter, search) => plans.get(`rank:${filterKey(filter, search)}`, () => rankedMatches(app.db, filter, search))),
    );

  return {
    // Public reads are answered from the catalogue cache: serialised, compressed and validated once.
    listProducts: async ({ query, request, reply }) => {
      const key = `list:${filterKey(query)}:${query.sort ?? ''}:${query.limit ?? ''}:${query.offset ?? ''}:${query.after ?? ''}`;
      const answer = await cache.get(key, async () => {
        const searched = await plan(query);
        const page = await productPage(app.db, query, searched, SUMMARY_COLUMNS);
        // A package's stock is its members': the answer is dropped when one of theirs moves too.
        const { rows, memberIds } = await withPackages(app.db, page.rows);
        return {
          body: serialized(reply, { products: rows.map(toProductSummary), ...paging(searched, page.nextAfter) }),
          productIds: [...rows.map((row) => row.id), ...memberIds],
        };
      });
      cache.remember(request.url, key);
      return sendCachedAnswer(request, reply, answer, cache) as never;
    },
    listCategories: async () => categoryOptions,
    suggestSearch: async ({ query, request, reply }) => {
      const typed = searchWords(query.q).join(' ');
      const answer = await cache.get(`suggest:${typed}`, async () => {
        const rows = await suggestProducts(app.db, typed);
        const products = rows.map((row) => ({ id: row.id, title: row.title, image: row.images[0] ?? null, price: toDollars(row.price_cents) }));
        return { body: serialized(reply, { products, categories: suggestCategories(typed) }), productIds: rows.map((row) => row.id) };
      });
      cache.remember(request.url, `suggest:${typed}`);
      return sendCachedAnswer(request, reply, answer, cache) as never;
    },
    getProduct: async ({ params, request, reply }) => {
      const id = params.id.toLowerCase();
      const answer = await cache.get(`product:${id}`, async () => {
        const found = await findProduct(app.db, id);
        if (!found) throw notFound(PRODUCT_NOT_FOUND, 'product_not_found');
        const { rows, memberIds } = await withPackages(app.db, [found]);
        return { body: serialized(reply, toProduct(rows[0]!)), productIds: [found.id, ...memberIds] };
      });
      cache.remember(request.url, `product:${id}`);
      return sendCachedAnswer(request, reply, answer, cache) as never;
    },

    adminListProducts: ({ query }) => list(query),
    adminCreateProduct: async ({ body, request }) => {
      checkProductInput(body);
      checkSubscriptionTerms(body);
      const product = await app.db.transaction().execute(async (trx) => {
        return adminProduct(trx, await createProduct(trx, body));
      });
      recordAuditChange(request, { targetId: product.id, targetLabel: product.title, after: auditedFields(product) });
      return product;
    },
    adminUpdateProduct: async ({ params, body, request }) => {
      checkProductInput(body);
      // The row as it was, locked until the update commits: the audit trail's "before" is the one replaced.
      const { before, product } = await app.db.transaction().execute(async (trx) => {
        const current = await findProduct(trx, params.id, { forUpdate: true });
        if (!current) throw notFound(PRODUCT_NOT_FOUND, 'product_not_found');
        checkSubscriptionTerms(body, current.billing_interval);
        await refuseIfInPackage(trx, current.id, 'type', body.product_type ?? DEFAULT_PRODUCT_TYPE);
        const members = await checkPackageItems(trx, current.id, body);
        const previous = await adminProduct(trx, current);
        const row = await updateProduct(trx, params.id, body);
        if (!row) throw notFound(PRODUCT_NOT_FOUND, 'product_not_found');
        if (members) await writePackageItems(trx, row.id, members);
        return { before: previous, product: await adminProduct(trx, row) };
      });
      recordAuditChange(request, { targetLabel: product.title, before: auditedFields(before), after: auditedFields(product) });
      return product;
    },
    adminDeleteProduct: async ({ params, request }) => {
      // The row locked first: no package takes the product in while it is checked and archived.
      const archived = await app.db.transaction().execute(async (trx) => {
        const current = await findProduct(trx, params.id, { forUpdate: true });
        if (current) await refuseIfInPackage(trx, current.id, 'delete');
        return current ? archiveProduct(trx, params.id) : undefined;
      });
      if (!archived) throw notFound(PRODUCT_NOT_FOUND, 'product_not_found');
      recordAuditChange(request, { targetLabel: archived.title, before: { archived: false }, after: { archived: true } });
      return null;
    },
  };
}
