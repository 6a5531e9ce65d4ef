import type { User } from '@store/contracts';
import { Button, Modal, Price, Skeleton, visuallyHidden } from '@store/ui';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DetailItem, DetailList, DetailSection } from '../layout/detail-list.tsx';
import * as layout from '../layout/admin-layout.css.ts';
import { selectUser, useSession } from '../session/session.ts';
import { formatAdminDate, ADMIN_LOCALE } from '../site/format.ts';
import { ActiveBadge, RoleBadge } from './labels.tsx';
import { userStatsQueryOptions } from './queries.ts';
import { useSetUserActive } from './use-set-user-active.ts';
import * as styles from './users.css.ts';

export interface UserDetailsModalProps {
  user: User | null;
  onClose: () => void;
  /** The account as the server answered a change of its status. */
  onChanged: (user: User) => void;
}

/**
 * One account (spec: admin users), with its real orders, spending and products bought from the API in place
 * of the spec's fixed zeros; views are not tracked, so they are not shown (docs/decisions/014-admin-app.md).
 * Staff can deactivate an account (its sessions end at once) or activate it again, except their own.
 */
export function UserDetailsModal({ user, onClose, onChanged }: UserDetailsModalProps) {
  return (
    <Modal open={user !== null} title="Detalji korisnika" onClose={onClose} closeLabel="Zatvori">
      {user && <UserDetails user={user} onChanged={onChanged} />}
    </Modal>
  );
}

function UserDetails({ user, onChanged }: { user: User; onChanged: (user: User) => void }) {
  const me = useSession(selectUser);
  return (
    <>
      <DetailList>
        <DetailItem label="ID" wide>
          <span className={layout.mono}>{user.id}</span>
        </DetailItem>
        <DetailItem label="Korisničko ime">{user.username}</DetailItem>
        <DetailItem label="Email">{user.email}</DetailItem>
        <DetailItem label="Uloga">
          <RoleBadge role={user.role} />
        </DetailItem>
        <DetailItem label="Status">
          <ActiveBadge active={user.is_active} />
        </DetailItem>
        <DetailItem label="Datum registracije">{formatAdminDate(user.created_at)}</DetailItem>
      </DetailList>
      <UserStatistics user={user} />
      {/* The API refuses it too (409): an admin who deactivated their own account would lock themselves out. */}
      {me && me.id !== user.id && <ActiveToggle user={user} onChanged={onChanged} />}
    </>
  );
}

function ActiveToggle({ user, onChanged }: { user: User; onChanged: (user: User) => void }) {
  const setActive = useSetUserActive({ onChanged });
  return (
    <div className={styles.actions}>
      <Button
        variant={user.is_active ? 'danger' : 'primary'}
        loading={setActive.isPending}
        onClick={() => setActive.mutate({ id: user.id, active: !user.is_active })}
      >
        {user.is_active ? 'Deaktiviraj nalog' : 'Aktiviraj nalog'}
      </Button>
    </div>
  );
}

function UserStatistics({ user }: { user: User }) {
  const stats = useQuery(userStatsQueryOptions(user.id));
  const value = (shown: (data: NonNullable<typeof stats.data>) => ReactNode) => {
    if (stats.isPending) {
      return (
        <>
          <Skeleton width="4rem" height="1.6rem" />
          <span className={visuallyHidden}>Učitavanje</span>
        </>
      );
    }
    return stats.isError ? '—' : shown(stats.data);
  };

  return (
    <DetailSection title="Statistika">
      <dl className={styles.stats}>
        <div className={styles.stat}>
          <dt className={styles.statLabel}>Porudžbine</dt>
          <dd className={styles.statValue} aria-busy={stats.isPending || undefined}>
            {value((data) => data.orders.toLocaleString(ADMIN_LOCALE))}
          </dd>
        </div>
        <div className={styles.stat}>
          <dt className={styles.statLabel}>Potrošeno</dt>
          <dd className={styles.statValue} aria-busy={stats.isPending || undefined}>
            {value((data) => (
              <Price amount={data.spent} cents />
            ))}
          </dd>
        </div>
        <div className={styles.stat}>
          <dt className={styles.statLabel}>Kupljeni proizvodi</dt>
          <dd className={styles.statValue} aria-busy={stats.isPending || undefined}>
            {value((data) => data.products.toLocaleString(ADMIN_LOCALE))}
          </dd>
        </div>
      </dl>
      <p className={styles.note}>
        {stats.isError ? 'Statistika trenutno nije dostupna.' : 'Potrošeno i kupljeni proizvodi: plaćene i završene porudžbine.'}
      </p>
    </DetailSection>
  );
}
