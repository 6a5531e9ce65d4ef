import { vars } from '@store/ui';
import { style } from '@vanilla-extract/css';

export const userCell = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-end',
  gap: '2px',
  minWidth: 0,
  '@media': { 'screen and (min-width: 768px)': { alignItems: 'flex-start' } },
});

export const username = style({
  fontWeight: 600,
});

export const email = style({
  overflowWrap: 'anywhere',
});

export const stats = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(7.5rem, 1fr))',
  gap: vars.space.sm,
  margin: 0,
});

export const stat = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '2px',
  padding: vars.space.sm,
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

export const statLabel = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  fontWeight: 600,
  letterSpacing: '0.04em',
  textTransform: 'uppercase',
});

export const statValue = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  fontWeight: 700,
  fontVariantNumeric: 'tabular-nums',
});

export const note = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  alignItems: 'center',
  gap: vars.space.sm,
  paddingTop: vars.space.md,
  marginTop: vars.space.lg,
  borderTop: `1px solid ${vars.color.border}`,
});
