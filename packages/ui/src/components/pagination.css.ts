import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';

export const pagination = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  marginTop: vars.space.md,
});

export const summary = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const buttons = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
});

export const page = style({
  minWidth: '5rem',
  textAlign: 'center',
  fontSize: vars.fontSize.sm,
});
