import { ApiError, type Product } from '@store/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { isNotFound, notFound, redirect } from '@tanstack/react-router';
import toast from 'react-hot-toast';
import { productReviewsQueryOptions } from '../reviews/queries.ts';
import { productQueryOptions } from './queries.ts';
import { env } from '../../env.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The product of /products/{id}, from the cache or the API. An id that is no product's (404), or is not
 * an id at all (the API answers 400, so we do not even ask), is the route's not-found page.
 */
export async function fetchProduct(queryClient: QueryClient, id: string): Promise<Product> {
  if (!UUID.test(id)) throw notFound();
  try {
    return await queryClient.ensureQueryData(productQueryOptions(id));
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw notFound();
    throw error;
  }
}

/**
 * The loader of /products/{id}. Any other failure says 'Error loading product' and goes to the list
 * (spec section 8); a preload (hovering a link) fails quietly, since the visitor has not asked yet.
 */
export async function loadProduct(queryClient: QueryClient, id: string, { preload = false } = {}): Promise<Product> {
  try {
    const product = await fetchProduct(queryClient, id);
    // The server's page shows the first reviews (and its structured data names them); the browser loads them with the page.
    if (env.onServer) await queryClient.prefetchInfiniteQuery(productReviewsQueryOptions(id));
    return product;
  } catch (error) {
    if (preload || isNotFound(error)) throw error;
    toast.error('Error loading product', { id: 'product-error' });
    throw redirect({ to: '/products', replace: true });
  }
}
