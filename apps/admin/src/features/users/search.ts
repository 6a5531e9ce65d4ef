import { ROLES, type Role } from '@store/contracts';

/** The users screen's state in its address (/admin/users?search=…&role=…&page=…). */
export interface UsersSearch {
  search?: string;
  role?: Role;
  page?: number;
}

function isRole(value: unknown): value is Role {
  return ROLES.some((role) => role.value === value);
}

export function validateUsersSearch(raw: Record<string, unknown>): UsersSearch {
  const result: UsersSearch = {};
  const text = typeof raw.search === 'string' || typeof raw.search === 'number' ? String(raw.search).trim().slice(0, 200) : '';
  if (text) result.search = text;
  if (isRole(raw.role)) result.role = raw.role;
  const page = Number(raw.page);
  if (Number.isInteger(page) && page > 1) result.page = page;
  return result;
}
