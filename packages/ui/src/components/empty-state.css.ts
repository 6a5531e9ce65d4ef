import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.sm,
  paddingBlock: vars.space.xxl,
  paddingInline: vars.space.md,
  textAlign: 'center',
  background: vars.color.surface,
  border: `1px dashed ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  color: vars.color.textMuted,
});

export const title = style({
  color: vars.color.text,
  fontSize: vars.fontSize.xl,
  fontWeight: 700,
});

export const hint = style({
  maxWidth: '32rem',
});
