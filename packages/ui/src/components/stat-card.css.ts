import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';
import { media } from '../theme/tokens.ts';

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 12rem), 1fr))',
  gap: vars.space.md,
  margin: 0,
});

export const card = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  minWidth: 0,
  padding: vars.space.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  '@media': { [media.sm]: { padding: vars.space.lg } },
});

export const warning = style({
  borderColor: vars.color.warning,
  background: `color-mix(in srgb, ${vars.color.warning} 10%, ${vars.color.surface})`,
});

export const text = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  minWidth: 0,
});

export const label = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontWeight: 500,
});

export const value = style({
  margin: 0,
  fontSize: vars.fontSize.xxl,
  fontWeight: 700,
  lineHeight: 1.15,
  fontVariantNumeric: 'tabular-nums',
});

export const icon = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flex: 'none',
  width: '40px',
  height: '40px',
  borderRadius: vars.radius.md,
  color: vars.color.primary,
  background: `color-mix(in srgb, ${vars.color.primary} 14%, transparent)`,
});

globalStyle(`${warning} ${icon}`, {
  color: vars.color.warning,
  background: `color-mix(in srgb, ${vars.color.warning} 16%, transparent)`,
});
