import { createFileRoute } from '@tanstack/react-router';
import { validateProductSearch } from '../../features/products/product-search.ts';
import { ProductsPage } from '../../features/products/products-page.tsx';
import { adminProductListQueryOptions, categoriesQueryOptions } from '../../features/products/queries.ts';

export const Route = createFileRoute('/_authed/products')({
  validateSearch: validateProductSearch,
  loaderDeps: ({ search }) => ({ search: search.search, category: search.category }),
  // Starts the requests while the page's code loads without holding the page: it shows skeleton rows until they arrive.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchInfiniteQuery(adminProductListQueryOptions(deps));
    void context.queryClient.prefetchQuery(categoriesQueryOptions());
  },
  component: ProductsPage,
});
