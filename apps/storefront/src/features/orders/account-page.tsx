import { LIMITS, type Order } from '@store/contracts';
import { Button, Container, MessagePage, Notice, Price, Skeleton, StatusBadge, buttonClassName } from '@store/ui';
import { useQuery } from '@tanstack/react-query';
import { Link, getRouteApi } from '@tanstack/react-router';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { ChangePasswordForm } from '../auth/change-password-form.tsx';
import { VerifyEmailNotice } from '../auth/email-links.tsx';
import { REVIEWS_ANCHOR } from '../reviews/reviews-anchor.ts';
import { selectUser, useSession } from '../session/session-store.ts';
import { AccountSubscriptions } from '../subscriptions/account-subscriptions.tsx';
import { paths } from '../site/paths.ts';
import { DeliveredGoods } from './delivered-goods.tsx';
import { OrderDate } from './order-date.tsx';
import { shortOrderId } from './order-format.ts';
import { OrderItems } from './order-items.tsx';
import * as styles from './orders.css.ts';
import { myOrdersQueryOptions } from './queries.ts';
import { UnpaidOrderActions } from './unpaid-order-actions.tsx';

const route = getRouteApi('/_authenticated/account');

export const ORDERS_LOAD_FAILED = 'Error loading orders';

/** The signed-in shopper's account: their details, orders newest first with the delivered goods, and a password change. */
export function AccountPage() {
  const user = useSession(selectUser);
  const { page = 1 } = route.useSearch();
  const orders = useQuery(myOrdersQueryOptions(page));

  useEffect(() => {
    if (orders.isError) toast.error(ORDERS_LOAD_FAILED, { id: 'account-orders-failed' });
  }, [orders.isError]);

  const pages = orders.data ? Math.max(1, Math.ceil(orders.data.total / LIMITS.pageSize)) : 1;

  return (
    <Container className={`${styles.page} ${styles.wide}`}>
      <div>
        <h1 className={styles.title}>My Account</h1>
        {user && (
          <p className={styles.subtitle}>
            {user.username} · {user.email}
          </p>
        )}
      </div>

      {user && !user.email_verified && <VerifyEmailNotice email={user.email} />}

      <AccountSubscriptions />

      <section aria-labelledby="orders-title" className={styles.stack}>
        <div className={styles.toolbar}>
          <h2 id="orders-title" className={styles.cardTitle}>
            My Orders
          </h2>
          {orders.data && orders.data.total > 0 && (
            <Button variant="secondary" size="sm" loading={orders.isRefetching} onClick={() => void orders.refetch()}>
              Refresh links
            </Button>
          )}
        </div>

        {orders.isPending && <OrdersSkeleton />}

        {orders.isError && (
          <Notice tone="danger" live="none" title="Your orders could not be loaded.">
            <p>
              <Button variant="secondary" size="sm" loading={orders.isFetching} onClick={() => void orders.refetch()}>
                Try again
              </Button>
            </p>
          </Notice>
        )}

        {orders.data && orders.data.total === 0 && (
          <MessagePage
            title="No orders yet"
            actions={
              <Link to={paths.products} className={buttonClassName()}>
                Browse Products
              </Link>
            }
          >
            <p>When you buy something, your licence keys and downloads appear here.</p>
          </MessagePage>
        )}

        {orders.data && orders.data.orders.length > 0 && (
          <>
            <p className={styles.muted}>
              Download links expire after a while; this page renews them while it is open, or use Refresh links.
            </p>
            <ul className={styles.orderList} aria-busy={orders.isFetching || undefined}>
              {orders.data.orders.map((order) => (
                <li key={order.id}>
                  <OrderCard order={order} />
                </li>
              ))}
            </ul>
          </>
        )}

        {pages > 1 && (
          <nav className={styles.pager} aria-label="Order pages">
            {page > 1 ? (
              <Link
                to="/account"
                search={page - 1 > 1 ? { page: page - 1 } : {}}
                className={buttonClassName({ variant: 'secondary', size: 'sm' })}
              >
                Previous
              </Link>
            ) : (
              <span />
            )}
            <span className={styles.muted}>
              Page {page} of {pages}
            </span>
            {page < pages ? (
              <Link to="/account" search={{ page: page + 1 }} className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
                Next
              </Link>
            ) : (
              <span />
            )}
          </nav>
        )}
      </section>

      {user && (
        <section aria-labelledby="password-title" className={styles.card}>
          <div>
            <h2 id="password-title" className={styles.cardTitle}>
              Change password
            </h2>
            <p className={styles.muted}>Your other devices are signed out once the password is changed.</p>
          </div>
          <ChangePasswordForm username={user.username} />
        </section>
      )}
    </Container>
  );
}

function OrderCard({ order }: { order: Order }) {
  return (
    <article className={styles.card} aria-labelledby={`order-${order.id}`}>
      <div className={styles.cardHeader}>
        <h3 id={`order-${order.id}`} className={styles.cardTitle}>
          Order {shortOrderId(order.id)}
        </h3>
        <div className={styles.orderMeta}>
          <StatusBadge status={order.status} />
          <span className={styles.muted}>
            <OrderDate iso={order.created_at} />
          </span>
          <span className={styles.amount}>
            <Price amount={order.total_amount} />
          </span>
        </div>
      </div>
      <OrderItems order={order} />
      {order.status === 'pending' && (
        <>
          <p className={styles.muted}>
            Awaiting payment
            {order.expires_at && (
              <>
                : it can be paid until <OrderDate iso={order.expires_at} />
              </>
            )}
            .
          </p>
          <UnpaidOrderActions order={order} />
        </>
      )}
      {order.status === 'refunded' && (
        <p className={styles.muted}>This order was refunded: its payment went back to your PayPal account, and any keys or downloads it delivered no longer work.</p>
      )}
      <DeliveredGoods order={order} headingLevel={4} />
      {order.status === 'completed' && <ReviewLinks items={order.items} />}
    </article>
  );
}

/** A completed order's products, each with a link to its page's reviews, where the buyer writes or edits theirs. */
function ReviewLinks({ items }: { items: Order['items'] }) {
  const products = [...new Map(items.map((item) => [item.product_id, item.title])).entries()];
  return (
    <ul className={styles.reviewLinks} aria-label="Review your purchases">
      {products.map(([productId, title]) => (
        <li key={productId}>
          <Link to="/products/$id" params={{ id: productId }} hash={REVIEWS_ANCHOR} className={styles.link}>
            Review {title}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function OrdersSkeleton() {
  return (
    <div className={styles.orderList} aria-busy="true" aria-label="Loading your orders">
      {[0, 1].map((index) => (
        <div key={index} className={styles.card}>
          <Skeleton width="30%" height="1.5rem" />
          <Skeleton width="100%" height="3rem" />
        </div>
      ))}
    </div>
  );
}
