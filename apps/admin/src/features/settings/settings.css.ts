import { media, vars } from '@store/ui';
import { globalStyle, style } from '@vanilla-extract/css';

export { error, formGrid as colourGrid, formGrid as grid, fullRow, hint } from '../layout/form.css.ts';

export const page = style({
  display: 'grid',
  gap: vars.space.lg,
});

export const header = style({
  display: 'grid',
  gap: vars.space.xxs,
});

export const subtitle = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

// One column on small screens; from `lg` the live preview stays in view beside the sections.
export const layout = style({
  display: 'grid',
  gap: vars.space.lg,
  alignItems: 'start',
  '@media': { [media.lg]: { gridTemplateColumns: 'minmax(0, 1fr) 300px' } },
});

export const sections = style({
  display: 'grid',
  gap: vars.space.lg,
  minWidth: 0,
});

export const section = style({
  display: 'grid',
  gap: vars.space.md,
  padding: vars.space.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  minWidth: 0,
  '@media': { [media.sm]: { padding: vars.space.lg } },
});

export const sectionTitle = style({
  fontSize: vars.fontSize.lg,
  fontWeight: 700,
  // A link to a section (/admin/settings#settings-email) scrolls its heading clear of the sticky header.
  scrollMarginTop: `calc(${vars.layout.headerHeight} + ${vars.space.md})`,
});

export const sectionIntro = style({
  marginTop: `calc(-1 * ${vars.space.xs})`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const inlineActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
});

/* Logo. */

export const logoRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
});

export const logoFrame = style({
  display: 'grid',
  placeItems: 'center',
  width: '72px',
  height: '72px',
  padding: vars.space.xs,
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

export const logoControls = style({
  display: 'grid',
  // One column no wider than the row: a file input's own width would otherwise push the page sideways.
  gridTemplateColumns: 'minmax(0, 1fr)',
  alignContent: 'start',
  gap: vars.space.xs,
  minWidth: 0,
  flex: '1 1 220px',
});

export const fileInput = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  width: '100%',
  selectors: {
    '&::file-selector-button': {
      marginRight: vars.space.sm,
      padding: `${vars.space.xs} ${vars.space.md}`,
      border: `1px solid ${vars.color.border}`,
      borderRadius: vars.radius.md,
      background: vars.color.surfaceRaised,
      color: vars.color.text,
      font: 'inherit',
      fontWeight: 600,
      cursor: 'pointer',
    },
  },
});

export const label = style({
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
});

/* Colours. */

export const presets = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space.xs,
  '@media': { [media.sm]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } },
});

export const preset = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: '44px',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  color: vars.color.text,
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  cursor: 'pointer',
  selectors: {
    '&:hover': { borderColor: vars.color.textMuted },
    '&[aria-pressed="true"]': { borderColor: vars.color.primary, boxShadow: `0 0 0 1px ${vars.color.primary}` },
  },
});

export const swatches = style({
  display: 'inline-flex',
  flex: 'none',
});

export const swatch = style({
  width: '20px',
  height: '20px',
  borderRadius: vars.radius.full,
  border: '2px solid rgb(255 255 255 / 0.85)',
  selectors: { '& + &': { marginLeft: '-6px' } },
});

export const colourField = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
});

export const colourPicker = style({
  flex: 'none',
  width: '48px',
  height: '44px',
  // Lines the picker up with the text box under its label.
  marginTop: '1.6rem',
  padding: '2px',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  cursor: 'pointer',
});

export const colourText = style({
  flex: '1 1 auto',
  minWidth: 0,
});

/* Typography and theme. */

export const choices = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  border: 'none',
  minWidth: 0,
  '@media': { [media.sm]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } },
});

export const legend = style({
  gridColumn: '1 / -1',
  marginBottom: vars.space.xs,
  padding: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
});

export const choice = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: '44px',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
  selectors: {
    '&:has(input:checked)': { borderColor: vars.color.primary, boxShadow: `0 0 0 1px ${vars.color.primary}` },
    '&:has(input:disabled)': { cursor: 'not-allowed', opacity: 0.7 },
  },
});

globalStyle(`${choice} input`, {
  accentColor: vars.color.primary,
  margin: 0,
});

/* Live preview. */

export const previewAside = style({
  display: 'grid',
  gap: vars.space.sm,
  '@media': {
    [media.lg]: { position: 'sticky', top: `calc(${vars.layout.headerHeight} + ${vars.space.lg})` },
  },
});

export const preview = style({
  display: 'grid',
  gap: vars.space.sm,
  padding: vars.space.lg,
  background: vars.color.background,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  // The chosen font, from the preview's own --font-body (a child does not re-read an inherited family).
  fontFamily: vars.font.body,
  overflowWrap: 'anywhere',
});

export const previewBrand = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  fontWeight: 700,
});

export const previewHeading = style({
  fontSize: vars.fontSize.xl,
  fontWeight: 700,
  lineHeight: 1.2,
  backgroundImage: `linear-gradient(90deg, ${vars.color.primary}, ${vars.color.secondary})`,
  backgroundClip: 'text',
  WebkitBackgroundClip: 'text',
  color: 'transparent',
});

export const previewText = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const previewBadge = style({
  justifySelf: 'start',
  padding: `2px ${vars.space.xs}`,
  borderRadius: vars.radius.full,
  background: vars.color.secondary,
  color: vars.color.secondaryContrast,
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
});

export const previewButtons = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
});

export const previewSecondaryButton = style({
  background: vars.color.secondary,
  color: vars.color.secondaryContrast,
});

export const previewLink = style({
  color: vars.color.primaryText,
  fontWeight: 600,
  fontSize: vars.fontSize.sm,
  textDecoration: 'underline',
});

/* The actions, kept in view at the bottom of the screen. */

export const actionBar = style({
  position: 'sticky',
  bottom: 0,
  zIndex: 2,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: `color-mix(in srgb, ${vars.color.surface} 92%, transparent)`,
  backdropFilter: 'blur(6px)',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
});

export const unsaved = style({
  marginRight: 'auto',
  color: vars.color.warning,
  fontSize: vars.fontSize.sm,
});

export const loading = style({
  display: 'grid',
  gap: vars.space.md,
});

/* The Settings / System switch above both screens: a row of two links, the current one filled and underlined. */

export const tabs = style({
  display: 'inline-flex',
  flexWrap: 'wrap',
  gap: vars.space.xxs,
  margin: 0,
  padding: vars.space.xxs,
  listStyle: 'none',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

export const tab = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '36px',
  padding: `${vars.space.xxs} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  textDecoration: 'none',
  selectors: {
    '&:hover': { color: vars.color.text },
    '&[aria-current="page"]': {
      color: vars.color.text,
      background: `color-mix(in srgb, ${vars.color.primary} 16%, transparent)`,
      boxShadow: `inset 0 -2px 0 ${vars.color.primary}`,
    },
  },
});
