import { ImageIcon, resolveAssetUrl } from '@store/ui';
import { useState } from 'react';
import { env } from '../../env.ts';
import * as styles from './cart-page.css.ts';

/** A line's picture in a fixed-size box (no layout shift); a placeholder when there is none or it fails to load. */
export function LineImage({ src }: { src: string | null }) {
  const url = resolveAssetUrl(src, env.apiBase);
  const [failed, setFailed] = useState(false);
  return (
    <span className={styles.imageBox}>
      {url && !failed ? (
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
      ) : (
        <ImageIcon size={28} />
      )}
    </span>
  );
}
