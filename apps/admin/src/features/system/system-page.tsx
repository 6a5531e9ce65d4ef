import { usePageTitle } from '@store/shell';
import { Button, Notice, Skeleton, withDetail } from '@store/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import * as layout from '../layout/admin-layout.css.ts';
import { SettingsTabs } from '../settings/settings-tabs.tsx';
import { ADMIN_LOCALE } from '../site/format.ts';
import { adminSystemStatusQueryOptions, SYSTEM_REFRESH_MS } from './queries.ts';
import { ReadinessPart, SystemParts, WarningsSummary } from './system-parts.tsx';
import { systemWarnings } from './system-status.ts';
import * as styles from './system.css.ts';

export const SYSTEM_LOAD_FAILED = 'The system status could not be loaded';

const CLOCK = new Intl.DateTimeFormat(ADMIN_LOCALE, { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/**
 * The instance that answered the answer before this one, when it is not the one that answered this one (behind
 * a load balancer, refreshes meet different instances; staff comparing figures should know).
 */
function usePreviousInstance(instance: string | undefined, answeredAt: number): string | null {
  const [seen, setSeen] = useState<{ at: number; current: string | null; previous: string | null }>({
    at: 0,
    current: null,
    previous: null,
  });
  if (instance !== undefined && answeredAt !== seen.at) setSeen({ at: answeredAt, current: instance, previous: seen.current });
  const previous = seen.at === answeredAt ? seen.previous : seen.current;
  return previous !== null && previous !== instance ? previous : null;
}

/**
 * /admin/settings/system: the store's health for staff during an incident (docs/decisions/058-operations.md):
 * readiness check by check, then the version and instance, database, migrations, Redis, the mail and webhook
 * outboxes, payment reconciliation and storage, with what needs attention at the top. Asked again every 15 s
 * while the tab is visible, and on Refresh. A failed check keeps the last answer on screen under the error.
 */
export function SystemPage() {
  usePageTitle('System');
  const status = useQuery(adminSystemStatusQueryOptions());
  const [refreshing, setRefreshing] = useState(false);
  const previousInstance = usePreviousInstance(status.data?.instance, status.dataUpdatedAt);

  // The button spins for staff's own refresh only: the automatic one every 15 s would make it flicker.
  const refresh = async () => {
    setRefreshing(true);
    try {
      await status.refetch();
    } finally {
      setRefreshing(false);
    }
  };

  const checkedAt = status.data ? new Date(status.dataUpdatedAt) : null;
  const warnings = status.data ? systemWarnings(status.data, status.dataUpdatedAt) : [];

  return (
    <div className={layout.stack}>
      <SettingsTabs />
      <div className={layout.pageHeader}>
        <div>
          <h1 className={layout.pageTitle}>System</h1>
          <p className={layout.pageSubtitle}>
            {checkedAt ? (
              <>
                Checked at <time dateTime={checkedAt.toISOString()}>{CLOCK.format(checkedAt)}</time> · refreshed every{' '}
                {SYSTEM_REFRESH_MS / 1000} s
              </>
            ) : (
              'The store’s health, as the instance that answers sees it.'
            )}
          </p>
        </div>
        <Button variant="secondary" loading={refreshing} onClick={() => void refresh()}>
          Refresh
        </Button>
      </div>

      {status.isError && (
        <Notice tone="danger" live="alert">
          {status.data && checkedAt
            ? `${withDetail('The last check failed', status.error)}. Shown below: the answer of ${CLOCK.format(checkedAt)}.`
            : withDetail(SYSTEM_LOAD_FAILED, status.error)}
        </Notice>
      )}

      {status.data ? (
        <>
          <ReadinessPart readiness={status.data.readiness} />
          <WarningsSummary warnings={warnings} />
          <SystemParts status={status.data} now={status.dataUpdatedAt} warnings={warnings} previousInstance={previousInstance} />
        </>
      ) : (
        status.isPending && (
          <div className={styles.loading} aria-busy="true" aria-label="Loading the system status">
            <Skeleton width="100%" height="220px" radius="16px" />
            <Skeleton width="100%" height="320px" radius="16px" />
          </div>
        )
      )}
    </div>
  );
}
