import { vars } from '@store/ui';
import { style } from '@vanilla-extract/css';

/** The demo and uploaded images are 4:3; the box keeps that shape before any image arrives, so nothing shifts. */
export const frame = style({
  position: 'relative',
  display: 'block',
  width: '100%',
  aspectRatio: '4 / 3',
  overflow: 'hidden',
  background: vars.color.surfaceRaised,
});

/** A card's band: as wide as the card, a little less than half as high, cut from the picture's middle. */
export const banner = style({
  aspectRatio: '16 / 7',
});

/** The picture element adds no box of its own: the image fills the frame as before. */
export const picture = style({
  display: 'contents',
});

export const image = style({
  width: '100%',
  height: '100%',
  objectFit: 'cover',
});

export const placeholder = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '100%',
  height: '100%',
  color: vars.color.textMuted,
  background: `linear-gradient(135deg, ${vars.color.surfaceRaised}, ${vars.color.surface})`,
});
