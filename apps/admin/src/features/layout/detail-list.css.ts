import { media, vars } from '@store/ui';
import { style } from '@vanilla-extract/css';

export const list = style({
  display: 'grid',
  gap: vars.space.sm,
  margin: 0,
  '@media': { [media.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', columnGap: vars.space.lg } },
});

export const item = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '2px',
  minWidth: 0,
});

export const wide = style({
  '@media': { [media.sm]: { gridColumn: '1 / -1' } },
});

export const term = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  fontWeight: 600,
  letterSpacing: '0.04em',
  textTransform: 'uppercase',
});

export const value = style({
  margin: 0,
  overflowWrap: 'anywhere',
});

export const section = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  paddingTop: vars.space.md,
  marginTop: vars.space.md,
  borderTop: `1px solid ${vars.color.border}`,
});

export const sectionTitle = style({
  fontSize: vars.fontSize.md,
  fontWeight: 700,
});
