/**
 * How the admin shows dates and ids (spec section 9): the Serbian locale with a short month, hour and
 * minute; ids as their last 8 characters. Shared by every admin screen.
 */
/** Serbian in Latin script, as the admin's Serbian labels are written (plain `sr-RS` gives Cyrillic months). */
export const ADMIN_LOCALE = 'sr-Latn-RS';

const adminDate = new Intl.DateTimeFormat(ADMIN_LOCALE, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** '24. okt 2024. 12:05' in the browser's time zone; an unreadable value is shown as it came. */
export function formatAdminDate(value: string | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : adminDate.format(date);
}

/** The last 8 characters of an id, as the admin lists show it. */
export function shortId(id: string): string {
  return id.slice(-8);
}

/** An order's reference in the admin: '#' and the last 8 characters of its id. */
export function orderRef(id: string): string {
  return `#${shortId(id)}`;
}

const BYTE_UNITS = ['KB', 'MB', 'GB', 'TB'] as const;

/**
 * A size for people: '512 B', '1.5 MB' (units of 1024, one decimal below 10, whole numbers above,
 * as file managers show them). A negative or unreadable count is shown as it came.
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return String(bytes);
  if (bytes < 1024) return `${bytes} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  // 1023.96 KB would round to '1024 KB': one unit up reads better.
  if (Math.round(value) >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  return `${shown.toLocaleString('en-US')} ${BYTE_UNITS[unit]}`;
}
