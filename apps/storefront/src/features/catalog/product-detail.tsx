import { CATEGORIES, PRODUCT_TYPES, labelOf, type Product } from '@store/contracts';
import {
  ArrowLeftIcon,
  Badge,
  Button,
  CartIcon,
  CheckIcon,
  Container,
  DownloadIcon,
  MailIcon,
  Price,
  ShieldIcon,
  Skeleton,
  StarRating,
  visuallyHidden,
} from '@store/ui';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useHydrated } from '@tanstack/react-router';
import { ProductReviews } from '../reviews/product-reviews.tsx';
import { NO_REVIEWS_YET, ratingValue, reviewsLabel } from '../reviews/rating-text.ts';
import { REVIEWS_ANCHOR } from '../reviews/reviews-anchor.ts';
import { trialLabel } from '../subscriptions/billing.ts';
import { SubscribeButton } from '../subscriptions/subscribe-button.tsx';
import { SubscriptionPrice } from '../subscriptions/subscription-price.tsx';
import { addToCart, isSoldOut } from './add-to-cart.ts';
import * as styles from './product-detail.css.ts';
import { ProductGallery, galleryImages } from './product-gallery.tsx';
import { productQueryOptions } from './queries.ts';
import { PackageContents } from './package-contents.tsx';
import { SystemRequirements } from './system-requirements.tsx';

const route = getRouteApi('/products/$id');

const NOTES = [
  { text: 'Instant download after payment', Icon: DownloadIcon },
  { text: '30-day warranty', Icon: ShieldIcon },
  { text: 'Free support', Icon: MailIcon },
] as const;

const SUBSCRIPTION_NOTES = [
  { text: 'Key and downloads while subscribed', Icon: DownloadIcon },
  { text: 'Cancel at any time', Icon: ShieldIcon },
  { text: 'Free support', Icon: MailIcon },
] as const;

/** Splits the detailed description into paragraphs at blank lines; single line breaks stay inside them. */
export function paragraphsOf(text: string): string[] {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

/** /products/{id}: the route's loader has put the product in the cache. */
export function ProductDetailPage() {
  const { id } = route.useParams();
  const { data: product } = useSuspenseQuery(productQueryOptions(id));
  return <ProductDetail product={product} />;
}

export function ProductDetail({ product }: { product: Product }) {
  const soldOut = isSoldOut(product);
  // A server-rendered page's buttons do nothing until its script has run: they wait disabled, not ignore a click.
  const ready = useHydrated();
  const paragraphs = paragraphsOf(product.detailed_description);
  const requirements = Object.keys(product.system_requirements ?? {}).length > 0 ? product.system_requirements : null;
  // A subscription is subscribed to from here, billed per period by PayPal (docs/decisions/039-subscription-screens.md).
  const interval = product.product_type === 'subscription' ? product.billing_interval : null;
  const trial = interval ? trialLabel(product.trial_days) : null;

  return (
    <Container className={styles.page}>
      <BackToProducts />

      <div className={styles.top}>
        <ProductGallery key={product.id} title={product.title} images={galleryImages(product)} />

        <div className={styles.info}>
          <div className={styles.badges}>
            <Badge tone="blue">{labelOf(CATEGORIES, product.category)}</Badge>
            <Badge tone="gray">{labelOf(PRODUCT_TYPES, product.product_type)}</Badge>
          </div>
          <h1 className={styles.title}>{product.title}</h1>
          {/* Only real reviews drive the rating, in place of the spec's fixed 4.0 and "250+ users" (docs/decisions/013-storefront.md). */}
          <div className={styles.rating}>
            {product.rating === null ? (
              <a href={`#${REVIEWS_ANCHOR}`} className={styles.ratingLink}>
                {NO_REVIEWS_YET}
              </a>
            ) : (
              <>
                <StarRating rating={product.rating} size={18} />
                <span className={styles.ratingValue}>{ratingValue(product.rating)}</span>
                <a href={`#${REVIEWS_ANCHOR}`} className={styles.ratingLink}>
                  ({reviewsLabel(product.reviews_count)})
                </a>
              </>
            )}
          </div>
          <p>
            <span className={visuallyHidden}>Price: </span>
            {interval ? (
              <SubscriptionPrice amount={product.price} interval={interval} className={styles.price} />
            ) : (
              <Price amount={product.price} className={styles.price} />
            )}
          </p>
          {trial && (
            <p>
              <Badge tone="green">{trial}</Badge>
            </p>
          )}
          {product.description && <p className={styles.lead}>{product.description}</p>}
          <div className={styles.buy}>
            {interval ? (
              <SubscribeButton productId={product.id} title={product.title} returnTo={`/products/${product.id}`} size="lg" disabled={soldOut} />
            ) : (
              <Button size="lg" disabled={soldOut || !ready} onClick={() => addToCart(product)}>
                {soldOut ? (
                  'Out of stock'
                ) : (
                  <>
                    <CartIcon size={20} /> Add to Cart
                  </>
                )}
              </Button>
            )}
          </div>
          <ul className={styles.notes} aria-label="Purchase notes">
            {(interval ? SUBSCRIPTION_NOTES : NOTES).map(({ text, Icon }) => (
              <li key={text} className={styles.note}>
                <Icon size={18} className={styles.noteIcon} />
                {text}
              </li>
            ))}
          </ul>
        </div>
      </div>

      <div className={styles.details}>
        <section className={styles.section} aria-labelledby="product-description">
          <h2 id="product-description" className={styles.sectionTitle}>
            Description
          </h2>
          <div className={styles.description}>
            {paragraphs.map((paragraph, index) => (
              <p key={index} className={styles.paragraph}>
                {paragraph}
              </p>
            ))}
          </div>
        </section>

        <div className={styles.aside}>
          <PackageContents product={product} />
          {product.features.length > 0 && (
            <section className={styles.section} aria-labelledby="product-features">
              <h2 id="product-features" className={styles.sectionTitle}>
                Key features
              </h2>
              <ul className={styles.features}>
                {product.features.map((feature, index) => (
                  <li key={index} className={styles.feature}>
                    <CheckIcon size={18} className={styles.featureIcon} />
                    {feature}
                  </li>
                ))}
              </ul>
            </section>
          )}
          {requirements && (
            <section className={styles.section} aria-labelledby="product-requirements">
              <h2 id="product-requirements" className={styles.sectionTitle}>
                System requirements
              </h2>
              <SystemRequirements requirements={requirements} />
            </section>
          )}
        </div>
      </div>

      <ProductReviews product={product} />
    </Container>
  );
}

function BackToProducts() {
  return (
    <Link to="/products" className={styles.back}>
      <ArrowLeftIcon size={16} />
      Back to products
    </Link>
  );
}

/** The route's pending view: the page's shape while the product loads. */
export function ProductDetailSkeleton() {
  return (
    <Container className={styles.page}>
      <span className={visuallyHidden} role="status">
        Loading product…
      </span>
      <div className={styles.top} aria-hidden="true">
        <Skeleton width="100%" height="auto" className={styles.skeletonImage} />
        <div className={styles.info}>
          <div className={styles.badges}>
            <Skeleton width="72px" height="22px" radius="999px" />
            <Skeleton width="64px" height="22px" radius="999px" />
          </div>
          <Skeleton width="80%" height="40px" />
          <Skeleton width="160px" height="20px" />
          <Skeleton width="120px" height="40px" />
          <Skeleton width="100%" height="16px" />
          <Skeleton width="90%" height="16px" />
          <Skeleton width="180px" height="48px" radius="10px" />
        </div>
      </div>
    </Container>
  );
}
