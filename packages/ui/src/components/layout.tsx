import type { CSSProperties, ReactNode } from 'react';
import * as styles from './layout.css.ts';

export { visuallyHidden } from './layout.css.ts';

export interface AppRootProps {
  /** The site's theme variables (`themeVars(siteInfo)`), so they reach every part of the app. */
  style?: CSSProperties;
  children: ReactNode;
}

/** The outermost element of an app: full height, header on top, footer at the bottom. */
export function AppRoot({ style, children }: AppRootProps) {
  return (
    <div className={styles.appRoot} style={style}>
      {children}
    </div>
  );
}

export const MAIN_CONTENT_ID = 'main-content';

export function SkipLink({ children = 'Skip to content' }: { children?: ReactNode }) {
  return (
    <a className={styles.skipLink} href={`#${MAIN_CONTENT_ID}`}>
      {children}
    </a>
  );
}

export function Main({ children }: { children: ReactNode }) {
  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1} className={styles.main}>
      {children}
    </main>
  );
}

export function Container({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={[styles.container, className].filter(Boolean).join(' ')}>{children}</div>;
}

/** The class of `Container`, for elements that must be something else than a div (a header row, a footer). */
export const containerClassName = styles.container;
