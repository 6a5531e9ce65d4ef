import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';
import { media } from '../theme/tokens.ts';

// Wrapping cards that grow: however many fit a row, the last row's cards widen to fill it (no orphan card).
// 13rem holds a 10-character figure ('$99,999.99') beside nothing but the card's padding.
export const grid = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  margin: 0,
});

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  flex: '1 1 13rem',
  minWidth: 0,
  padding: vars.space.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  '@media': { [media.sm]: { padding: `${vars.space.md} ${vars.space.lg} ${vars.space.lg}` } },
});

export const warning = style({
  borderColor: vars.color.warning,
  background: `color-mix(in srgb, ${vars.color.warning} 10%, ${vars.color.surface})`,
});

export const label = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  minHeight: '36px',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontWeight: 500,
});

export const labelText = style({ minWidth: 0 });

// One line, digits of equal width: a figure never breaks inside itself ('$135.1' over '9').
export const value = style({
  margin: 0,
  fontSize: vars.fontSize.xxl,
  fontWeight: 700,
  lineHeight: 1.15,
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
});

export const icon = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flex: 'none',
  width: '36px',
  height: '36px',
  borderRadius: vars.radius.md,
  color: vars.color.primaryText,
  background: `color-mix(in srgb, ${vars.color.primary} 14%, transparent)`,
});

globalStyle(`${warning} ${icon}`, {
  color: vars.color.warning,
  background: `color-mix(in srgb, ${vars.color.warning} 16%, transparent)`,
});
