import { createFileRoute } from '@tanstack/react-router';
import { Hero } from '../features/home/hero.tsx';

export const Route = createFileRoute('/')({
  component: HomePage,
});

function HomePage() {
  return <Hero />;
}
