import type { Product } from '@store/contracts';
import { CheckIcon } from '@store/ui';
import { Link } from '@tanstack/react-router';
import * as styles from './product-detail.css.ts';

/**
 * "What's included" of a package (docs/decisions/038-packages.md): each product with its units in one
 * package, linked to its own page. Nothing for other products.
 */
export function PackageContents({ product }: { product: Pick<Product, 'product_type' | 'package_items'> }) {
  if (product.product_type !== 'package' || product.package_items.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="product-package">
      <h2 id="product-package" className={styles.sectionTitle}>
        What&apos;s included
      </h2>
      <ul className={styles.features}>
        {product.package_items.map((item) => (
          <li key={item.product_id} className={styles.feature}>
            <CheckIcon size={18} className={styles.featureIcon} />
            <span>
              {item.quantity > 1 && <span className={styles.packageQuantity}>{item.quantity} × </span>}
              <Link to="/products/$id" params={{ id: item.product_id }}>
                {item.title}
              </Link>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
