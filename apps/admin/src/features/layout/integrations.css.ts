import { media, vars } from '@store/ui';
import { style } from '@vanilla-extract/css';

/* What the API keys and Webhooks screens share: the explanation above the list, scope and event chips, the option list of their forms. */

/** The explanation above a list. */
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

/** Machine names (scopes, events) as short chips; each one's words in its title and in the form. */
export const chips = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space.xxs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': { [media.md]: { justifyContent: 'flex-start' } },
});

export const chip = style({
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

/** A form's checkboxes of scopes or events, each with its machine name after its words. */
export const optionList = style({
  display: 'grid',
  gap: vars.space.xs,
});

export const optionValue = style({
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  whiteSpace: 'nowrap',
});
