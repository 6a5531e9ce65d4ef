import { createFileRoute } from '@tanstack/react-router';
import { loadProduct } from '../../features/catalog/load-product.ts';
import { ProductDetailPage, ProductDetailSkeleton } from '../../features/catalog/product-detail.tsx';
import { ProductNotFound } from '../../features/catalog/product-not-found.tsx';

export const Route = createFileRoute('/products/$id')({
  loader: ({ context, params, preload }) => loadProduct(context.queryClient, params.id, { preload }),
  pendingComponent: ProductDetailSkeleton,
  notFoundComponent: ProductNotFound,
  component: ProductDetailPage,
});
