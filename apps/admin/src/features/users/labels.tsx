import { ROLES, labelOf } from '@store/contracts';
import { Badge } from '@store/ui';

/** Administrator in blue, Korisnik in grey (the contract's Serbian labels). */
export function RoleBadge({ role }: { role: string }) {
  return <Badge tone={role === 'admin' ? 'blue' : 'gray'}>{labelOf(ROLES, role)}</Badge>;
}

/** Aktivan in green, Neaktivan in grey; staff change it from the account's details. */
export function ActiveBadge({ active }: { active: boolean }) {
  return <Badge tone={active ? 'green' : 'gray'}>{active ? 'Aktivan' : 'Neaktivan'}</Badge>;
}
