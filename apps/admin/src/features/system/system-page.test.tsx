import { DEFAULT_SITE_SETTINGS, type SystemStatus } from '@store/contracts';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupAdminApi, signInAsAdmin } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render.tsx';

const api = setupAdminApi();

const MINUTE = 60_000;
const GiB = 1024 ** 3;
/** A time `ms` before now: the screen measures ages with the browser's clock. */
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

/** A healthy store on PostgreSQL, as GET /api/admin/system answers it. */
function aSystemStatus(): SystemStatus {
  return {
    readiness: {
      status: 'ready',
      checks: [
        { name: 'database', ok: true, ms: 1.24, detail: null },
        { name: 'migrations', ok: true, ms: 0.3, detail: '42 of 42 applied' },
        { name: 'redis', ok: true, ms: 0.8, detail: null },
        { name: 'storage', ok: true, ms: 12.6, detail: null },
        { name: 'shutdown', ok: true, ms: 0, detail: null },
      ],
    },
    version: '1.8.0',
    node_version: 'v22.11.0',
    instance: 'web-1:4242',
    started_at: ago(3 * 60 * MINUTE + 5 * MINUTE),
    database: { kind: 'postgres', server_version: '16.4', size_bytes: 1.5 * GiB, pool: { total: 5, idle: 3, waiting: 0 } },
    migrations: { known: 42, applied: 42, latest: '0042_system_status', pending: [] },
    redis: { state: 'ready', ms: 0.8 },
    mail: { configured: true, outbox: { pending: 1, failed: 0, oldest_pending_at: ago(2 * MINUTE) } },
    webhooks: { outbox: { pending: 0, failed: 3, oldest_pending_at: null } },
    reconciliation: { interval_seconds: 300, last_success_at: ago(4 * MINUTE), orders_awaiting: 2 },
    storage: { driver: 'fs', location: '/var/lib/store/uploads', free_bytes: 40 * GiB, total_bytes: 100 * GiB },
  };
}

async function openSystem() {
  renderApp('/admin/settings/system');
  expect(await screen.findByRole('heading', { level: 1, name: 'System' })).toBeInTheDocument();
  await screen.findByRole('heading', { name: 'Readiness' });
}

const part = (name: string) => within(screen.getByRole('region', { name }));
/** A fact of a part: the `dd` after the `dt` named `label`. */
const fact = (region: string, label: string) => {
  const term = part(region).getByText(label, { selector: 'dt' });
  const value = term.nextElementSibling;
  if (!value) throw new Error(`No value for ${label}`);
  return value;
};

describe('the System screen', { timeout: 30_000 }, () => {
  beforeEach(() => {
    signInAsAdmin(api);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a ready store: each check with its result and time, then the instance, database, migrations, Redis, mail, webhooks, reconciliation and storage', async () => {
    api.on('adminSystemStatus', aSystemStatus());
    await openSystem();

    expect(document.title).toMatch(/^System/);
    expect(part('Readiness').getByText('Ready')).toBeInTheDocument();
    expect(screen.getByText(/Every check passed/)).toBeInTheDocument();
    expect(screen.getByText(/^Checked at/)).toHaveTextContent(/Checked at \d\d:\d\d:\d\d · refreshed every 15 s/);
    const checks = within(screen.getByRole('table', { name: 'Readiness checks' }));
    const rows = checks.getAllByRole('row').slice(1);
    expect(rows.map((row) => row.querySelector('td[data-label="Check"]')?.textContent)).toEqual([
      'Database',
      'Migrations',
      'Redis',
      'Storage',
      'Shutdown',
    ]);
    expect(rows[0]).toHaveTextContent('Passed');
    expect(rows[0]?.querySelector('td[data-label="Time"]')).toHaveTextContent('1.2 ms');
    expect(rows[1]?.querySelector('td[data-label="Detail"]')).toHaveTextContent('42 of 42 applied');
    expect(rows[3]?.querySelector('td[data-label="Time"]')).toHaveTextContent('13 ms');
    expect(screen.queryByText(/need(s)? attention/)).not.toBeInTheDocument();

    expect(fact('Version and instance', 'Version')).toHaveTextContent('1.8.0');
    expect(fact('Version and instance', 'Node.js')).toHaveTextContent('v22.11.0');
    expect(fact('Version and instance', 'Instance')).toHaveTextContent('web-1:4242');
    expect(fact('Version and instance', 'Instance')).toHaveTextContent('each refresh may reach another one');
    expect(fact('Version and instance', 'Started')).toHaveTextContent('Up 3 h 5 min');

    expect(fact('Database', 'Kind')).toHaveTextContent('PostgreSQL');
    expect(fact('Database', 'Server version')).toHaveTextContent('16.4');
    expect(fact('Database', 'Size')).toHaveTextContent('1.5 GB');
    expect(fact('Database', 'Connections')).toHaveTextContent('2 in use · 3 idle · 0 waiting');

    expect(part('Migrations').getByText('Up to date')).toBeInTheDocument();
    expect(fact('Migrations', 'Applied')).toHaveTextContent('42 of 42');
    expect(fact('Migrations', 'Latest')).toHaveTextContent('0042_system_status');
    expect(fact('Migrations', 'Pending')).toHaveTextContent('None');

    expect(part('Redis').getByText('Ready', { selector: '[data-tone="green"]' })).toBeInTheDocument();
    expect(fact('Redis', 'Round trip')).toHaveTextContent('0.8 ms');

    expect(part('Mail').getByText('Set up')).toBeInTheDocument();
    expect(fact('Mail', 'Sending')).toHaveTextContent('Configured in Settings');
    expect(fact('Mail', 'Waiting')).toHaveTextContent('1');
    expect(fact('Mail', 'Oldest waiting')).toHaveTextContent('2 min ago');

    expect(fact('Webhook deliveries', 'Failed')).toHaveTextContent('3');
    expect(fact('Webhook deliveries', 'Oldest waiting')).toHaveTextContent('No deliveries waiting');
    expect(part('Webhook deliveries').getByRole('link', { name: 'Webhooks' })).toHaveAttribute('href', '/admin/webhooks');

    expect(part('Payment reconciliation').getByText('On time')).toBeInTheDocument();
    expect(fact('Payment reconciliation', 'Runs')).toHaveTextContent('Every 5 min');
    expect(fact('Payment reconciliation', 'Last finished')).toHaveTextContent('4 min ago');
    expect(fact('Payment reconciliation', 'Orders awaiting')).toHaveTextContent('2');

    expect(fact('Storage', 'Driver')).toHaveTextContent('Local disk');
    expect(fact('Storage', 'Folder')).toHaveTextContent('/var/lib/store/uploads');
    expect(fact('Storage', 'Free space')).toHaveTextContent('40 GB free of 100 GB (40%)');
  });

  it('is reached from Settings, under the sidebar’s Settings, and marks itself the current tab', async () => {
    api.on('adminGetSettings', DEFAULT_SITE_SETTINGS);
    api.on('adminSystemStatus', aSystemStatus());
    const user = userEvent.setup();
    renderApp('/admin/settings');
    await screen.findByRole('form', { name: 'Site settings' });

    const tabs = within(screen.getByRole('navigation', { name: 'Settings sections' }));
    expect(tabs.getByRole('link', { name: 'Store settings' })).toHaveAttribute('aria-current', 'page');
    await user.click(tabs.getByRole('link', { name: 'System' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'System' })).toBeInTheDocument();
    const after = within(screen.getByRole('navigation', { name: 'Settings sections' }));
    expect(after.getByRole('link', { name: 'System' })).toHaveAttribute('aria-current', 'page');
    expect(after.getByRole('link', { name: 'Store settings' })).not.toHaveAttribute('aria-current');
    expect(within(screen.getByRole('navigation', { name: 'Admin' })).getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'data-status',
      'active',
    );
  });

  it('shows Not ready with the failed check in words, not colour alone', async () => {
    const status = aSystemStatus();
    api.on('adminSystemStatus', {
      ...status,
      readiness: {
        status: 'not_ready',
        checks: status.readiness.checks.map((check) =>
          check.name === 'database' ? { ...check, ok: false, ms: 2000, detail: 'timed out after 2 s' } : check,
        ),
      },
    });
    await openSystem();

    expect(part('Readiness').getByText('Not ready')).toBeInTheDocument();
    expect(part('Readiness').queryByText('Ready')).not.toBeInTheDocument();
    expect(screen.getByText(/1 of 5 checks failed/)).toHaveTextContent('/readyz answers 503');
    const database = screen.getByRole('table', { name: 'Readiness checks' }).querySelector('td[data-label="Check"]')?.closest('tr');
    if (!database) throw new Error('No database row');
    expect(database).toHaveTextContent('Failed');
    expect(database.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(database).toHaveTextContent('2,000 ms');
    expect(database).toHaveTextContent('timed out after 2 s');
  });

  it('warns of pending migrations, a stuck email, an unreachable Redis, late reconciliation and a nearly full disk, at the top and in each part', async () => {
    const status = aSystemStatus();
    api.on('adminSystemStatus', {
      ...status,
      migrations: { known: 44, applied: 42, latest: '0042_system_status', pending: ['0043_refund_notes', '0044_outbox_index'] },
      redis: { state: 'unreachable', ms: null },
      mail: { configured: true, outbox: { pending: 7, failed: 1, oldest_pending_at: ago(20 * MINUTE) } },
      reconciliation: { interval_seconds: 300, last_success_at: ago(16 * MINUTE), orders_awaiting: 4 },
      storage: { ...status.storage, free_bytes: 0.5 * GiB, total_bytes: 100 * GiB },
    });
    await openSystem();

    const summary = within(screen.getByRole('list', { name: 'Warnings' }));
    expect(screen.getByText('5 things need attention')).toBeInTheDocument();
    expect(summary.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '2 migrations are not applied',
      'Redis is configured but does not answer',
      'The oldest email has waited 20 min',
      'Payment reconciliation last finished 16 min ago',
      'The upload disk is nearly full: 512 MB free of 100 GB (0%)',
    ]);

    expect(part('Migrations').getByText('2 pending')).toBeInTheDocument();
    expect(part('Migrations').getByText('2 migrations are not applied')).toBeInTheDocument();
    expect(fact('Migrations', 'Applied')).toHaveTextContent('42 of 44');
    const pending = part('Migrations').getByRole('list', { name: 'Pending migrations' });
    expect(
      within(pending)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['0043_refund_notes', '0044_outbox_index']);

    expect(part('Redis').getByText('Unreachable', { selector: '[data-tone="red"]' })).toBeInTheDocument();
    expect(part('Redis').getByText('Redis is configured but does not answer')).toBeInTheDocument();
    expect(part('Redis').queryByText('Round trip')).not.toBeInTheDocument();

    expect(part('Mail').getByText('Mail waiting')).toBeInTheDocument();
    expect(fact('Mail', 'Oldest waiting')).toHaveTextContent('20 min ago');
    expect(part('Mail').getByText('The oldest email has waited 20 min')).toBeInTheDocument();

    expect(part('Payment reconciliation').getByText('Late')).toBeInTheDocument();
    expect(part('Payment reconciliation').getByText('Payment reconciliation last finished 16 min ago')).toBeInTheDocument();

    expect(part('Storage').getByText('Low space')).toBeInTheDocument();
    expect(fact('Storage', 'Free space')).toHaveTextContent('512 MB free of 100 GB (0%)');
  });

  it('says reconciliation is off at interval 0 (no warning), Redis not configured, S3 not measured, and links unset mail to its part of Settings', async () => {
    const status = aSystemStatus();
    api.on('adminSystemStatus', {
      ...status,
      redis: { state: 'not_configured', ms: null },
      mail: { configured: false, outbox: { pending: 0, failed: 0, oldest_pending_at: null } },
      reconciliation: { interval_seconds: 0, last_success_at: null, orders_awaiting: 0 },
      storage: { driver: 's3', location: 'store-uploads', free_bytes: null, total_bytes: null },
    });
    await openSystem();

    expect(part('Payment reconciliation').getByText('Off', { selector: '[data-tone="gray"]' })).toBeInTheDocument();
    expect(fact('Payment reconciliation', 'Runs')).toHaveTextContent('Off');
    expect(fact('Payment reconciliation', 'Last finished')).toHaveTextContent('None yet');

    expect(part('Redis').getByText('Not configured', { selector: '[data-tone="gray"]' })).toBeInTheDocument();
    expect(fact('Redis', 'State')).toHaveTextContent('Each instance counts rate limits in its own memory');

    expect(fact('Storage', 'Driver')).toHaveTextContent('S3 bucket');
    expect(fact('Storage', 'Bucket')).toHaveTextContent('store-uploads');
    expect(fact('Storage', 'Free space')).toHaveTextContent('Not measured for S3');

    expect(part('Mail').getByText('Not set up')).toBeInTheDocument();
    expect(part('Mail').getByRole('link', { name: 'Set up email in Settings' })).toHaveAttribute('href', '/admin/settings#settings-email');
    // The one warning: mail.
    expect(screen.getByText('1 thing needs attention')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Warnings' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Email is not set up: mail waits in the outbox']);
  });

  it('shows the API’s detail when the status cannot be loaded', async () => {
    api.on('adminSystemStatus', api.error(403, 'Admins only', 'forbidden'));
    renderApp('/admin/settings/system');

    expect(await screen.findByRole('alert')).toHaveTextContent('The system status could not be loaded: Admins only');
    expect(screen.queryByRole('heading', { name: 'Readiness' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Loading the system status')).not.toBeInTheDocument();
  });

  it('asks again on Refresh, keeps the last answer under a failed check, and notes another instance answering', async () => {
    const first = aSystemStatus();
    api.once('adminSystemStatus', first);
    api.once('adminSystemStatus', { ...first, instance: 'web-2:5151' });
    api.on('adminSystemStatus', api.error(409, 'The database is restarting', 'conflict'));
    const user = userEvent.setup();
    await openSystem();
    expect(fact('Version and instance', 'Instance')).toHaveTextContent('web-1:4242');

    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('web-2:5151')).toBeInTheDocument();
    expect(fact('Version and instance', 'Instance')).toHaveTextContent('Another instance than the last check (web-1:4242)');

    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^The last check failed: The database is restarting\. Shown below: the answer of \d\d:\d\d:\d\d\.$/,
    );
    expect(part('Readiness').getByText('Ready')).toBeInTheDocument();
    expect(api.calls('adminSystemStatus')).toHaveLength(3);
  });

  it('asks again by itself every 15 s', async () => {
    // Only the interval is faked: the fake API's answers and the screen's waits keep real time.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    api.on('adminSystemStatus', aSystemStatus());
    await openSystem();
    expect(api.calls('adminSystemStatus')).toHaveLength(1);

    await act(async () => {
      vi.advanceTimersByTime(14_000);
    });
    expect(api.calls('adminSystemStatus')).toHaveLength(1);
    await act(async () => {
      vi.advanceTimersByTime(1_000);
    });
    await vi.waitFor(() => expect(api.calls('adminSystemStatus')).toHaveLength(2));
  });
});
