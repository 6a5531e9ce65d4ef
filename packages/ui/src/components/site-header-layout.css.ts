import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';
import { media } from '../theme/tokens.ts';

export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: 40,
  background: `color-mix(in srgb, ${vars.color.background} 88%, transparent)`,
  backdropFilter: 'blur(12px)',
  borderBottom: `1px solid ${vars.color.border}`,
});

// Small screens: brand, actions and menu button on one row, the open menu on a row below.
// From `md` up: brand, navigation and actions on one row, in source order.
export const bar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  columnGap: vars.space.sm,
  minHeight: vars.layout.headerHeight,
  '@media': { [media.md]: { flexWrap: 'nowrap', columnGap: vars.space.lg } },
});

export const brand = style({
  display: 'flex',
  alignItems: 'center',
  minWidth: 0,
  // A zero basis keeps a long site name from pushing the actions onto a second row; it truncates instead.
  flex: '1 1 0',
  order: 0,
  '@media': { [media.md]: { flex: '0 1 auto' } },
});

export const actions = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  // At the end of the bar even when there is no navigation to fill the space.
  marginLeft: 'auto',
  order: 1,
  '@media': { [media.md]: { order: 3 } },
});

export const toggle = style({
  order: 2,
  '@media': { [media.md]: { display: 'none' } },
});

export const nav = style({
  display: 'none',
  order: 3,
  flexBasis: '100%',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: `${vars.space.xs} 0 ${vars.space.md}`,
  '@media': {
    [media.md]: {
      display: 'flex',
      order: 2,
      flex: '1 1 auto',
      flexBasis: 'auto',
      flexDirection: 'row',
      alignItems: 'center',
      justifyContent: 'space-between',
      gap: vars.space.md,
      padding: 0,
    },
  },
});

export const navOpen = style({
  display: 'flex',
});

/** A list of links in the header: stacked in the mobile menu, in a row on wider screens. */
export const navList = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': { [media.md]: { flexDirection: 'row', alignItems: 'center', gap: vars.space.xs } },
});

export const navLink = style({
  display: 'flex',
  alignItems: 'center',
  minHeight: '40px',
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontWeight: 500,
  textDecoration: 'none',
  transition: 'color 120ms ease, background-color 120ms ease',
  selectors: {
    '&:hover': { color: vars.color.text, background: vars.color.surfaceRaised },
    '&[aria-current="page"], &[data-status="active"]': { color: vars.color.text, background: vars.color.surface },
  },
});

export const brandLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minWidth: 0,
  color: vars.color.text,
  textDecoration: 'none',
  fontWeight: 700,
  fontSize: vars.fontSize.lg,
});

export const brandName = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
