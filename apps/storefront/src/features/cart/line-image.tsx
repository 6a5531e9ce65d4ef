import { ImageIcon, resolveAssetUrl } from '@store/ui';
import { useState } from 'react';
import { env } from '../../env.ts';
import { variantSources } from '../catalog/product-image.tsx';
import * as styles from './cart-page.css.ts';

/** A line's picture in a fixed-size box (no layout shift); a placeholder when there is none or it fails to load. */
export function LineImage({ src }: { src: string | null }) {
  const url = resolveAssetUrl(src, env.apiBase);
  const [failed, setFailed] = useState(false);
  return (
    <span className={styles.imageBox}>
      {src && url && !failed ? (
        // The smallest variant (320 px) is drawn in an 80-px box: sharp on a screen of up to 4x density.
        <picture className={styles.picture}>
          {variantSources(src).map((source) => (
            <source key={source.type} type={source.type} srcSet={source.srcSet} sizes="80px" />
          ))}
          <img
            src={url}
            alt=""
            width={80}
            height={80}
            loading="lazy"
            decoding="async"
            className={styles.image}
            onError={() => setFailed(true)}
          />
        </picture>
      ) : (
        <ImageIcon size={28} />
      )}
    </span>
  );
}
