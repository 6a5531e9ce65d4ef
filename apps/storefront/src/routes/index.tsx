import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../features/home/home-page.tsx';

// No loader: the hero paints at once and the featured products load inside the page (they have skeletons).
export const Route = createFileRoute('/')({
  component: HomePage,
});
