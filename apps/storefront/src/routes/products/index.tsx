import { createFileRoute } from '@tanstack/react-router';
import { validateProductSearch } from '../../features/catalog/product-search.ts';
import { ProductsPage } from '../../features/catalog/products-page.tsx';
import { categoriesQueryOptions, productListQueryOptions } from '../../features/catalog/queries.ts';

export const Route = createFileRoute('/products/')({
  validateSearch: validateProductSearch,
  loaderDeps: ({ search }) => search,
  // Starts the requests while the page's code loads (or on hover of a link) without holding the page:
  // it shows its skeletons until the products arrive.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchInfiniteQuery(productListQueryOptions(deps));
    void context.queryClient.prefetchQuery(categoriesQueryOptions());
  },
  component: ProductsPage,
});
