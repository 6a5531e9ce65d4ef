import { media, vars } from '@store/ui';
import { globalStyle, style } from '@vanilla-extract/css';

/** The widest the menu's button grows on wide screens; the header keeps this much room for it (site-header.css.ts). */
export const USER_MENU_MAX_WIDTH = '14rem';

export const root = style({
  position: 'relative',
});

export const trigger = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  width: '100%',
  minHeight: '40px',
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  cursor: 'pointer',
  transition: 'border-color 120ms ease, background-color 120ms ease',
  selectors: {
    '&:hover, &[aria-expanded="true"]': { borderColor: vars.color.primary, background: vars.color.surfaceRaised },
  },
  '@media': { [media.md]: { width: 'auto', maxWidth: USER_MENU_MAX_WIDTH } },
});

export const avatar = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flex: 'none',
  width: '26px',
  height: '26px',
  borderRadius: vars.radius.full,
  background: `color-mix(in srgb, ${vars.color.primary} 22%, transparent)`,
  color: vars.color.primaryText,
});

export const name = style({
  flex: '1 1 auto',
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  textAlign: 'left',
});

export const chevron = style({
  flex: 'none',
  transition: 'transform 120ms ease',
  selectors: { [`${trigger}[aria-expanded="true"] &`]: { transform: 'rotate(180deg)' } },
  '@media': { [media.reducedMotion]: { transition: 'none' } },
});

// Below `md` the menu sits inside the opened mobile menu, so it unfolds in place; above, a dropdown.
export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  marginTop: vars.space.xs,
  padding: vars.space.xs,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  selectors: { '&[hidden]': { display: 'none' } },
  '@media': {
    [media.md]: {
      position: 'absolute',
      top: '100%',
      right: 0,
      zIndex: 50,
      minWidth: '15rem',
      maxWidth: '20rem',
      marginTop: vars.space.xxs,
      background: vars.color.surfaceRaised,
      boxShadow: vars.shadow.md,
    },
  },
});

export const identity = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '2px',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  marginBottom: vars.space.xxs,
  borderBottom: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.sm,
});

export const identityLabel = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
});

export const email = style({
  color: vars.color.text,
  fontWeight: 600,
  overflowWrap: 'anywhere',
});

export const items = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '2px',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  width: '100%',
  minHeight: '40px',
  padding: `0 ${vars.space.sm}`,
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  fontWeight: 500,
  textAlign: 'left',
  textDecoration: 'none',
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.background } },
});

/**
 * Sign-out: the icon in the danger colour, the label in the text colour. The danger red on the menu's raised
 * surface is 4.1:1, enough for an icon (3:1) but not for text (4.5:1, axe `color-contrast`).
 */
export const danger = style({});

globalStyle(`${danger} svg`, { color: vars.color.danger });
