import { vars } from '@store/ui';
import { style } from '@vanilla-extract/css';

export const stacked = style({
  display: 'grid',
  gap: '2px',
});

export const detailsRow = style({
  background: vars.color.surface,
});

export const detailsCell = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
});

export const details = style({
  display: 'grid',
  gap: vars.space.sm,
});

export const diff = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: vars.fontSize.sm,
});

export const diffCell = style({
  verticalAlign: 'top',
  textAlign: 'start',
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
});

/** A value as it was recorded: line breaks and JSON indentation kept, long words broken, never read as HTML. */
export const value = style({
  margin: 0,
  fontFamily: vars.font.mono,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  maxWidth: '40rem',
});

export const meta = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xxs} ${vars.space.md}`,
  fontSize: vars.fontSize.sm,
});

export const targetFilter = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
});
