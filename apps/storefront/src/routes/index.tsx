import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../features/home/home-page.tsx';

// No loader: the hero paints at once and the featured products load inside the page (they have skeletons).
export const Route = createFileRoute('/')({
  // Not split: the home page is the shop's front door, so its screen comes with the first load instead of
  // one round trip after it (the hero's text is the largest paint); the other routes load their screens on visit.
  codeSplitGroupings: [],
  component: HomePage,
});
