import type { OrderDownload, SubscriptionStatus } from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { copiesCounted } from '../delivery/download-allowance.ts';
import type { ResolveTarget } from '../delivery/downloads.ts';
import type { Database } from '../db/schema.ts';
import { AppError, notFound } from '../errors.ts';
import { readSettings } from '../settings/settings-repository.ts';
import { storeNow } from './clock.ts';
import { givesAccess } from './subscription-keys.ts';

/*
 * A subscription's downloads (docs/decisions/041-subscription-downloads.md): its product's current files,
 * while the subscription gives access (the rule of its key). Each file draws on the subscription's own
 * allowance (`subscription_files`), made when the files are first listed or downloaded, with the cap and
 * count of an order line's (decision 035); every paid period gives the limit again.
 */

/** A purpose of its own: an order download's signature (purpose `download`) never opens a subscription's file, nor the reverse. */
const SUBSCRIPTION_DOWNLOAD = 'subscription-download';

const signedValue = (subscriptionId: string, fileId: string, expires: number) => `${subscriptionId}.${fileId}.${expires}`;

/** A signed link to one file of a subscription, valid `DOWNLOAD_LINK_SECONDS`, as an order's. */
export function subscriptionDownloadUrl(app: FastifyInstance, subscriptionId: string, fileId: string, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + app.config.downloadLinkSeconds;
  const signature = app.sign(SUBSCRIPTION_DOWNLOAD, signedValue(subscriptionId, fileId, expires));
  return `/api/subscriptions/${subscriptionId}/downloads/${fileId}?expires=${expires}&signature=${signature}`;
}

function checkLink(app: FastifyInstance, subscriptionId: string, fileId: string, expires: number, signature: string): boolean {
  return expires * 1000 > Date.now() && app.verifySigned(SUBSCRIPTION_DOWNLOAD, signedValue(subscriptionId, fileId, expires), signature);
}

/**
 * Makes the allowances of these subscriptions' current files that do not exist yet, with the product's
 * download limit, for the period paid now; and starts a new period for those whose subscription's period end
 * has moved on (a renewal, a payment after a suspension): its copies and bytes sent start again, the limit is
 * the product's now, and reservations of answers still running stay. One conditional UPDATE, so two parallel
 * first downloads of a new period start it once (the second sees the period already moved and changes nothing).
 */
async function openAllowances(db: Kysely<Database>, subscriptionIds: readonly string[]): Promise<void> {
  if (subscriptionIds.length === 0) return;
  const ids = sql.join(subscriptionIds.map((id) => sql`${id}::uuid`));
  await sql`INSERT INTO subscription_files (subscription_id, file_id, download_limit, period_end)
    SELECT s.id, f.id, p.download_limit, s.current_period_end
    FROM subscriptions s
    JOIN products p ON p.id = s.product_id
    JOIN product_files f ON f.product_id = s.product_id AND f.removed_at IS NULL
    WHERE s.id IN (${ids}) AND s.current_period_end IS NOT NULL
    ON CONFLICT DO NOTHING`.execute(db);
  await sql`UPDATE subscription_files d
    SET period_end = s.current_period_end, download_limit = p.download_limit,
      copies_done = 0, copy_coverage = '{}'::int8multirange, bytes_sent = 0
    FROM subscriptions s JOIN products p ON p.id = s.product_id
    WHERE d.subscription_id = s.id AND s.id IN (${ids}) AND s.current_period_end > d.period_end`.execute(db);
}

interface AccessRow {
  id: string;
  status: SubscriptionStatus;
  current_period_end: Date | null;
}

/** The subscriptions of `rows` that give access now. */
async function withAccess<Row extends AccessRow>(app: FastifyInstance, rows: readonly Row[]): Promise<Row[]> {
  const { subscription_grace_days: graceDays } = await readSettings(app.db, app.dataCipher);
  const now = storeNow(app);
  return rows.filter((row) => givesAccess(row.status, row.current_period_end, graceDays, now));
}

/**
 * The downloads of each subscription that gives access now: its product's current files with fresh signed
 * links and the current period's count. Others have none (their links answer 403 `subscription_inactive`).
 */
export async function subscriptionDownloads(app: FastifyInstance, rows: readonly AccessRow[]): Promise<Map<string, OrderDownload[]>> {
  const bySubscription = new Map<string, OrderDownload[]>();
  const open = (await withAccess(app, rows)).map((row) => row.id);
  if (open.length === 0) return bySubscription;
  await openAllowances(app.db, open);
  const files = await app.db
    .selectFrom('subscription_files as d')
    .innerJoin('product_files as f', 'f.id', 'd.file_id')
    .select(['d.subscription_id', 'd.file_id', 'd.copies_done', 'd.whole_in_flight', 'd.download_limit', 'f.name', 'f.size'])
    .where('d.subscription_id', 'in', open)
    .where('f.removed_at', 'is', null)
    .orderBy('d.subscription_id')
    .orderBy('f.created_at')
    .orderBy('f.id')
    .execute();
  const now = Date.now();
  for (const file of files) {
    const list = bySubscription.get(file.subscription_id) ?? [];
    list.push({
      file_id: file.file_id,
      name: file.name,
      size: Number(file.size),
      url: subscriptionDownloadUrl(app, file.subscription_id, file.file_id, now),
      download_count: copiesCounted(file),
      download_limit: file.download_limit,
    });
    bySubscription.set(file.subscription_id, list);
  }
  return bySubscription;
}

function inactive(status: SubscriptionStatus): AppError {
  const detail =
    status === 'suspended'
      ? 'This subscription is suspended because a payment failed, so its downloads are paused. They work again once the payment goes through: see your account.'
      : status === 'approval_pending'
        ? 'This subscription is not active yet: its downloads work once PayPal confirms it.'
        : 'This subscription has ended or its paid period is over, so its downloads no longer work. Your account shows its status.';
  return new AppError('forbidden', detail, 'subscription_inactive');
}

/**
 * The target of a subscription download link: the signature checked (its own purpose), the file one of the
 * product's current files, the subscription giving access now; its allowance made or moved to the current
 * period before the download draws on it.
 */
export function subscriptionFileTarget(
  app: FastifyInstance,
  params: { id: string; fileId: string },
  query: { expires: number; signature: string },
): ResolveTarget {
  return async () => {
    if (!checkLink(app, params.id, params.fileId, query.expires, query.signature)) {
      throw new AppError('forbidden', 'This download link is invalid or has expired. Open your account for a new one.', 'invalid_download_link');
    }
    const row = await app.db
      .selectFrom('subscriptions as s')
      .innerJoin('product_files as f', 'f.product_id', 's.product_id')
      .select(['s.id', 's.status', 's.current_period_end', 'f.name', 'f.size', 'f.content_type', 'f.storage_key', 'f.sha256', 'f.created_at', 'f.removed_at'])
      .where('s.id', '=', params.id)
      .where('f.id', '=', params.fileId)
      .executeTakeFirst();
    if (!row) throw notFound('Download not found', 'download_not_found');
    if ((await withAccess(app, [row])).length === 0) throw inactive(row.status);
    if (row.removed_at) throw notFound('This file is no longer part of the product. Your account lists its current files.', 'download_not_found');
    await openAllowances(app.db, [row.id]);
    const allowance = await app.db
      .selectFrom('subscription_files')
      .select('download_limit')
      .where('subscription_id', '=', row.id)
      .where('file_id', '=', params.fileId)
      .executeTakeFirst();
    // Staff removed the file in between: no allowance was made for it.
    if (!allowance) throw notFound('This file is no longer part of the product. Your account lists its current files.', 'download_not_found');
    return {
      ledger: { kind: 'subscription', subscriptionId: row.id },
      fileId: params.fileId,
      size: Number(row.size),
      name: row.name,
      contentType: row.content_type,
      storageKey: row.storage_key,
      sha256: row.sha256,
      storedAt: row.created_at,
      downloadLimit: allowance.download_limit,
    };
  };
}
