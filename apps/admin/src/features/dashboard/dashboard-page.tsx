import * as layout from '../layout/admin-layout.css.ts';
import { usePageTitle } from '@store/shell';
import { DashboardStats } from './dashboard-stats.tsx';
import * as styles from './dashboard.css.ts';
import { QuickActions } from './quick-actions.tsx';
import { RecentOrders } from './recent-orders.tsx';
import { RevenueCard } from './revenue-card.tsx';

/** /admin (spec: admin dashboard): the store's figures (with open disputes), revenue per day, the latest orders and shortcuts. */
export function DashboardPage() {
  usePageTitle('Dashboard');
  return (
    <div className={layout.stack}>
      <div className={layout.pageHeader}>
        <div>
          <h1 className={layout.pageTitle}>Dashboard</h1>
          <p className={layout.pageSubtitle}>An overview of the store.</p>
        </div>
      </div>
      <DashboardStats />
      <RevenueCard />
      <div className={styles.columns}>
        <RecentOrders />
        <QuickActions />
      </div>
    </div>
  );
}
