import type { AdminReview } from '@store/contracts';
import { Badge, Button, DataCell, DataHeaderCell, DataRow, DataTable, DataTableEmptyRow, DataTableLoadingRow, StarRating } from '@store/ui';
import * as layout from '../layout/admin-layout.css.ts';
import { formatAdminDate, shortId } from '../site/format.ts';
import * as styles from './reviews.css.ts';

const COLUMNS = 7;

export interface ReviewsTableProps {
  reviews: readonly AdminReview[];
  /** The first load: one loading row. */
  loading: boolean;
  /** A new page or filter loading over the rows shown. */
  busy: boolean;
  /** The review whose Hide/Show is being sent, if any. */
  changing: string | null;
  onSetHidden: (review: AdminReview, hidden: boolean) => void;
}

/** The reviews list, newest first: a table on wide screens, a card per review on phones. */
export function ReviewsTable({ reviews, loading, busy, changing, onSetHidden }: ReviewsTableProps) {
  return (
    <DataTable
      caption="Reviews"
      busy={busy}
      columns={
        <>
          <DataHeaderCell>Date</DataHeaderCell>
          <DataHeaderCell>Product</DataHeaderCell>
          <DataHeaderCell>Author</DataHeaderCell>
          <DataHeaderCell>Rating</DataHeaderCell>
          <DataHeaderCell>Review</DataHeaderCell>
          <DataHeaderCell>Status</DataHeaderCell>
          <DataHeaderCell align="end">Actions</DataHeaderCell>
        </>
      }
    >
      {loading ? (
        <DataTableLoadingRow colSpan={COLUMNS} label="Loading reviews…" />
      ) : reviews.length === 0 ? (
        <DataTableEmptyRow colSpan={COLUMNS} title="No reviews found">
          Buyers&apos; reviews appear here as they are written.
        </DataTableEmptyRow>
      ) : (
        reviews.map((review) => (
          <DataRow key={review.id}>
            <DataCell label="Date" date>
              <time dateTime={review.created_at}>{formatAdminDate(review.created_at)}</time>
            </DataCell>
            <DataCell label="Product">
              <span className={styles.product}>
                <span>{review.product_title}</span>
                <span className={`${layout.mono} ${layout.muted}`} title={review.product_id}>
                  ID {shortId(review.product_id)}
                </span>
              </span>
            </DataCell>
            <DataCell label="Author">{review.username}</DataCell>
            <DataCell label="Rating" nowrap>
              <StarRating rating={review.rating} size={14} />
            </DataCell>
            <DataCell label="Review">
              {review.body ? <span className={styles.body}>{review.body}</span> : <span className={layout.muted}>No text</span>}
            </DataCell>
            <DataCell label="Status">
              <span className={styles.badges}>
                {review.hidden ? <Badge tone="orange">Hidden</Badge> : <Badge tone="green">Shown</Badge>}
                {!review.counted && (
                  <Badge
                    tone="gray"
                    title="The author's order of this product was refunded: the review is left out of the shop's list and rating"
                  >
                    Refunded
                  </Badge>
                )}
              </span>
            </DataCell>
            <DataCell label="Actions" align="end">
              <Button
                size="sm"
                variant="secondary"
                loading={changing === review.id}
                disabled={changing !== null}
                aria-label={`${review.hidden ? 'Show' : 'Hide'} the review by ${review.username} of ${review.product_title}`}
                onClick={() => onSetHidden(review, !review.hidden)}
              >
                {review.hidden ? 'Show' : 'Hide'}
              </Button>
            </DataCell>
          </DataRow>
        ))
      )}
    </DataTable>
  );
}
