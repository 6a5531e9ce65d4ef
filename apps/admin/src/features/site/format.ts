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
