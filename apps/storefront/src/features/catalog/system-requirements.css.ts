import { vars } from '@store/ui';
import { style } from '@vanilla-extract/css';

export const list = style({
  display: 'grid',
  margin: 0,
});

export const row = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)',
  gap: vars.space.sm,
  alignItems: 'start',
  paddingBlock: vars.space.sm,
  borderTop: `1px solid ${vars.color.border}`,
  selectors: { '&:first-child': { borderTop: 0, paddingTop: 0 } },
});

export const name = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  fontWeight: 600,
});

export const icon = style({
  flex: 'none',
  color: vars.color.primaryText,
});

export const value = style({
  color: vars.color.textMuted,
});
