import { formatUsd } from '@store/contracts';

/** From this value up a figure is shortened ("$135.1K"); below it is shown in full, at most 10 characters ("$99,999.99"). */
export const SHORTEN_FROM = 100_000;

const compactUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', minimumFractionDigits: 0, maximumFractionDigits: 1 });
const compactCount = new Intl.NumberFormat('en-US', { notation: 'compact', minimumFractionDigits: 0, maximumFractionDigits: 1 });
const count = new Intl.NumberFormat('en-US');

export type FigureKind = 'usd' | 'count';

export interface ShortFigure {
  /** What the card shows: the full figure, or a compact one from `SHORTEN_FROM` up. */
  short: string;
  /** The exact figure: on hover and for assistive tech when `short` differs (docs/decisions/051-admin-layout.md). */
  full: string;
}

/**
 * A figure for a stat card that fits on one line at any width: `$999.99`, `$99,999.99`, then `$135.1K`,
 * `$1.2M` (one decimal at most, en-US compact notation); counts alike (`1,530`, `135.1K`).
 */
export function shortFigure(value: number, kind: FigureKind): ShortFigure {
  const full = kind === 'usd' ? formatUsd(value) : count.format(value);
  if (!Number.isFinite(value) || Math.abs(value) < SHORTEN_FROM) return { short: full, full };
  return { short: (kind === 'usd' ? compactUsd : compactCount).format(value), full };
}
