import { media, vars } from '@store/ui';
import { style } from '@vanilla-extract/css';

// Shared with the Webhooks screen.
export { chip as scopeChip, chips as scopeChips, code, day, intro, link, optionList as scopeList, optionValue as scopeValue } from '../layout/integrations.css.ts';

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

export const by = style({
  display: 'block',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  whiteSpace: 'normal',
});

export const rowActions = style({ display: 'inline-flex', justifyContent: 'flex-end' });

/* The revoke dialog. */

export const warning = style({
  color: vars.color.danger,
  fontWeight: 600,
});
