import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';

export const image = style({
  flexShrink: 0,
  objectFit: 'contain',
  borderRadius: vars.radius.sm,
});

export const monogram = style({
  display: 'inline-flex',
  flexShrink: 0,
  alignItems: 'center',
  justifyContent: 'center',
  borderRadius: '28%',
  background: `linear-gradient(135deg, ${vars.color.primary}, ${vars.color.secondary})`,
  color: vars.color.primaryContrast,
  fontWeight: 800,
  letterSpacing: '-0.02em',
  lineHeight: 1,
  userSelect: 'none',
});
