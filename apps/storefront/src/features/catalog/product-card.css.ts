import { media, vars } from '@store/ui';
import { style } from '@vanilla-extract/css';

const clamp = (lines: number) =>
  ({
    display: '-webkit-box',
    WebkitLineClamp: lines,
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
  }) as const;

export const card = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  minWidth: 0,
  overflow: 'hidden',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  transition: 'border-color 150ms ease, transform 150ms ease',
  selectors: {
    '&:hover, &:focus-within': { borderColor: `color-mix(in srgb, ${vars.color.primary} 55%, ${vars.color.border})` },
  },
});

/** The list view: image beside the text from the `md` width; below it the card is the grid card. */
export const list = style({
  '@media': {
    [media.md]: {
      display: 'grid',
      gridTemplateColumns: 'minmax(240px, 340px) 1fr',
    },
  },
});

export const mediaBox = style({
  position: 'relative',
});

/** In the list view the picture fills the card's height beside the text (the text sets that height). */
export const listImage = style({
  '@media': {
    [media.md]: { height: '100%', minHeight: '180px', aspectRatio: 'auto' },
  },
});

/** Category and type over the picture's bottom left, legible on any picture. */
export const badges = style({
  position: 'absolute',
  left: vars.space.xs,
  bottom: vars.space.xs,
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xxs,
  maxWidth: `calc(100% - 2 * ${vars.space.xs})`,
});

export const badge = style({
  background: `color-mix(in srgb, ${vars.color.background} 78%, transparent)`,
  backdropFilter: 'blur(6px)',
});

export const quickActions = style({
  position: 'absolute',
  top: vars.space.xs,
  right: vars.space.xs,
  display: 'flex',
  gap: vars.space.xxs,
});

/** A square icon link with the secondary button's look (the view link). */
export const iconLink = style({
  width: '32px',
  padding: 0,
});

// Compact: the grid card stays under 400 px tall at 1280 px with all of the spec's content.
export const body = style({
  display: 'flex',
  flex: '1 1 auto',
  flexDirection: 'column',
  gap: vars.space.xs,
  minWidth: 0,
  padding: `${vars.space.sm} ${vars.space.md} ${vars.space.md}`,
});

/** The title and, at its end, the price. */
export const titleRow = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const title = style({
  minWidth: 0,
  fontSize: vars.fontSize.md,
  fontWeight: 700,
  lineHeight: 1.3,
  ...clamp(2),
});

export const titleLink = style({
  color: vars.color.text,
  textDecoration: 'none',
  selectors: { '&:hover': { color: vars.color.primaryText } },
});

export const description = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  lineHeight: 1.4,
  ...clamp(2),
});

export const listDescription = style({
  '@media': { [media.md]: { WebkitLineClamp: 3 } },
});

/** Two features, one line each; '+N more' (only ever after exactly two) at the end of the second line. */
export const features = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  columnGap: vars.space.xs,
  rowGap: '2px',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  fontSize: '0.8125rem',
  lineHeight: 1.4,
});

export const feature = style({
  gridColumn: '1',
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.xs,
  minWidth: 0,
});

export const featureText = style({
  ...clamp(1),
});

export const featureIcon = style({
  flex: 'none',
  marginTop: '2px',
  color: vars.color.secondaryText,
});

export const more = style({
  gridColumn: '2',
  gridRow: '2',
  alignSelf: 'center',
  color: vars.color.primaryText,
  fontSize: vars.fontSize.xs,
  fontWeight: 600,
});

export const rating = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
});

export const ratingValue = style({
  color: vars.color.text,
  fontWeight: 600,
});

/** The rating and the Add to Cart button, at the bottom of cards of any height in a row. */
export const footer = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  marginTop: 'auto',
  paddingTop: vars.space.xxs,
});

export const price = style({
  flex: 'none',
  fontSize: vars.fontSize.lg,
  fontWeight: 800,
  lineHeight: 1.3,
  color: vars.color.text,
});

/* Skeleton ------------------------------------------------------------------------------------ */

export const skeletonMedia = style({
  aspectRatio: '16 / 7',
  borderRadius: 0,
});
