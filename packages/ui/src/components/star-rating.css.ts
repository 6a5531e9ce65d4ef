import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';

export const rating = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2px',
  color: vars.color.textMuted,
});

export const filled = style({
  color: '#facc15',
});
