import { vars } from '@store/ui';
import { style } from '@vanilla-extract/css';

/** A buyer's text as they wrote it: line breaks kept, long words broken, never read as HTML. */
export const body = style({
  display: 'block',
  maxWidth: '32rem',
  whiteSpace: 'pre-line',
  overflowWrap: 'anywhere',
});

export const badges = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xxs,
});

export const product = style({
  display: 'grid',
  gap: '2px',
});
