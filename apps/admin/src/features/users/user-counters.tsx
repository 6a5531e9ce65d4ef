import { ShieldIcon, StatCard, StatGrid, UserIcon, CheckIcon } from '@store/ui';
import { useQuery } from '@tanstack/react-query';
import { ADMIN_LOCALE } from '../site/format.ts';
import { userCountsQueryOptions } from './queries.ts';

/** Ukupno korisnika, administratori, aktivni korisnici: the whole store, whatever the filters below. */
export function UserCounters() {
  const counts = useQuery(userCountsQueryOptions());
  const shown = (value: number | undefined) => (counts.isError || value === undefined ? '—' : value.toLocaleString(ADMIN_LOCALE));
  const loading = counts.isPending;
  return (
    <StatGrid>
      <StatCard label="Ukupno korisnika" value={shown(counts.data?.total)} loading={loading} loadingLabel="Učitavanje" icon={<UserIcon />} />
      <StatCard label="Administratori" value={shown(counts.data?.admins)} loading={loading} loadingLabel="Učitavanje" icon={<ShieldIcon />} />
      <StatCard label="Aktivni korisnici" value={shown(counts.data?.active)} loading={loading} loadingLabel="Učitavanje" icon={<CheckIcon />} />
    </StatGrid>
  );
}
