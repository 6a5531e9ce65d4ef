import { CheckIcon, Container, DownloadIcon, KeyIcon, ShieldIcon, SparklesIcon, StarIcon, buttonClassName } from '@store/ui';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useSessionSnapshot } from '../session/session-store.ts';
import { paths } from '../site/paths.ts';
import * as styles from './hero.css.ts';

export function Hero() {
  const session = useSessionSnapshot();
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <Container className={styles.layout}>
        <div className={styles.content}>
          <p className={styles.eyebrow}>
            <span className={styles.dot} aria-hidden="true" />
            Instant digital delivery
          </p>
          <h1 id="hero-title" className={styles.title}>
            Premium digital products, <span className={styles.accent}>ready in seconds</span>
          </h1>
          <p className={styles.subtitle}>
            AI tools, software licences, plugins, templates and courses. Pay securely with PayPal and download the moment your order is
            confirmed.
          </p>
          <div className={styles.actions}>
            <Link to={paths.products} className={buttonClassName({ size: 'lg' })}>
              Browse Products
            </Link>
            {session.status === 'loading' ? (
              // Until the session check answers, the place is kept (no shift) but nothing wrong is offered.
              <span className={`${buttonClassName({ size: 'lg', variant: 'secondary' })} ${styles.pending}`} aria-hidden="true">
                My Account
              </span>
            ) : session.user ? (
              <Link to="/account" className={buttonClassName({ size: 'lg', variant: 'secondary' })}>
                My Account
              </Link>
            ) : (
              <Link to={paths.register} className={buttonClassName({ size: 'lg', variant: 'secondary' })}>
                Create Account
              </Link>
            )}
          </div>
        </div>
        <HeroVisual />
      </Container>
    </section>
  );
}

function Tile({ tone, icon, className }: { tone: 'primary' | 'secondary' | 'mixed'; icon: ReactNode; className: string }) {
  return (
    <div className={`${styles.tile} ${className}`}>
      <span className={`${styles.tileIcon} ${styles.tileTone[tone]}`}>{icon}</span>
      <span className={styles.tileLines}>
        <span className={`${styles.line} ${styles.lineLong}`} />
        <span className={`${styles.line} ${styles.lineShort}`} />
      </span>
      <span className={styles.tileStars}>
        {[0, 1, 2, 3, 4].map((star) => (
          <StarIcon key={star} size={12} filled />
        ))}
      </span>
    </div>
  );
}

/**
 * The desktop hero's picture, drawn in CSS and the icon set: a few product tiles and the "delivered"
 * note. Decorative, no download; hidden below `lg`, where the text takes the whole width.
 */
function HeroVisual() {
  return (
    <div className={styles.visual} aria-hidden="true" data-testid="hero-visual">
      <div className={styles.glow} />
      <Tile tone="primary" icon={<SparklesIcon size={28} />} className={styles.tileBack} />
      <Tile tone="secondary" icon={<ShieldIcon size={28} />} className={styles.tileMiddle} />
      <Tile tone="mixed" icon={<KeyIcon size={28} />} className={styles.tileFront} />
      <div className={`${styles.chip} ${styles.chipDelivered}`}>
        <span className={styles.chipIcon}>
          <CheckIcon size={14} />
        </span>
        Order paid · keys delivered
      </div>
      <div className={`${styles.chip} ${styles.chipDownload}`}>
        <DownloadIcon size={14} />
        Instant download
      </div>
    </div>
  );
}
