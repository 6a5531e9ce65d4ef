import { media, vars } from '@store/ui';
import { globalStyle, style } from '@vanilla-extract/css';

export const stacked = style({
  display: 'grid',
  justifyItems: 'start',
  gap: '2px',
});

export const detailsRow = style({
  background: vars.color.surface,
});

export const detailsCell = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
});

export const details = style({
  display: 'grid',
  gap: vars.space.sm,
});

export const diff = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: vars.fontSize.sm,
});

export const diffCell = style({
  verticalAlign: 'top',
  textAlign: 'start',
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
});

/** A value as it was recorded: line breaks and JSON indentation kept, long words broken, never read as HTML. */
export const value = style({
  margin: 0,
  fontFamily: vars.font.mono,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  maxWidth: '40rem',
});

/** The entry's values in full: term above value, side by side as room allows; long values wrap anywhere here. */
export const whole = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(12rem, 1fr))',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});

globalStyle(`${whole} dd`, { margin: 0 });

export const meta = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xxs} ${vars.space.md}`,
  fontSize: vars.fontSize.sm,
});

export const targetFilter = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
});

/** A value cut to its column with an ellipsis, on one line (never broken inside a word); the whole text is in its title and the entry's details. */
export const clip = style({
  display: 'inline-block',
  maxWidth: '9rem',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  verticalAlign: 'bottom',
});

/** An address: an IPv4 one whole, a long IPv6 one cut. */
export const address = style({
  maxWidth: '8.5rem',
});

/*
 * The trail's table (docs/decisions/049-audit-labels.md). The app lets long words wrap anywhere so a page never
 * widens; in these cells that split "admin" and "127.0.0.1", so here words wrap only at spaces, and what can be
 * long is cut (`clip`). The table needs about 860 px for its seven columns; in a narrower space (a phone, a
 * tablet, a laptop's sidebar beside it) each entry is a card. The width that counts is the table's own, hence
 * a container query rather than the screen's width.
 */
export const tableContainer = style({
  containerType: 'inline-size',
});

export const frame = style({});

const CARDS = '(max-width: 859.98px)';

globalStyle(`${frame} :is(td, th)`, {
  overflowWrap: 'normal',
  wordBreak: 'normal',
});

globalStyle(`${frame} :is(th, td)`, {
  '@media': { [media.md]: { paddingInline: vars.space.sm } },
});

globalStyle(`${frame}${frame}`, {
  '@container': { [CARDS]: { overflowX: 'visible', background: 'none', border: 'none', borderRadius: 0 } },
});

globalStyle(`${frame} > table`, {
  '@container': { [CARDS]: { display: 'block' } },
});

globalStyle(`${frame} > table > thead`, {
  '@container': {
    [CARDS]: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0, 0, 0, 0)', whiteSpace: 'nowrap' },
  },
});

globalStyle(`${frame} > table > tbody`, {
  '@container': { [CARDS]: { display: 'flex', flexDirection: 'column', gap: vars.space.sm } },
});

globalStyle(`${frame}${frame} > table > tbody > tr`, {
  '@container': {
    [CARDS]: {
      display: 'block',
      padding: `${vars.space.xs} ${vars.space.md}`,
      background: vars.color.surface,
      border: `1px solid ${vars.color.border}`,
      borderRadius: vars.radius.md,
    },
  },
});

globalStyle(`${frame}${frame} > table > tbody > tr > td[data-label]`, {
  '@container': {
    [CARDS]: {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'space-between',
      gap: vars.space.md,
      minHeight: '40px',
      padding: `${vars.space.xxs} 0`,
      textAlign: 'right',
      borderBottom: 'none',
    },
  },
});

globalStyle(`${frame}${frame} > table > tbody > tr > td[data-label]::before`, {
  '@container': {
    [CARDS]: {
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
});

// A card's value takes the room the column's name leaves, and may shrink for its cut values.
globalStyle(`${frame} > table > tbody > tr > td[data-label] > *`, {
  '@container': { [CARDS]: { minWidth: 0 } },
});

globalStyle(`${frame}${frame} > table > tbody > tr > td:not([data-label])`, {
  '@container': { [CARDS]: { display: 'block', padding: `${vars.space.xs} 0` } },
});

/**
 * The audit trail's five filters: two columns from `sm`; from `md` three, the Action list over two of them on
 * the first row (its labels, "Turned on two-factor sign-in", are the longest) and the dates beside the result
 * on the second. The shared two-column filter bar left Action 14rem wide, cutting its labels at 1280 px.
 */
export const filters = style({
  display: 'grid',
  gap: vars.space.sm,
  alignItems: 'start',
  '@media': {
    [media.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [media.md]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  },
});

export const actionFilter = style({
  '@media': { [media.md]: { gridColumn: 'span 2' } },
});
