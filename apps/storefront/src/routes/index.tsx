import { createFileRoute } from '@tanstack/react-router';
import { featuredProductsQueryOptions } from '../features/catalog/queries.ts';
import { HomePage } from '../features/home/home-page.tsx';
import { homeHead } from '../features/seo/route-heads.ts';
import { env } from '../env.ts';

// In the browser the hero paints at once and the featured products load inside the page (they have
// skeletons); the server's page waits for them.
export const Route = createFileRoute('/')({
  head: homeHead,
  loader: async ({ context }) => {
    if (env.onServer) await context.queryClient.prefetchQuery(featuredProductsQueryOptions());
  },
  // Not split: the home page is the shop's front door, so its screen comes with the first load instead of
  // one round trip after it (the hero's text is the largest paint); the other routes load their screens on visit.
  codeSplitGroupings: [],
  component: HomePage,
});
