import type { ReadinessCheck, SystemStatus } from '@store/contracts';
import { AlertIcon, Badge, CheckIcon, CloseIcon, DataCell, DataHeaderCell, DataRow, DataTable, Notice } from '@store/ui';
import { Link } from '@tanstack/react-router';
import { useId, type ReactNode } from 'react';
import * as layout from '../layout/admin-layout.css.ts';
import { DetailItem, DetailList } from '../layout/detail-list.tsx';
import { formatAdminDate, formatBytes } from '../site/format.ts';
import {
  CHECK_LABELS,
  DATABASE_KIND_LABELS,
  STORAGE_DRIVER_LABELS,
  ageOf,
  diskSpace,
  formatAgo,
  formatDuration,
  formatInterval,
  formatMs,
  mailStuckFor,
  reconciliationLateBy,
  type SystemPart,
  type SystemWarning,
} from './system-status.ts';
import * as styles from './system.css.ts';

/** good: working; warning: asks for a look; bad: broken; neutral: off or not set up, by choice. */
export type Health = 'good' | 'warning' | 'bad' | 'neutral';

const HEALTH_TONES = { good: 'green', warning: 'yellow', bad: 'red', neutral: 'gray' } as const;

/** A state in words, with an icon and a colour that repeat them (never the colour alone). */
export function HealthBadge({ health, children }: { health: Health; children: ReactNode }) {
  const icon =
    health === 'good' ? (
      <CheckIcon size={14} />
    ) : health === 'bad' ? (
      <CloseIcon size={14} />
    ) : health === 'warning' ? (
      <AlertIcon size={14} />
    ) : null;
  return (
    <Badge tone={HEALTH_TONES[health]}>
      {icon && <span className={styles.badgeIcon}>{icon}</span>}
      {children}
    </Badge>
  );
}

/** One part of the status: a framed section with its heading, its state badge and its warnings. */
function Part({
  id,
  title,
  badge,
  warnings,
  children,
}: {
  id: string;
  title: string;
  badge?: ReactNode;
  warnings: SystemWarning[];
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section id={`system-${id}`} className={layout.panel} aria-labelledby={titleId}>
      <div className={layout.panelHeader}>
        <h2 id={titleId} className={layout.sectionTitle}>
          {title}
        </h2>
        {badge}
      </div>
      <div className={styles.partBody}>
        {warnings.map((warning) => (
          <Notice key={warning.message} tone="warning" live="none">
            {warning.message}
          </Notice>
        ))}
        {children}
      </div>
    </section>
  );
}

/** The readiness `/readyz` answers a load balancer, check by check. */
export function ReadinessPart({ readiness }: { readiness: SystemStatus['readiness'] }) {
  const ready = readiness.status === 'ready';
  const failed = readiness.checks.filter((check) => !check.ok).length;
  return (
    <section className={layout.panel} aria-labelledby="system-readiness">
      <h2 id="system-readiness" className={layout.sectionTitle}>
        Readiness
      </h2>
      <p className={styles.readiness}>
        <span className={styles.readinessState} data-ready={ready}>
          {ready ? <CheckIcon size={26} /> : <CloseIcon size={26} />}
          {ready ? 'Ready' : 'Not ready'}
        </span>
        <span className={styles.readinessText}>
          {ready
            ? 'Every check passed: this instance takes requests from the load balancer.'
            : `${failed} of ${readiness.checks.length} ${readiness.checks.length === 1 ? 'check' : 'checks'} failed: a load balancer stops sending this instance requests (/readyz answers 503).`}
        </span>
      </p>
      <DataTable
        caption="Readiness checks"
        columns={
          <>
            <DataHeaderCell>Check</DataHeaderCell>
            <DataHeaderCell>Result</DataHeaderCell>
            <DataHeaderCell align="end">Time</DataHeaderCell>
            <DataHeaderCell>Detail</DataHeaderCell>
          </>
        }
      >
        {readiness.checks.map((check) => (
          <CheckRow key={check.name} check={check} />
        ))}
      </DataTable>
    </section>
  );
}

function CheckRow({ check }: { check: ReadinessCheck }) {
  return (
    <DataRow>
      <DataCell label="Check">{CHECK_LABELS[check.name]}</DataCell>
      <DataCell label="Result" nowrap>
        <HealthBadge health={check.ok ? 'good' : 'bad'}>{check.ok ? 'Passed' : 'Failed'}</HealthBadge>
      </DataCell>
      <DataCell label="Time" align="end" nowrap>
        {formatMs(check.ms)}
      </DataCell>
      <DataCell label="Detail">
        <span className={styles.detail}>{check.detail ?? '—'}</span>
      </DataCell>
    </DataRow>
  );
}

/** Every part's warnings at the top, so nothing is missed further down (a new one is announced politely). */
export function WarningsSummary({ warnings }: { warnings: SystemWarning[] }) {
  if (warnings.length === 0) return null;
  return (
    <Notice tone="warning" title={warnings.length === 1 ? '1 thing needs attention' : `${warnings.length} things need attention`}>
      <ul className={styles.warningList} aria-label="Warnings">
        {warnings.map((warning) => (
          <li key={warning.message}>{warning.message}</li>
        ))}
      </ul>
    </Notice>
  );
}

export interface PartsProps {
  status: SystemStatus;
  /** When the answer came (the browser's clock): the ages are as of then. */
  now: number;
  warnings: SystemWarning[];
  /** The instance that answered the check before, when another one answered this time. */
  previousInstance: string | null;
}

/** The parts under readiness, in the order staff go through them in an incident. */
export function SystemParts({ status, now, warnings, previousInstance }: PartsProps) {
  const of = (part: SystemPart) => warnings.filter((warning) => warning.part === part);
  const when = (at: string | null, none: string) =>
    at ? (
      <time dateTime={at} title={formatAdminDate(at)}>
        {formatAgo(at, now)}
      </time>
    ) : (
      none
    );
  const { database, migrations, redis, mail, webhooks, reconciliation, storage } = status;
  const disk = diskSpace(storage);
  const late = reconciliationLateBy(status, now) !== null;

  return (
    <div className={styles.parts}>
      <Part id="instance" title="Version and instance" warnings={[]}>
        <DetailList>
          <DetailItem label="Version">
            <span className={styles.mono}>{status.version}</span>
          </DetailItem>
          <DetailItem label="Node.js">
            <span className={styles.mono}>{status.node_version}</span>
          </DetailItem>
          <DetailItem label="Instance" wide>
            <span className={styles.mono}>{status.instance}</span>
            <span className={styles.note}>
              {previousInstance
                ? `Another instance than the last check (${previousInstance}): behind a load balancer each refresh may reach another one.`
                : 'The one that answered: behind a load balancer each refresh may reach another one.'}
            </span>
          </DetailItem>
          <DetailItem label="Started" wide>
            <time dateTime={status.started_at}>{formatAdminDate(status.started_at)}</time>
            <span className={styles.note}>Up {formatDuration(ageOf(status.started_at, now))}</span>
          </DetailItem>
        </DetailList>
      </Part>

      <Part id="database" title="Database" warnings={[]}>
        <DetailList>
          <DetailItem label="Kind">{DATABASE_KIND_LABELS[database.kind]}</DetailItem>
          <DetailItem label="Server version">
            <span className={styles.mono}>{database.server_version}</span>
          </DetailItem>
          <DetailItem label="Size">{formatBytes(database.size_bytes)}</DetailItem>
          <DetailItem label="Connections">
            {database.pool.total - database.pool.idle} in use · {database.pool.idle} idle · {database.pool.waiting} waiting
            <span className={styles.note}>This instance’s pool</span>
          </DetailItem>
        </DetailList>
      </Part>

      <Part
        id="migrations"
        title="Migrations"
        badge={
          migrations.pending.length > 0 ? (
            <HealthBadge health="warning">{migrations.pending.length} pending</HealthBadge>
          ) : (
            <HealthBadge health="good">Up to date</HealthBadge>
          )
        }
        warnings={of('migrations')}
      >
        <DetailList>
          <DetailItem label="Applied">
            {migrations.applied} of {migrations.known}
          </DetailItem>
          <DetailItem label="Latest">{migrations.latest ? <span className={styles.mono}>{migrations.latest}</span> : 'None'}</DetailItem>
          <DetailItem label="Pending" wide>
            {migrations.pending.length === 0 ? (
              'None'
            ) : (
              <ul className={styles.nameList} aria-label="Pending migrations">
                {migrations.pending.map((name) => (
                  <li key={name}>{name}</li>
                ))}
              </ul>
            )}
          </DetailItem>
        </DetailList>
      </Part>

      <Part id="redis" title="Redis" badge={<RedisBadge state={redis.state} />} warnings={of('redis')}>
        <DetailList>
          <DetailItem label="State" wide>
            {redis.state === 'not_configured' ? (
              <>
                Not configured
                <span className={styles.note}>Each instance counts rate limits in its own memory.</span>
              </>
            ) : redis.state === 'ready' ? (
              'Ready'
            ) : (
              'Unreachable'
            )}
          </DetailItem>
          {redis.ms !== null && <DetailItem label="Round trip">{formatMs(redis.ms)}</DetailItem>}
        </DetailList>
      </Part>

      <Part
        id="mail"
        title="Mail"
        badge={
          !mail.configured ? (
            <HealthBadge health="warning">Not set up</HealthBadge>
          ) : mailStuckFor(status, now) !== null ? (
            <HealthBadge health="warning">Mail waiting</HealthBadge>
          ) : (
            <HealthBadge health="good">Set up</HealthBadge>
          )
        }
        warnings={of('mail')}
      >
        <DetailList>
          <DetailItem label="Sending" wide>
            {mail.configured ? (
              'Configured in Settings'
            ) : (
              <>
                Not configured
                <span className={styles.note}>
                  <Link to="/settings" hash="settings-email" className={styles.link}>
                    Set up email in Settings
                  </Link>
                </span>
              </>
            )}
          </DetailItem>
          <OutboxItems outbox={mail.outbox} noun="emails" when={when} />
        </DetailList>
      </Part>

      <Part id="webhooks" title="Webhook deliveries" warnings={[]}>
        <DetailList>
          <OutboxItems outbox={webhooks.outbox} noun="deliveries" when={when} />
        </DetailList>
        <p className={styles.aside}>
          A delivery that fails is tried again for 3 days; each endpoint’s deliveries are on the{' '}
          <Link to="/webhooks" className={styles.link}>
            Webhooks
          </Link>{' '}
          screen.
        </p>
      </Part>

      <Part
        id="reconciliation"
        title="Payment reconciliation"
        badge={
          reconciliation.interval_seconds === 0 ? (
            <HealthBadge health="neutral">Off</HealthBadge>
          ) : late ? (
            <HealthBadge health="warning">Late</HealthBadge>
          ) : (
            <HealthBadge health="good">On time</HealthBadge>
          )
        }
        warnings={of('reconciliation')}
      >
        <DetailList>
          <DetailItem label="Runs">
            {formatInterval(reconciliation.interval_seconds)}
            {reconciliation.interval_seconds === 0 && <span className={styles.note}>Unsettled PayPal payments are not asked about.</span>}
          </DetailItem>
          <DetailItem label="Last finished">{when(reconciliation.last_success_at, 'None yet')}</DetailItem>
          <DetailItem label="Orders awaiting" wide>
            {reconciliation.orders_awaiting}
            <span className={styles.note}>Paid at PayPal, perhaps, and not settled by the store yet.</span>
          </DetailItem>
        </DetailList>
      </Part>

      <Part
        id="storage"
        title="Storage"
        badge={
          disk ? (
            disk.low ? (
              <HealthBadge health="warning">Low space</HealthBadge>
            ) : (
              <HealthBadge health="good">Enough space</HealthBadge>
            )
          ) : undefined
        }
        warnings={of('storage')}
      >
        <DetailList>
          <DetailItem label="Driver">{STORAGE_DRIVER_LABELS[storage.driver]}</DetailItem>
          <DetailItem label={storage.driver === 'fs' ? 'Folder' : 'Bucket'} wide>
            <span className={styles.mono}>{storage.location}</span>
          </DetailItem>
          <DetailItem label="Free space" wide>
            {disk
              ? disk.text
              : storage.driver === 's3'
                ? 'Not measured for S3'
                : 'Not known: the folder does not exist yet (it is made at the first upload) or cannot be read'}
          </DetailItem>
        </DetailList>
      </Part>
    </div>
  );
}

function RedisBadge({ state }: { state: SystemStatus['redis']['state'] }) {
  if (state === 'ready') return <HealthBadge health="good">Ready</HealthBadge>;
  if (state === 'unreachable') return <HealthBadge health="bad">Unreachable</HealthBadge>;
  return <HealthBadge health="neutral">Not configured</HealthBadge>;
}

type Outbox = SystemStatus['mail']['outbox'];

/** An outbox's figures: waiting, given up on, and how long the oldest has waited. */
function OutboxItems({ outbox, noun, when }: { outbox: Outbox; noun: string; when: (at: string | null, none: string) => ReactNode }) {
  return (
    <>
      <DetailItem label="Waiting">{outbox.pending}</DetailItem>
      <DetailItem label="Failed">
        {outbox.failed}
        <span className={styles.note}>Given up on</span>
      </DetailItem>
      <DetailItem label="Oldest waiting" wide>
        {when(outbox.oldest_pending_at, `No ${noun} waiting`)}
      </DetailItem>
    </>
  );
}
