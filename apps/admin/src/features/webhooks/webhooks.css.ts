import { media, vars } from '@store/ui';
import { style } from '@vanilla-extract/css';

// Shared with the API keys screen.
export { chip as eventChip, chips as eventChips, code, day, intro, link, optionList as eventList, optionValue as eventValue } from '../layout/integrations.css.ts';

/** An endpoint's address: machine text on one line, cut with an ellipsis (the whole address in its title). */
export const url = style({
  display: 'block',
  maxWidth: '12rem',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontFamily: vars.font.mono,
  fontSize: '0.95em',
  '@media': { [media.md]: { maxWidth: '16rem' } },
});

export const description = style({
  overflowWrap: 'anywhere',
});

export const rowActions = style({
  display: 'inline-flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space.xs,
});

/** Machine text in a cell (an event id), allowed to break anywhere. */
export const mono = style({
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
});

export const eventCell = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-end',
  '@media': { [media.md]: { alignItems: 'flex-start' } },
});

/** A delivery's last error, cut to two lines (the whole text in its title). */
export const lastError = style({
  display: '-webkit-box',
  maxWidth: '16rem',
  overflow: 'hidden',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflowWrap: 'anywhere',
});

export const muted = style({
  color: vars.color.textMuted,
});

/* The deliveries panel. */

export const panelActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
});

/* The remove dialog. */

export const warning = style({
  color: vars.color.danger,
  fontWeight: 600,
});

/** Two lines in one cell: a name over its address, a badge over its figures. */
export const endpointCell = style({
  display: 'grid',
  gap: vars.space.xxs,
  justifyItems: 'start',
  minWidth: 0,
});

/** A delivery's answer, tries and time, under its status. */
export const resultLine = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  whiteSpace: 'nowrap',
});

/** Deliveries waiting for their next attempt, under the state. */
export const pending = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  whiteSpace: 'nowrap',
});
