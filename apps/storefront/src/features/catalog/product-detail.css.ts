import { media, vars } from '@store/ui';
import { style } from '@vanilla-extract/css';

export const page = style({
  display: 'grid',
  gap: vars.space.lg,
  paddingBlock: `${vars.space.lg} ${vars.space.xxl}`,
});

export const back = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  justifySelf: 'start',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  textDecoration: 'none',
  selectors: { '&:hover': { color: vars.color.text } },
});

/** Gallery and buying details: stacked on phones, side by side from `lg`. */
export const top = style({
  display: 'grid',
  gap: vars.space.xl,
  alignItems: 'start',
  '@media': { [media.lg]: { gridTemplateColumns: 'minmax(0, 1.1fr) minmax(0, 1fr)' } },
});

export const info = style({
  display: 'grid',
  gap: vars.space.md,
  alignContent: 'start',
});

export const badges = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
});

export const title = style({
  fontSize: vars.fontSize.xxl,
  fontWeight: 800,
  lineHeight: 1.15,
  letterSpacing: '-0.01em',
  '@media': { [media.md]: { fontSize: '2.5rem' } },
});

export const rating = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const ratingValue = style({
  color: vars.color.text,
  fontWeight: 700,
});

export const ratingLink = style({
  color: 'inherit',
  selectors: { '&:hover': { color: vars.color.text } },
});

export const price = style({
  fontSize: '2.25rem',
  fontWeight: 800,
  lineHeight: 1.1,
  color: vars.color.primaryText,
});

export const lead = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.lg,
});

export const buy = style({
  display: 'grid',
  gap: vars.space.xs,
  '@media': { [media.sm]: { justifyContent: 'start' } },
});

export const notes = style({
  display: 'grid',
  gap: vars.space.xs,
  margin: 0,
  padding: vars.space.md,
  listStyle: 'none',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  fontSize: vars.fontSize.sm,
});

export const note = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
});

export const noteIcon = style({
  flex: 'none',
  color: vars.color.secondaryText,
});

/** Description on the left, features and requirements on the right from `lg`. */
export const details = style({
  display: 'grid',
  gap: vars.space.lg,
  alignItems: 'start',
  '@media': { [media.lg]: { gridTemplateColumns: 'minmax(0, 1.6fr) minmax(0, 1fr)' } },
});

export const aside = style({
  display: 'grid',
  gap: vars.space.lg,
});

export const section = style({
  display: 'grid',
  gap: vars.space.md,
  alignContent: 'start',
  padding: vars.space.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
});

export const sectionTitle = style({
  fontSize: vars.fontSize.xl,
  fontWeight: 700,
});

export const description = style({
  display: 'grid',
  gap: vars.space.md,
  color: vars.color.textMuted,
});

/** The admin's line breaks are kept as typed; the text is never read as HTML. */
export const paragraph = style({
  whiteSpace: 'pre-line',
});

export const features = style({
  display: 'grid',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const feature = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
});

export const featureIcon = style({
  flex: 'none',
  marginTop: '2px',
  color: vars.color.secondaryText,
});

/* Skeleton ------------------------------------------------------------------------------------ */

export const skeletonImage = style({
  aspectRatio: '4 / 3',
  borderRadius: vars.radius.lg,
});

/** A package member's units, before its name in "What's included". */
export const packageQuantity = style({ fontWeight: 600 });
