import { type GuestOrderView, type Order, type OrderDownload, type OrderItem, type OrderItemMember, isFullOrder } from '@store/contracts';
import { CopyButton, DownloadIcon, KeyIcon, buttonClassName, resolveAssetUrl } from '@store/ui';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef } from 'react';
import toast from 'react-hot-toast';
import { env } from '../../env.ts';
import { downloadUsage, formatFileSize } from './order-format.ts';
import * as styles from './orders.css.ts';
import { orderKeys } from './queries.ts';

/**
 * How long after a Download click the order is asked again: the API counts a download when the file's
 * request reaches it, which the browser sends just after the click, so asking at once would miss it.
 */
export const DOWNLOAD_COUNT_REFRESH_MS = 1500;

/** The note that takes a file's Download button when its limit is used up (the API would refuse with 403). */
export const DOWNLOAD_LIMIT_REACHED = 'Download limit reached. Contact us with your order number for help.';

function hasGoods(item: OrderItem): boolean {
  return (item.keys?.length ?? 0) > 0 || (item.downloads?.length ?? 0) > 0;
}

/** Whether an order answer carries anything to hand over; a summary (no access token) never does. */
export function orderHasGoods(order: GuestOrderView): order is Order {
  return isFullOrder(order) && order.goods_included && order.items.some(hasGoods);
}

/**
 * The delivered goods of an order: per line its licence keys (each with a Copy key button) and its files
 * (each with a Download button and how much of its download limit is used). Download links are signed
 * for a day by default; the pages refetch the order every 10 minutes, and shortly after each download.
 */
export function DeliveredGoods({ order, headingLevel = 2 }: { order: Order; headingLevel?: 2 | 4 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h4';
  const refreshSoon = useRefreshSoon();
  const delivered = order.items.filter(hasGoods);
  if (!order.goods_included || delivered.length === 0) return null;
  return (
    // In a list of orders each block names its order too: regions of one page need names of their own (axe landmark-unique).
    <section
      className={headingLevel === 2 ? styles.card : styles.nestedGoods}
      aria-labelledby={headingLevel === 2 ? `goods-${order.id}` : `goods-${order.id} order-${order.id}`}
    >
      <Heading id={`goods-${order.id}`} className={styles.cardTitle}>
        Your products
      </Heading>
      <ul className={styles.goods}>
        {delivered.map((item) => (
          <DeliveredLine key={item.id} item={item} onDownload={refreshSoon} />
        ))}
      </ul>
    </section>
  );
}

/**
 * Marks every order query (or those under `queryKey`) stale a moment after a download starts, so the one on
 * screen (the order page's, or the account's list) comes back with the new download count. Later clicks restart the wait.
 */
export function useRefreshSoon(queryKey: QueryKey = orderKeys.all): () => void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void queryClient.invalidateQueries({ queryKey }), DOWNLOAD_COUNT_REFRESH_MS);
  }, [queryClient, queryKey]);
}

function DeliveredLine({ item, onDownload }: { item: OrderItem; onDownload: () => void }) {
  const titleId = useId();
  return (
    <li className={styles.good}>
      <p id={titleId} className={styles.goodTitle}>
        {item.title}
        {item.quantity > 1 && <span className={styles.muted}>× {item.quantity}</span>}
      </p>
      {item.members ? (
        // A package: its goods by product (docs/decisions/038-packages.md).
        <ul className={styles.goods} aria-label={`Contents of ${item.title}`}>
          {item.members.map((member) => (
            <DeliveredMember key={member.product_id} member={member} units={item.quantity * member.quantity} onDownload={onDownload} />
          ))}
        </ul>
      ) : (
        <Goods title={item.title} keys={item.keys} downloads={item.downloads} titleId={titleId} onDownload={onDownload} />
      )}
    </li>
  );
}

function DeliveredMember({ member, units, onDownload }: { member: OrderItemMember; units: number; onDownload: () => void }) {
  const titleId = useId();
  return (
    <li className={styles.memberGood}>
      <p id={titleId} className={styles.goodTitle}>
        {member.title}
        {units > 1 && <span className={styles.muted}>× {units}</span>}
      </p>
      <Goods title={member.title} keys={member.keys} downloads={member.downloads} titleId={titleId} onDownload={onDownload} />
    </li>
  );
}

interface GoodsProps {
  title: string;
  keys: readonly string[] | undefined;
  downloads: readonly OrderDownload[] | undefined;
  titleId: string;
  onDownload: () => void;
}

/** The keys and files of one line, or of one product of a package line. */
function Goods({ title, keys, downloads, titleId, onDownload }: GoodsProps) {
  return (
    <>
      {keys && keys.length > 0 && (
        <ul className={styles.keys} aria-label={`Licence keys for ${title}`}>
          {keys.map((key, index) => (
            <KeyRow key={key} value={key} id={`${titleId}-key-${index}`} />
          ))}
        </ul>
      )}
      {downloads && downloads.length > 0 && (
        <ul className={styles.files} aria-label={`Files for ${title}`}>
          {downloads.map((file) => (
            <FileRow key={file.file_id} file={file} onDownload={onDownload} />
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * One file with its Download button and its count; at the limit, `limitNote` takes the button's place (an
 * order's by default; a subscription's says when the limit starts again).
 */
export function FileRow({ file, onDownload, limitNote = DOWNLOAD_LIMIT_REACHED }: { file: OrderDownload; onDownload: () => void; limitNote?: string }) {
  const href = resolveAssetUrl(file.url, env.apiBase);
  const usage = downloadUsage(file);
  return (
    <li className={styles.fileRow}>
      <div className={styles.fileInfo}>
        <span className={styles.fileName}>{file.name}</span>
        <span className={styles.fileMeta}>
          <span>{formatFileSize(file.size)}</span>
          <span>{usage.used}</span>
          <span>{usage.left}</span>
        </span>
      </div>
      {usage.exhausted ? (
        <p className={styles.limitReached}>{limitNote}</p>
      ) : (
        href && (
          <a
            href={href}
            download
            className={`${buttonClassName({ variant: 'secondary', size: 'sm' })} ${styles.download}`}
            aria-label={`Download ${file.name}`}
            onClick={onDownload}
          >
            <DownloadIcon size={16} />
            Download
          </a>
        )
      )}
    </li>
  );
}

export function KeyRow({ value, id }: { value: string; id: string }) {
  return (
    <li className={styles.keyRow}>
      <KeyIcon size={16} />
      <code id={id} className={styles.key}>
        {value}
      </code>
      <CopyButton
        text={value}
        label="Copy key"
        aria-describedby={id}
        onError={() => toast.error('Could not copy the key. Select it and copy it by hand.')}
      />
    </li>
  );
}
