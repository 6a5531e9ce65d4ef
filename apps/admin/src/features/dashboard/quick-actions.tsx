import { CartIcon, PlusIcon, SparklesIcon, UserIcon } from '@store/ui';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import * as layout from '../layout/admin-layout.css.ts';
import { SETTINGS_PATH } from '../layout/admin-paths.ts';
import * as styles from './dashboard.css.ts';

function Action({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <>
      <span className={styles.actionIcon} aria-hidden="true">
        {icon}
      </span>
      {children}
    </>
  );
}

/** Shortcuts to the other screens (spec: admin dashboard). */
export function QuickActions() {
  return (
    <nav className={layout.panel} aria-labelledby="quick-actions-title">
      <div className={layout.panelHeader}>
        <h2 id="quick-actions-title" className={layout.sectionTitle}>
          Quick actions
        </h2>
      </div>
      <ul className={styles.actions}>
        <li>
          {/* `new` opens the products screen's Add Product form. */}
          <Link to="/products" search={{ new: 1 }} className={styles.action}>
            <Action icon={<PlusIcon />}>Add Product</Action>
          </Link>
        </li>
        <li>
          <Link to="/orders" className={styles.action}>
            <Action icon={<CartIcon />}>View Orders</Action>
          </Link>
        </li>
        <li>
          <Link to="/users" className={styles.action}>
            <Action icon={<UserIcon />}>Users</Action>
          </Link>
        </li>
        <li>
          <Link to={SETTINGS_PATH} className={styles.action}>
            <Action icon={<SparklesIcon />}>Settings</Action>
          </Link>
        </li>
      </ul>
    </nav>
  );
}
