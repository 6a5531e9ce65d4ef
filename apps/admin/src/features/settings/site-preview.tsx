import { Logo, buttonClassName, loadSiteFont, resolveAssetUrl, themeVars } from '@store/ui';
import { useEffect } from 'react';
import { env } from '../../env.ts';
import * as styles from './settings.css.ts';

export interface SitePreviewProps {
  siteName: string;
  logoUrl: string | null;
  primary: string;
  secondary: string;
  font: string;
}

/**
 * The live preview: a heading, text, a badge and buttons in the colours and font being edited, through
 * the same inline theme variables the apps' roots apply. The chosen font is fetched for real.
 */
export function SitePreview({ siteName, logoUrl, primary, secondary, font }: SitePreviewProps) {
  useEffect(() => {
    void loadSiteFont(font);
  }, [font]);

  const name = siteName.trim() || 'Your store';
  return (
    <aside className={styles.previewAside} aria-labelledby="settings-preview-title">
      <h2 id="settings-preview-title" className={styles.sectionTitle}>
        Live preview
      </h2>
      <div className={styles.preview} style={themeVars({ primary_color: primary, secondary_color: secondary, font_family: font })} data-testid="settings-preview">
        <div className={styles.previewBrand}>
          <Logo src={resolveAssetUrl(logoUrl, env.apiBase)} name={name} size={28} decorative />
          <span>{name}</span>
        </div>
        <span className={styles.previewBadge}>New arrival</span>
        <p className={styles.previewHeading}>Premium digital tools</p>
        <p className={styles.previewText}>
          Instant delivery after payment. This text is set in {font}; buttons, links and badges use your colours.
        </p>
        {/* Pictures of the shop's controls, not controls: nothing here can be pressed. */}
        <div className={styles.previewButtons} aria-hidden="true">
          <span className={buttonClassName()} data-testid="preview-primary-button">
            Add to Cart
          </span>
          <span className={[buttonClassName(), styles.previewSecondaryButton].join(' ')}>Buy now</span>
        </div>
        <span className={styles.previewLink} aria-hidden="true">
          View details
        </span>
      </div>
    </aside>
  );
}
