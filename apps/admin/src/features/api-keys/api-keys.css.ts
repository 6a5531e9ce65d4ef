import { media, vars } from '@store/ui';
import { style } from '@vanilla-extract/css';

/** A key's first characters (`kv_live_AbCd`): machine text, kept on one line. */
export const prefix = style({
  fontFamily: vars.font.mono,
  fontSize: '0.95em',
  color: vars.color.textMuted,
  whiteSpace: 'nowrap',
});

/** The name, and under it the key's first characters (on phones, side by side with the column's label). */
export const nameCell = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-end',
  '@media': { [media.md]: { alignItems: 'flex-start' } },
});

export const keyName = style({
  fontWeight: 600,
  overflowWrap: 'anywhere',
});

/** A revoked key's row: its text greyed (the badge keeps its colour), still listed for the audit trail. */
export const revoked = style({
  color: vars.color.textMuted,
});

/** A key's scopes as short chips; each one's words in its title and in the New API key form. */
export const scopeChips = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xxs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const scopeChip = style({
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

export const by = style({
  display: 'block',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  whiteSpace: 'normal',
});

export const rowActions = style({ display: 'inline-flex', justifyContent: 'flex-end' });

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

/* The New API key form. */

export const scopeList = style({
  display: 'grid',
  gap: vars.space.xs,
});

export const scopeValue = style({
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  whiteSpace: 'nowrap',
});



/* The revoke dialog. */

export const warning = style({
  color: vars.color.danger,
  fontWeight: 600,
});
