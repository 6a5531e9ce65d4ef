import { AlertIcon, Button, Skeleton, withDetail } from '@store/ui';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { pageTitle } from '../layout/admin-layout.css.ts';
import { usePageTitle } from '@store/shell';
import { adminSettingsQueryOptions } from './queries.ts';
import { SettingsForm } from './settings-form.tsx';
import { SettingsTabs } from './settings-tabs.tsx';
import * as styles from './settings.css.ts';

const LOAD_FAILED = 'Error loading settings';

/** /admin/settings (spec section 2): loaded from the server, edited in one form, saved as a whole. */
export function SettingsPage() {
  usePageTitle('Settings');
  const settings = useQuery(adminSettingsQueryOptions());
  // Bumped by Reset: the form starts again from what the server answered.
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (settings.isError) toast.error(withDetail(LOAD_FAILED, settings.error), { id: 'settings-load-error' });
  }, [settings.isError, settings.error, settings.errorUpdatedAt]);

  // A link to one section (the System screen's 'Set up email'): the sections exist once the settings are in,
  // after the router's own scroll to the hash has found nothing.
  const hash = useLocation({ select: (location) => location.hash });
  const loaded = settings.data !== undefined;
  useEffect(() => {
    if (loaded && hash) document.getElementById(hash)?.scrollIntoView();
  }, [loaded, hash]);

  const reset = async () => {
    const result = await settings.refetch();
    if (result.isError) {
      toast.error(withDetail(LOAD_FAILED, result.error), { id: 'settings-load-error' });
      return;
    }
    setVersion((count) => count + 1);
  };

  return (
    <div className={styles.page}>
      <SettingsTabs />
      <div className={styles.header}>
        <h1 className={pageTitle}>Settings</h1>
        <p className={styles.subtitle}>Your store's name, look, payment providers and email.</p>
      </div>
      {settings.data ? (
        <SettingsForm key={version} initial={settings.data} onReset={reset} />
      ) : settings.isError ? (
        <div className={styles.section} role="alert">
          <AlertIcon size={28} />
          <h2 className={styles.sectionTitle}>The settings could not be loaded</h2>
          <div>
            <Button variant="secondary" loading={settings.isFetching} onClick={() => void settings.refetch()}>
              Try again
            </Button>
          </div>
        </div>
      ) : (
        <div className={styles.loading} aria-busy="true" aria-label="Loading settings">
          <Skeleton width="100%" height="160px" radius="16px" />
          <Skeleton width="100%" height="240px" radius="16px" />
        </div>
      )}
    </div>
  );
}
