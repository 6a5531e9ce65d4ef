import { Link } from '@tanstack/react-router';
import { ADMIN_NAV } from './admin-paths.ts';
import * as styles from './admin-layout.css.ts';

/** The admin sections: a sidebar on wide screens, a scrolling strip under the header on small ones. */
export function AdminNav() {
  return (
    <nav aria-label="Admin" className={styles.nav}>
      <ul className={styles.navList}>
        {ADMIN_NAV.map((item) => (
          <li key={item.to}>
            <Link to={item.to} className={styles.navLink} activeOptions={{ exact: item.exact }}>
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
