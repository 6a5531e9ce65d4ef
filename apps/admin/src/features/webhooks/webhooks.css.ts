import { media, vars } from '@store/ui';
import { style } from '@vanilla-extract/css';

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

/** An endpoint's events as short chips; each one's words in its title and in the form. */
export const eventChips = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space.xxs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': { [media.md]: { justifyContent: 'flex-start' } },
});

export const eventChip = style({
  padding: `1px ${vars.space.xs}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.full,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xs,
  whiteSpace: 'nowrap',
});

/** One line of a time: the day, then the hour under it. */
export const day = style({
  display: 'block',
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

/* The explanation above the list. */

export const intro = style({
  display: 'grid',
  gap: vars.space.sm,
  maxWidth: '48rem',
});

export const code = style({
  fontFamily: vars.font.mono,
  fontSize: '0.95em',
  overflowWrap: 'anywhere',
});

export const link = style({
  color: vars.color.primaryText,
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
});

/* The Add / Edit endpoint form. */

export const eventList = style({
  display: 'grid',
  gap: vars.space.xs,
});

export const eventValue = style({
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  whiteSpace: 'nowrap',
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
