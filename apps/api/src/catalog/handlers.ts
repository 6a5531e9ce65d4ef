import { hasWholeCents, type ProductInput } from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../errors.ts';
import type { RouteHandlers } from '../http/register-routes.ts';
import { archiveProduct, categoryOptions, findProduct, insertProduct, listProducts, toProduct, updateProduct } from './product-repository.ts';

const PRODUCT_NOT_FOUND = 'Product not found';

/** Rules the schema cannot say: whole cents, and each requirement named once. */
function checkProductInput(input: ProductInput): void {
  if (!hasWholeCents(input.price)) throw badRequest('price must have at most two decimals', 'validation_error');
  const names = Object.keys(input.system_requirements ?? {}).map((name) => name.trim().toLowerCase());
  if (new Set(names).size !== names.length) throw badRequest('system_requirements names must be unique', 'validation_error');
}

export function catalogHandlers(app: FastifyInstance): Pick<RouteHandlers, 'listProducts' | 'listCategories' | 'getProduct' | 'adminListProducts' | 'adminCreateProduct' | 'adminUpdateProduct' | 'adminDeleteProduct'> {
  const list = async (query: Parameters<typeof listProducts>[1]) => {
    const { rows, total } = await listProducts(app.db, query);
    return { products: rows.map(toProduct), total };
  };

  return {
    listProducts: ({ query }) => list(query),
    listCategories: async () => categoryOptions,
    getProduct: async ({ params }) => {
      const row = await findProduct(app.db, params.id);
      if (!row) throw notFound(PRODUCT_NOT_FOUND, 'product_not_found');
      return toProduct(row);
    },

    adminListProducts: ({ query }) => list(query),
    adminCreateProduct: async ({ body }) => {
      checkProductInput(body);
      return toProduct(await insertProduct(app.db, body));
    },
    adminUpdateProduct: async ({ params, body }) => {
      checkProductInput(body);
      const row = await updateProduct(app.db, params.id, body);
      if (!row) throw notFound(PRODUCT_NOT_FOUND, 'product_not_found');
      return toProduct(row);
    },
    adminDeleteProduct: async ({ params }) => {
      if (!(await archiveProduct(app.db, params.id))) throw notFound(PRODUCT_NOT_FOUND, 'product_not_found');
      return null;
    },
  };
}
