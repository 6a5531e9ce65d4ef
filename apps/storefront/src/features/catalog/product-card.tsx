import { CATEGORIES, LIMITS, PRODUCT_TYPES, labelOf, type ProductSummary } from '@store/contracts';
import { imageOf } from '@store/cart-core';
import { Badge, Button, CartIcon, CheckIcon, EyeIcon, IconButton, Price, Skeleton, StarRating, buttonClassName } from '@store/ui';
import { Link, useHydrated } from '@tanstack/react-router';
import { useId } from 'react';
import { NO_REVIEWS_YET, ratingValue, reviewsLabel } from '../reviews/rating-text.ts';
import { addToCart, isSoldOut } from './add-to-cart.ts';
import * as styles from './product-card.css.ts';
import { ProductImage } from './product-image.tsx';

export type ProductCardVariant = 'grid' | 'list';

/** A grid card's width (product-grid.css.ts): the screen on phones, half from 480 px, a third of at most 1200 px from 1024 px. */
const GRID_CARD_IMAGE_SIZES = '(min-width: 1024px) 400px, (min-width: 480px) 50vw, 100vw';
/** The list view's picture is at most 340 px wide beside the text from 768 px (product-card.css.ts); below, the grid card's. */
const LIST_CARD_IMAGE_SIZES = '(min-width: 768px) 340px, (min-width: 480px) 50vw, 100vw';

export interface ProductCardProps {
  product: ProductSummary;
  /** The list view lays the image beside the text on wide screens; small screens always show the grid card. */
  variant?: ProductCardVariant;
  /** In the first row of the page: the image loads at once instead of lazily. */
  eager?: boolean;
  /** The level of the card's title in the page outline (2 under the page title, 3 under a section title). */
  headingLevel?: 2 | 3;
}

/** `+N more` for the features a card leaves out (it shows the first two, spec section 9). */
export function moreFeaturesLabel(features: readonly string[]): string | null {
  const rest = features.length - LIMITS.cardFeatureCount;
  return rest > 0 ? `+${rest} more` : null;
}

/** A product in the catalogue and on the home page (spec section 2, "Product card"). */
export function ProductCard({ product, variant = 'grid', eager = false, headingLevel = 3 }: ProductCardProps) {
  const titleId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const soldOut = isSoldOut(product);
  // A server-rendered page's buttons do nothing until its script has run: they wait disabled, not ignore a click.
  const ready = useHydrated();
  const more = moreFeaturesLabel(product.features);
  const isList = variant === 'list';

  return (
    <article
      className={[styles.card, isList && styles.list].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      data-testid="product-card"
      data-variant={variant}
    >
      <div className={styles.mediaBox}>
        <ProductImage
          src={imageOf(product)}
          alt={product.title}
          eager={eager}
          sizes={isList ? LIST_CARD_IMAGE_SIZES : GRID_CARD_IMAGE_SIZES}
          shape="banner"
          className={isList ? styles.listImage : undefined}
        />
        {/* Bottom left, clear of the quick buttons at the top right. */}
        <div className={styles.badges} data-testid="product-badges">
          <Badge tone="blue" className={styles.badge}>
            {labelOf(CATEGORIES, product.category)}
          </Badge>
          <Badge tone="gray" className={styles.badge}>
            {labelOf(PRODUCT_TYPES, product.product_type)}
          </Badge>
        </div>
        <div className={styles.quickActions} data-testid="product-quick-actions">
          <Link
            to="/products/$id"
            params={{ id: product.id }}
            aria-label={`View ${product.title}`}
            title="View details"
            className={`${buttonClassName({ variant: 'secondary', size: 'sm' })} ${styles.iconLink}`}
          >
            <EyeIcon size={16} />
          </Link>
          <IconButton
            label={`Add ${product.title} to cart`}
            icon={<CartIcon size={16} />}
            variant="secondary"
            size="sm"
            disabled={soldOut || !ready}
            onClick={() => addToCart(product)}
          />
        </div>
      </div>

      <div className={styles.body}>
        <div className={styles.titleRow}>
          <Heading id={titleId} className={styles.title}>
            <Link to="/products/$id" params={{ id: product.id }} className={styles.titleLink}>
              {product.title}
            </Link>
          </Heading>
          <Price amount={product.price} className={styles.price} />
        </div>
        <p className={[styles.description, isList && styles.listDescription].filter(Boolean).join(' ')}>{product.description}</p>

        {product.features.length > 0 && (
          <ul className={styles.features} aria-label="Features">
            {product.features.slice(0, LIMITS.cardFeatureCount).map((feature, index) => (
              <li key={index} className={styles.feature}>
                <CheckIcon size={14} className={styles.featureIcon} />
                <span className={styles.featureText}>{feature}</span>
              </li>
            ))}
            {more && <li className={styles.more}>{more}</li>}
          </ul>
        )}

        <div className={styles.footer}>
          {/* Only real reviews count (docs/decisions/013-storefront.md): without any, no stars. */}
          <div className={styles.rating}>
            {product.rating === null ? (
              <span>{NO_REVIEWS_YET}</span>
            ) : (
              <>
                <StarRating rating={product.rating} size={14} />
                <span className={styles.ratingValue}>{ratingValue(product.rating)}</span>
                <span>({reviewsLabel(product.reviews_count)})</span>
              </>
            )}
          </div>
          <Button size="sm" disabled={soldOut || !ready} onClick={() => addToCart(product)} aria-describedby={titleId}>
            {soldOut ? (
              'Out of stock'
            ) : (
              <>
                <CartIcon size={16} /> Add to Cart
              </>
            )}
          </Button>
        </div>
      </div>
    </article>
  );
}

/** The shape of a card while the products load. */
export function ProductCardSkeleton({ variant = 'grid' }: { variant?: ProductCardVariant }) {
  return (
    <div
      className={[styles.card, variant === 'list' && styles.list].filter(Boolean).join(' ')}
      data-testid="product-card-skeleton"
      aria-hidden="true"
    >
      <Skeleton width="100%" height="auto" className={styles.skeletonMedia} />
      <div className={styles.body}>
        <div className={styles.titleRow}>
          <Skeleton width="60%" height="21px" />
          <Skeleton width="56px" height="24px" />
        </div>
        <Skeleton width="100%" height="14px" />
        <Skeleton width="85%" height="14px" />
        <Skeleton width="70%" height="13px" />
        <Skeleton width="55%" height="13px" />
        <div className={styles.footer}>
          <Skeleton width="120px" height="14px" />
          <Skeleton width="112px" height="32px" radius="10px" />
        </div>
      </div>
    </div>
  );
}
