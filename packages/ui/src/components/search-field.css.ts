import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';

export const wrap = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
});

export const icon = style({
  position: 'absolute',
  left: vars.space.sm,
  color: vars.color.textMuted,
  pointerEvents: 'none',
});

export const input = style({
  paddingLeft: '2.5rem',
});
