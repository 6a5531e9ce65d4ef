import { useState } from 'react';
import * as styles from './logo.css.ts';

/** Up to two letters for a name: `KeyVault` → `KV`, `Digital goods store` → `DG`, `acme` → `A`. */
export function monogramOf(name: string): string {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  const [first, second] = words;
  if (!first) return '?';
  if (second) return (initial(first) + initial(second)).toUpperCase();
  const capitals = first.match(/\p{Lu}/gu) ?? [];
  return capitals.length >= 2 ? capitals.slice(0, 2).join('') : initial(first).toUpperCase();
}

function initial(word: string): string {
  return Array.from(word)[0] ?? '';
}

export interface LogoProps {
  /** The uploaded logo's absolute address; without one (or when it fails to load) a monogram shows. */
  src?: string | null;
  /** The site name, for the monogram and the image's text alternative. */
  name: string;
  /** Width and height in pixels; the image keeps its proportions inside that box. */
  size?: number;
  /** Hidden from screen readers, when the site name is written right beside the logo. */
  decorative?: boolean;
  className?: string;
}

export function Logo({ src, name, size = 32, decorative = false, className }: LogoProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const alt = decorative ? '' : `${name} logo`;

  if (src && src !== failedSrc) {
    return (
      <img
        src={src}
        width={size}
        height={size}
        alt={alt}
        decoding="async"
        className={[styles.image, className].filter(Boolean).join(' ')}
        style={{ width: size, height: size }}
        onError={() => setFailedSrc(src)}
      />
    );
  }

  return (
    <span
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': alt })}
      data-logo-placeholder=""
      className={[styles.monogram, className].filter(Boolean).join(' ')}
      style={{ width: size, height: size, fontSize: Math.round(size * 0.4) }}
    >
      {monogramOf(name)}
    </span>
  );
}
