import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';
import { media } from '../theme/tokens.ts';

// Small screens: every row is a card of label/value lines. From `md` up: an ordinary table in a framed box
// that scrolls sideways rather than squeezing its columns.
export const frame = style({
  width: '100%',
  '@media': {
    [media.md]: {
      overflowX: 'auto',
      background: vars.color.surface,
      border: `1px solid ${vars.color.border}`,
      borderRadius: vars.radius.lg,
    },
  },
});

export const table = style({
  display: 'block',
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: vars.fontSize.sm,
  '@media': { [media.md]: { display: 'table' } },
});

// The header row is there for screen readers on small screens, where each cell names its column itself.
export const head = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  '@media': { [media.md]: { position: 'static', width: 'auto', height: 'auto', overflow: 'visible', clip: 'auto', display: 'table-header-group' } },
});

globalStyle(`${table} > tbody`, {
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  '@media': { [media.md]: { display: 'table-row-group' } },
});

export const row = style({
  display: 'block',
  padding: `${vars.space.xs} ${vars.space.md}`,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  '@media': {
    [media.md]: {
      display: 'table-row',
      padding: 0,
      background: 'transparent',
      border: 'none',
      borderRadius: 0,
      selectors: { '&:hover': { background: vars.color.surfaceRaised } },
    },
  },
});

globalStyle(`${table} > tbody > ${row}:not(:last-child) > td`, {
  '@media': { [media.md]: { borderBottom: `1px solid ${vars.color.border}` } },
});

export const headerCell = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  fontWeight: 600,
  letterSpacing: '0.04em',
  textAlign: 'left',
  textTransform: 'uppercase',
  whiteSpace: 'nowrap',
  borderBottom: `1px solid ${vars.color.border}`,
});

export const cell = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  minHeight: '40px',
  paddingBlock: vars.space.xxs,
  textAlign: 'right',
  selectors: {
    // The column's name before the value, taken from the cell's own `data-label`.
    '&::before': {
      content: 'attr(data-label)',
      flex: 'none',
      color: vars.color.textMuted,
      fontSize: vars.fontSize.xs,
      fontWeight: 600,
      letterSpacing: '0.04em',
      textAlign: 'left',
      textTransform: 'uppercase',
    },
  },
  '@media': {
    [media.md]: {
      display: 'table-cell',
      minHeight: 0,
      padding: `${vars.space.sm} ${vars.space.md}`,
      textAlign: 'left',
      verticalAlign: 'middle',
      selectors: { '&::before': { content: 'none' } },
    },
  },
});

// From `md` up a table keeps every word, email, id and amount whole: a cell's text that may break anywhere
// (`overflow-wrap: anywhere`, set on emails and names for the phone cards) would let the table squeeze that
// column to a few letters; here the widest word sets the column and the frame scrolls sideways instead
// (docs/decisions/051-admin-layout.md).
globalStyle(`${table} > tbody > tr > td, ${table} > tbody > tr > td *`, {
  '@media': { [media.md]: { overflowWrap: 'normal', wordBreak: 'normal' } },
});

export const alignEnd = style({
  '@media': { [media.md]: { textAlign: 'right' } },
});

export const nowrap = style({
  '@media': { [media.md]: { whiteSpace: 'nowrap' } },
});

// A date and time ('30. mar 2026. 00:44'): tabular figures in a column as wide as the widest date of any day and
// hour (138.75 px in Inter at 14 px, measured over every day of a year), so the column, and every column
// after it, stays where it is whatever the date shown.
export const date = style({
  fontVariantNumeric: 'tabular-nums',
  '@media': { [media.md]: { whiteSpace: 'nowrap', width: `calc(8.75rem + 2 * ${vars.space.md})` } },
});

// A row across every column: the loading row and the empty state.
export const fullRow = style({
  display: 'block',
  '@media': { [media.md]: { display: 'table-row' } },
});

export const fullCell = style({
  display: 'block',
  padding: `${vars.space.xl} ${vars.space.md}`,
  textAlign: 'center',
  color: vars.color.textMuted,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  '@media': { [media.md]: { display: 'table-cell', background: 'transparent', border: 'none', borderRadius: 0 } },
});

export const fullCellContent = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.xs,
});

export const emptyTitle = style({
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  fontWeight: 600,
});
