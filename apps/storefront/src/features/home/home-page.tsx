import { CallToAction } from './call-to-action.tsx';
import { FeaturedProducts } from './featured-products.tsx';
import { Hero } from './hero.tsx';
import { HomeFeatures } from './home-features.tsx';
import { HomeStats } from './home-stats.tsx';

/** The home page (spec section 2): hero, why shop here, the figures, featured products and a call to action. */
export function HomePage() {
  return (
    <>
      <Hero />
      <HomeFeatures />
      <HomeStats />
      <FeaturedProducts />
      <CallToAction />
    </>
  );
}
