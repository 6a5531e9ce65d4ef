import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';

export const badge = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  padding: `2px ${vars.space.xs}`,
  border: '1px solid transparent',
  borderRadius: vars.radius.full,
  fontSize: vars.fontSize.xs,
  fontWeight: 600,
  lineHeight: 1.4,
  whiteSpace: 'nowrap',
});

// Tinted background and a light text of the same hue: readable on the dark surfaces.
const tint = (color: string) => ({
  background: `color-mix(in srgb, ${color} 18%, transparent)`,
  borderColor: `color-mix(in srgb, ${color} 40%, transparent)`,
  color: `color-mix(in srgb, ${color} 55%, white)`,
});

export const tone = styleVariants({
  green: tint('#22c55e'),
  blue: tint('#3b82f6'),
  yellow: tint('#eab308'),
  orange: tint('#f97316'),
  red: tint('#ef4444'),
  gray: tint('#94a3b8'),
});
