import { headerNavLink, media, vars } from '@store/ui';
import { style } from '@vanilla-extract/css';

export const brandLabel = style({
  marginLeft: vars.space.xxs,
});

// On the narrowest screens the link is its icon only (its name stays in aria-label).
export const wideOnly = style({
  display: 'none',
  '@media': { [media.sm]: { display: 'inline' } },
});

// The other half of `wideOnly`: the icon that stands in for the text on phones.
export const narrowOnly = style({
  '@media': { [media.sm]: { display: 'none' } },
});

// View store and Logout are square icon buttons on phones, close together, so the bar keeps one row
// and the whole brand at 360 px.
export const squareOnPhone = style({
  '@media': { 'screen and (max-width: 479.98px)': { width: '32px', padding: 0 } },
});

export const actions = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  '@media': { [media.sm]: { gap: vars.space.xs } },
});

// The button that opens the folded sections; from `md` up the sections are a sidebar and it is gone.
export const menuToggle = style({
  '@media': { [media.md]: { display: 'none' } },
});

// Who is signed in: hidden on the narrowest phones (room for the brand), the icon alone up to `sm` (the
// name is in the title), name from `sm` and email from `md` up.
export const account = style({
  display: 'none',
  alignItems: 'center',
  gap: vars.space.xs,
  minWidth: 0,
  margin: 0,
  paddingInline: vars.space.xs,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  '@media': { [media.sm]: { display: 'flex' } },
});

export const accountIcon = style({
  flex: 'none',
});

export const accountText = style({
  display: 'none',
  flexDirection: 'column',
  minWidth: 0,
  lineHeight: 1.25,
  '@media': { [media.sm]: { display: 'flex' } },
});

export const accountName = style({
  maxWidth: '14rem',
  overflow: 'hidden',
  color: vars.color.text,
  fontWeight: 600,
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const accountEmail = style({
  display: 'none',
  maxWidth: '14rem',
  overflow: 'hidden',
  fontSize: vars.fontSize.xs,
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  '@media': { [media.md]: { display: 'block' } },
});

// Small screens: the navigation (when opened) above the content. From `md` up: a sidebar beside the content.
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

// Phones: folded until the header's menu button opens it, then a list under the bar. From `md` up: a sidebar.
export const nav = style({
  display: 'none',
  borderBottom: `1px solid ${vars.color.border}`,
  '@media': {
    [media.md]: {
      display: 'block',
      alignSelf: 'start',
      position: 'sticky',
      top: `calc(${vars.layout.headerHeight} + ${vars.space.lg})`,
      marginTop: vars.space.lg,
      borderBottom: 'none',
    },
  },
});

export const navOpen = style({
  display: 'block',
});

export const navList = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  margin: 0,
  padding: `${vars.space.xs} ${vars.space.md}`,
  listStyle: 'none',
  '@media': {
    [media.md]: {
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
  selectors: { '&:focus': { outline: 'none' } },
  paddingBlock: vars.space.lg,
  paddingInline: vars.space.md,
  '@media': { [media.md]: { paddingInline: 0 } },
});

// The login and refusal screens: one card in the middle of the page.
export const publicContent = style({
  flex: '1 0 auto',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  width: '100%',
  paddingBlock: 'clamp(2rem, 8vh, 4.5rem)',
  paddingInline: vars.space.md,
  background: `radial-gradient(40rem 20rem at 50% -10%, color-mix(in srgb, ${vars.color.primary} 16%, transparent), transparent 70%)`,
  selectors: { '&:focus': { outline: 'none' } },
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

/** A screen's heading row: the title (and a line under it) with actions at the end. */
export const pageHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  marginBottom: vars.space.lg,
});

export const pageSubtitle = style({
  marginTop: vars.space.xxs,
  color: vars.color.textMuted,
});

/** A screen's sections, one under the other. */
export const stack = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
});

/** The search and filters above a list: stacked on phones, one row from `sm` up. */
export const filters = style({
  display: 'grid',
  gap: vars.space.sm,
  '@media': { [media.sm]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(10rem, 14rem)', alignItems: 'start' } },
});

/** A framed block of the page with its own heading. */
export const panel = style({
  padding: vars.space.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  '@media': { [media.sm]: { padding: vars.space.lg } },
});

export const panelHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  marginBottom: vars.space.md,
});

export const sectionTitle = style({
  fontSize: vars.fontSize.lg,
  lineHeight: 1.3,
});

/** Ids and other machine text. */
export const mono = style({
  fontFamily: vars.font.mono,
  fontSize: '0.95em',
});

export const muted = style({
  color: vars.color.textMuted,
});
