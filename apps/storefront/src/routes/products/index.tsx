import { createFileRoute } from '@tanstack/react-router';
import { validateProductSearch } from '../../features/catalog/product-search.ts';
import { ProductsPage } from '../../features/catalog/products-page.tsx';
import { categoriesQueryOptions, productListQueryOptions } from '../../features/catalog/queries.ts';
import { productsHead } from '../../features/seo/route-heads.ts';
import { env } from '../../env.ts';

export const Route = createFileRoute('/products/')({
  validateSearch: validateProductSearch,
  loaderDeps: ({ search }) => search,
  head: ({ match, matches }) => productsHead({ match, matches, search: match.search }),
  // In the browser, starts the requests while the page's code loads (or on hover of a link) without holding
  // the page: it shows its skeletons until the products arrive. The server's page waits for them.
  loader: async ({ context, deps }) => {
    const loading = Promise.all([
      context.queryClient.prefetchInfiniteQuery(productListQueryOptions(deps)),
      context.queryClient.prefetchQuery(categoriesQueryOptions()),
    ]);
    if (env.onServer) await loading;
  },
  component: ProductsPage,
});
