import { IMAGE_VARIANT_FORMATS, IMAGE_VARIANT_MIME, IMAGE_VARIANT_WIDTHS, imageVariantUrl } from '@store/contracts';
import { ImageIcon, resolveAssetUrl } from '@store/ui';
import { useState } from 'react';
import { env } from '../../env.ts';
import * as styles from './product-image.css.ts';

/** The intrinsic size the browser reserves before the file arrives (the catalogue's images are 800 × 600). */
export const IMAGE_WIDTH = 800;
export const IMAGE_HEIGHT = 600;

/**
 * The product page's main picture (product-gallery.tsx): the page's width below 1024 px, then the left column
 * (1.1fr of at most 1200 px, product-detail.css.ts). Here, not in the gallery, so the page head's preload of it
 * (features/seo/route-heads.ts) does not bring the gallery into the first load.
 */
export const MAIN_IMAGE_SIZES = '(min-width: 1024px) 640px, 100vw';

/**
 * The `srcset` of each modern format of an uploaded image (its resized variants, docs/decisions/043-image-variants.md),
 * or none for an image elsewhere (an absolute or data: address is shown as it is).
 */
export function variantSources(src: string): { type: string; srcSet: string }[] {
  return IMAGE_VARIANT_FORMATS.flatMap((format) => {
    const candidates = IMAGE_VARIANT_WIDTHS.map((width) => {
      const url = imageVariantUrl(src, { width, format });
      return url === null ? null : `${resolveAssetUrl(url, env.apiBase)} ${width}w`;
    });
    if (candidates.some((candidate) => candidate === null)) return [];
    return [{ type: IMAGE_VARIANT_MIME[format], srcSet: candidates.join(', ') }];
  });
}

export interface ProductImageProps {
  /** A path on the API's host (`/uploads/...`), an absolute URL or a data:image URL; null shows the placeholder. */
  src: string | null;
  alt: string;
  /** Above the fold: load at once instead of when scrolled near. */
  eager?: boolean;
  /** The page's main image (the Largest Contentful Paint candidate). */
  priority?: boolean;
  /**
   * How wide the picture is drawn at each screen width (the `sizes` attribute): the browser picks the
   * smallest variant that fills it. The default is the whole screen width.
   */
  sizes?: string;
  /** `photo`: the whole 4:3 picture. `banner`: a wide band from its middle, for a card (the demo artwork keeps its motif there). */
  shape?: 'photo' | 'banner';
  className?: string;
}

/** A product picture in a fixed box (4:3, or a wide band); a missing or broken image shows a neutral placeholder. */
export function ProductImage({ src, alt, eager = false, priority = false, sizes = '100vw', shape = 'photo', className }: ProductImageProps) {
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  // `/uploads/...` lives on the API's host; anything but http(s) and data:image/ addresses is refused.
  const url = resolveAssetUrl(src, env.apiBase);
  const showImage = url !== null && url !== brokenSrc;

  return (
    <span className={[styles.frame, shape === 'banner' && styles.banner, className].filter(Boolean).join(' ')}>
      {showImage ? (
        // AVIF, else WebP, at the width `sizes` asks for; the original for a browser that reads neither.
        <picture className={styles.picture}>
          {src !== null && variantSources(src).map((source) => <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />)}
          <img
            src={url}
            alt={alt}
            width={IMAGE_WIDTH}
            height={IMAGE_HEIGHT}
            loading={eager || priority ? 'eager' : 'lazy'}
            decoding="async"
            fetchPriority={priority ? 'high' : undefined}
            className={styles.image}
            onError={() => setBrokenSrc(url)}
          />
        </picture>
      ) : (
        <span
          className={styles.placeholder}
          data-testid="image-placeholder"
          {...(alt === '' ? { 'aria-hidden': true } : { role: 'img', 'aria-label': `${alt} (no image)` })}
        >
          <ImageIcon size={40} />
        </span>
      )}
    </span>
  );
}
