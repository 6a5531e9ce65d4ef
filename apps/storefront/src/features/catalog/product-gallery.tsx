import { useState } from 'react';
import * as styles from './product-gallery.css.ts';
import { MAIN_IMAGE_SIZES, ProductImage } from './product-image.tsx';

/** Every picture of a product: the `images`, else the single `image`; none leaves the placeholder. */
export function galleryImages(product: { images?: readonly string[]; image?: string | null }): string[] {
  const images = (product.images ?? []).filter(Boolean);
  if (images.length > 0) return images;
  return product.image ? [product.image] : [];
}

/** A thumbnail's button is 80 px wide (product-gallery.css.ts). */
const THUMB_IMAGE_SIZES = '80px';

export interface ProductGalleryProps {
  title: string;
  images: readonly string[];
}

/** The main picture and, when there are several, a row of thumbnails that choose it. */
export function ProductGallery({ title, images }: ProductGalleryProps) {
  const [selected, setSelected] = useState(0);
  const current = images[Math.min(selected, images.length - 1)] ?? null;

  return (
    <div className={styles.gallery}>
      <ProductImage
        src={current}
        alt={images.length > 1 ? `${title}, image ${selected + 1} of ${images.length}` : title}
        priority
        sizes={MAIN_IMAGE_SIZES}
        className={styles.main}
      />
      {images.length > 1 && (
        <ul className={styles.thumbs} aria-label="Product images">
          {images.map((src, index) => (
            <li key={`${index}-${src.slice(0, 64)}`}>
              <button
                type="button"
                className={styles.thumb}
                aria-label={`Show image ${index + 1} of ${images.length}`}
                aria-pressed={index === selected}
                onClick={() => setSelected(index)}
              >
                <ProductImage src={src} alt="" sizes={THUMB_IMAGE_SIZES} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
