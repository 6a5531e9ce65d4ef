import { ImageIcon, resolveAssetUrl } from '@store/ui';
import { useState } from 'react';
import { env } from '../../env.ts';
import * as styles from './product-image.css.ts';

/** The intrinsic size the browser reserves before the file arrives (the catalogue's images are 800 × 600). */
export const IMAGE_WIDTH = 800;
export const IMAGE_HEIGHT = 600;

export interface ProductImageProps {
  /** A path on the API's host (`/uploads/...`), an absolute URL or a data:image URL; null shows the placeholder. */
  src: string | null;
  alt: string;
  /** Above the fold: load at once instead of when scrolled near. */
  eager?: boolean;
  /** The page's main image (the Largest Contentful Paint candidate). */
  priority?: boolean;
  /** `photo`: the whole 4:3 picture. `banner`: a wide band from its middle, for a card (the demo artwork keeps its motif there). */
  shape?: 'photo' | 'banner';
  className?: string;
}

/** A product picture in a fixed box (4:3, or a wide band); a missing or broken image shows a neutral placeholder. */
export function ProductImage({ src, alt, eager = false, priority = false, shape = 'photo', className }: ProductImageProps) {
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  // `/uploads/...` lives on the API's host; anything but http(s) and data:image/ addresses is refused.
  const url = resolveAssetUrl(src, env.apiBase);
  const showImage = url !== null && url !== brokenSrc;

  return (
    <span className={[styles.frame, shape === 'banner' && styles.banner, className].filter(Boolean).join(' ')}>
      {showImage ? (
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
