import { LIMITS } from '@store/contracts';
import { Container } from '@store/ui';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ProductCard, ProductCardSkeleton } from '../catalog/product-card.tsx';
import { ProductGrid } from '../catalog/product-grid.tsx';
import { featuredProductsQueryOptions } from '../catalog/queries.ts';
import * as styles from './home.css.ts';

/**
 * The 9 newest products. Fetched by the component, not a route loader, so the hero paints at once;
 * a failure shows the empty state quietly, as an empty list (spec sections 4 and 8).
 */
export function FeaturedProducts() {
  const { data, isPending } = useQuery(featuredProductsQueryOptions());
  const products = Array.isArray(data?.products) ? data.products : [];

  return (
    <section className={styles.section} aria-labelledby="featured-title">
      <Container>
        <div className={styles.sectionHead}>
          <div>
            <h2 id="featured-title" className={styles.sectionTitle}>
              Featured Products
            </h2>
            <p className={styles.sectionLead}>The newest additions to the catalogue, ready to download.</p>
          </div>
          <Link to="/products" className={styles.viewAll}>
            View all products <span aria-hidden="true">→</span>
          </Link>
        </div>

        {isPending ? (
          <ProductGrid busy data-testid="featured-skeletons">
            {Array.from({ length: LIMITS.featuredCount }, (_, index) => (
              <ProductCardSkeleton key={index} />
            ))}
          </ProductGrid>
        ) : products.length === 0 ? (
          <p className={styles.emptyMessage}>Products loading...</p>
        ) : (
          <ProductGrid>
            {products.map((product) => (
              <ProductCard key={product.id} product={product} />
            ))}
          </ProductGrid>
        )}
      </Container>
    </section>
  );
}
