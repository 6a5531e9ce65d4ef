import { createFileRoute } from '@tanstack/react-router';
import { loadProduct } from '../../features/catalog/load-product.ts';
import { ProductDetailPage, ProductDetailSkeleton } from '../../features/catalog/product-detail.tsx';
import { ProductNotFound } from '../../features/catalog/product-not-found.tsx';
import { productPageHead } from '../../features/seo/route-heads.ts';

export const Route = createFileRoute('/products/$id')({
  // The skeleton lives beside the page it stands for: it loads with the page, not in every first load. It shows
  // only after the loader has waited a while, and the loader is in the same chunk, so it is there by then.
  codeSplitGroupings: [['loader', 'component', 'pendingComponent', 'notFoundComponent'], ['errorComponent']],
  loader: ({ context, params, preload }) => loadProduct(context.queryClient, params.id, { preload }),
  head: productPageHead,
  pendingComponent: ProductDetailSkeleton,
  notFoundComponent: ProductNotFound,
  component: ProductDetailPage,
});
