import { hasWholeCents, type AdminProduct, type BillingInterval, type ProductInput, type ProductListQuery } from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import { recordAuditChange } from '../audit/audit-trail.ts';
import { badRequest, notFound } from '../errors.ts';
import type { RouteHandlers } from '../http/register-routes.ts';
import { sendCachedAnswer, serialized } from './catalog-cache.ts';
import {
  archiveProduct,
  categoryOptions,
  countProducts,
  findProduct,
  insertProduct,
  listProductPage,
  listProducts,
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
function filterKey(query: ProductListQuery): string {
  const ids = query.ids ? [...new Set(query.ids.toLowerCase().split(','))].sort().join(',') : null;
  return JSON.stringify([query.search?.trim() || null, query.category ?? null, ids]);
}

export function catalogHandlers(
  app: FastifyInstance,
): Pick<
  RouteHandlers,
  | 'listProducts'
  | 'listCategories'
  | 'getProduct'
  | 'adminListProducts'
  | 'adminCreateProduct'
  | 'adminUpdateProduct'
  | 'adminDeleteProduct'
> {
  const list = async (query: Parameters<typeof listProducts>[1]) => {
    const { rows, total } = await listProducts(app.db, query);
    return { products: rows.map(toAdminProduct), total };
  };

  const cache = app.catalogCache;
  /** A filter's total, cached apart from its pages: every page and order of one search shares it. */
  const total = async (query: ProductListQuery): Promise<number> => {
    const answer = await cache.get(`total:${filterKey(query)}`, async () => ({
      body: Buffer.from(String(await countProducts(app.db, query))),
      productIds: [],
    }));
    return Number(answer.body.toString());
  };

  return {
    // Public reads are answered from the catalogue cache: serialised, compressed and validated once.
    listProducts: async ({ query, request, reply }) => {
      const key = `list:${filterKey(query)}:${query.sort ?? ''}:${query.limit ?? ''}:${query.offset ?? ''}`;
      const answer = await cache.get(key, async () => {
        const [rows, count] = await Promise.all([listProductPage(app.db, query, SUMMARY_COLUMNS), total(query)]);
        return { body: serialized(reply, { products: rows.map(toProductSummary), total: count }), productIds: rows.map((row) => row.id) };
      });
      cache.remember(request.url, key);
      return sendCachedAnswer(request, reply, answer, cache) as never;
    },
    listCategories: async () => categoryOptions,
    getProduct: async ({ params, request, reply }) => {
      const id = params.id.toLowerCase();
      const answer = await cache.get(`product:${id}`, async () => {
        const row = await findProduct(app.db, id);
        if (!row) throw notFound(PRODUCT_NOT_FOUND, 'product_not_found');
        return { body: serialized(reply, toProduct(row)), productIds: [row.id] };
      });
      cache.remember(request.url, `product:${id}`);
      return sendCachedAnswer(request, reply, answer, cache) as never;
    },

    adminListProducts: ({ query }) => list(query),
    adminCreateProduct: async ({ body, request }) => {
      checkProductInput(body);
      checkSubscriptionTerms(body);
      const product = toAdminProduct(await insertProduct(app.db, body));
      recordAuditChange(request, { targetId: product.id, targetLabel: product.title, after: auditedFields(product) });
      return product;
    },
    adminUpdateProduct: async ({ params, body, request }) => {
      checkProductInput(body);
      // The row as it was, locked until the update commits: the audit trail's "before" is the one replaced.
      const { before, row } = await app.db.transaction().execute(async (trx) => {
        const current = await findProduct(trx, params.id, { forUpdate: true });
        if (current) checkSubscriptionTerms(body, current.billing_interval);
        return { before: current, row: current ? await updateProduct(trx, params.id, body) : undefined };
      });
      if (!before || !row) throw notFound(PRODUCT_NOT_FOUND, 'product_not_found');
      const product = toAdminProduct(row);
      recordAuditChange(request, { targetLabel: product.title, before: auditedFields(toAdminProduct(before)), after: auditedFields(product) });
      return product;
    },
    adminDeleteProduct: async ({ params, request }) => {
      const archived = await archiveProduct(app.db, params.id);
      if (!archived) throw notFound(PRODUCT_NOT_FOUND, 'product_not_found');
      recordAuditChange(request, { targetLabel: archived.title, before: { archived: false }, after: { archived: true } });
      return null;
    },
  };
}
