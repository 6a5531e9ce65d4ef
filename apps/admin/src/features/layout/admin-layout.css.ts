import { headerNavLink, media, vars } from '@store/ui';
import { style } from '@vanilla-extract/css';

export const brandLabel = style({
  marginLeft: vars.space.xxs,
});

// On the narrowest screens the link is its icon only (its name stays in aria-label).
export const viewStoreText = style({
  display: 'none',
  '@media': { [media.sm]: { display: 'inline' } },
});

// Small screens: the navigation is a strip under the header. From `md` up: a sidebar beside the content.
export const shell = style({
  display: 'flex',
  flexDirection: 'column',
  flex: '1 0 auto',
  width: '100%',
  maxWidth: vars.layout.contentWidth,
  marginInline: 'auto',
  '@media': {
    [media.md]: {
      display: 'grid',
      gridTemplateColumns: '220px minmax(0, 1fr)',
      gap: vars.space.lg,
      paddingInline: vars.space.lg,
    },
  },
});

export const nav = style({
  borderBottom: `1px solid ${vars.color.border}`,
  '@media': {
    [media.md]: {
      alignSelf: 'start',
      position: 'sticky',
      top: `calc(${vars.layout.headerHeight} + ${vars.space.lg})`,
      marginTop: vars.space.lg,
      borderBottom: 'none',
    },
  },
});

export const navList = style({
  display: 'flex',
  gap: vars.space.xxs,
  margin: 0,
  padding: `${vars.space.xs} ${vars.space.md}`,
  listStyle: 'none',
  flexWrap: 'wrap',
  '@media': {
    [media.md]: {
      flexDirection: 'column',
      flexWrap: 'nowrap',
      padding: vars.space.xs,
      background: vars.color.surface,
      border: `1px solid ${vars.color.border}`,
      borderRadius: vars.radius.lg,
    },
  },
});

// The header's navigation link, laid out as a sidebar entry with a bar marking the current page.
export const navLink = style([
  headerNavLink,
  {
    whiteSpace: 'nowrap',
    selectors: {
      '&[data-status="active"]': {
        color: vars.color.text,
        background: `color-mix(in srgb, ${vars.color.primary} 16%, transparent)`,
      },
    },
    '@media': {
      [media.md]: { selectors: { '&[data-status="active"]': { boxShadow: `inset 3px 0 0 ${vars.color.primary}` } } },
    },
  },
]);

export const content = style({
  minWidth: 0,
  paddingBlock: vars.space.lg,
  paddingInline: vars.space.md,
  '@media': { [media.md]: { paddingInline: 0 } },
});

export const footer = style({
  borderTop: `1px solid ${vars.color.border}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  paddingBlock: vars.space.md,
  marginTop: vars.space.xl,
});

export const pageTitle = style({
  fontSize: vars.fontSize.xxl,
  lineHeight: 1.2,
});
