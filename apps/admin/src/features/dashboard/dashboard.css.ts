import { media, vars } from '@store/ui';
import { style } from '@vanilla-extract/css';

export const columns = style({
  display: 'grid',
  gap: vars.space.lg,
  '@media': { [media.lg]: { gridTemplateColumns: 'minmax(0, 2fr) minmax(16rem, 1fr)', alignItems: 'start' } },
});

export const viewAll = style({
  color: vars.color.primaryText,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  textDecoration: 'none',
  selectors: { '&:hover': { textDecoration: 'underline' } },
});

export const orderList = style({
  display: 'flex',
  flexDirection: 'column',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const orderItem = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  alignItems: 'center',
  gap: `${vars.space.xxs} ${vars.space.md}`,
  paddingBlock: vars.space.sm,
  selectors: { '&:not(:last-child)': { borderBottom: `1px solid ${vars.color.border}` } },
});

export const orderMain = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '2px',
  minWidth: 0,
});

export const orderRefLink = style({
  fontFamily: vars.font.mono,
  fontWeight: 600,
  textDecoration: 'none',
  selectors: { '&:hover': { color: vars.color.primaryText, textDecoration: 'underline' } },
});

export const orderDate = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const orderSide = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-end',
  gap: vars.space.xxs,
});

export const amount = style({
  fontWeight: 700,
  fontVariantNumeric: 'tabular-nums',
});

export const empty = style({
  paddingBlock: vars.space.lg,
  color: vars.color.textMuted,
  textAlign: 'center',
});

export const actions = style({
  display: 'grid',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': { [media.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }, [media.lg]: { gridTemplateColumns: '1fr' } },
});

export const action = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: '48px',
  padding: `${vars.space.xs} ${vars.space.md}`,
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  color: vars.color.text,
  fontWeight: 600,
  textDecoration: 'none',
  transition: 'border-color 120ms ease',
  selectors: { '&:hover': { borderColor: vars.color.primary } },
});

export const actionIcon = style({
  flex: 'none',
  color: vars.color.primaryText,
});

// Drawn by CSS: the icon sits in the card's <dt>, whose text is then the figure's name alone ("MRR", not "MRR$").
export const dollar = style({
  fontSize: vars.fontSize.lg,
  fontWeight: 700,
  lineHeight: 1,
  selectors: { '&::before': { content: '"$"' } },
});

/** A stat card's name that leads to the orders it counts. */
export const statLink = style({
  color: 'inherit',
  textDecoration: 'underline',
  textUnderlineOffset: '0.2em',
  selectors: { '&:hover': { color: vars.color.primaryText } },
});

/** The revenue card's period switch. */
export const periods = style({
  display: 'flex',
  gap: vars.space.xs,
});

export const revenueTotals = style({
  margin: `0 0 ${vars.space.sm}`,
  color: vars.color.textMuted,
});

export const revenueTotal = style({
  color: vars.color.text,
  fontSize: vars.fontSize.lg,
});

/** The line under the figures saying what they leave out. */
export const statsNote = style({
  // The page stack's gap would set it as far from the cards as the next panel; it belongs to the cards.
  marginTop: `calc(${vars.space.sm} - ${vars.space.lg})`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});
