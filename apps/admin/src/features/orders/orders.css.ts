import { vars } from '@store/ui';
import { style } from '@vanilla-extract/css';

export const details = style({
  display: 'flex',
  flexDirection: 'column',
});

export const strong = style({
  fontWeight: 700,
});

export const product = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-end',
  gap: '2px',
  minWidth: 0,
  '@media': { 'screen and (min-width: 768px)': { alignItems: 'flex-start' } },
});

export const modalActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  alignItems: 'center',
  gap: vars.space.sm,
  paddingTop: vars.space.md,
  marginTop: vars.space.lg,
  borderTop: `1px solid ${vars.color.border}`,
});

export const statusBadges = style({
  display: 'inline-flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xxs,
});
