import { Link, linkOptions } from '@tanstack/react-router';
import * as styles from './settings.css.ts';

const SETTINGS_TABS = [
  { ...linkOptions({ to: '/settings' }), label: 'Store settings', exact: true },
  { ...linkOptions({ to: '/settings/system' }), label: 'System', exact: true },
] as const;

/**
 * The two screens under Settings in the sidebar: the store's settings form, and the System status page
 * (/admin/settings/system) staff read during an incident. The current one is marked by `aria-current`, not colour alone.
 */
export function SettingsTabs() {
  return (
    <nav aria-label="Settings sections">
      <ul className={styles.tabs}>
        {SETTINGS_TABS.map((tab) => (
          <li key={tab.to}>
            <Link to={tab.to} className={styles.tab} activeOptions={{ exact: tab.exact }}>
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
