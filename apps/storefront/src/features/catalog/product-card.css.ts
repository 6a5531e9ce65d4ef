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

export const body = style({
  display: 'flex',
  flex: '1 1 auto',
  flexDirection: 'column',
  gap: vars.space.xs,
  minWidth: 0,
  padding: vars.space.md,
});

export const badges = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xxs,
});

export const title = style({
  fontSize: vars.fontSize.lg,
  fontWeight: 700,
  lineHeight: 1.3,
  ...clamp(2),
});

export const titleLink = style({
  color: vars.color.text,
  textDecoration: 'none',
  selectors: { '&:hover': { color: vars.color.primary } },
});

export const description = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  ...clamp(2),
});

export const listDescription = style({
  '@media': { [media.md]: { WebkitLineClamp: 3 } },
});

export const features = style({
  display: 'grid',
  gap: vars.space.xxs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  fontSize: vars.fontSize.sm,
});

export const feature = style({
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
  marginTop: '3px',
  color: vars.color.secondary,
});

export const more = style({
  color: vars.color.primary,
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

export const footer = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  marginTop: 'auto',
  paddingTop: vars.space.xs,
});

export const price = style({
  fontSize: vars.fontSize.xl,
  fontWeight: 800,
  color: vars.color.text,
});

/* Skeleton ------------------------------------------------------------------------------------ */

export const skeletonMedia = style({
  aspectRatio: '4 / 3',
  borderRadius: 0,
});
