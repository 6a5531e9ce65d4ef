import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';

export const page = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.md,
  maxWidth: '36rem',
  marginInline: 'auto',
  paddingBlock: `clamp(3rem, 10vh, 6rem)`,
  paddingInline: vars.space.md,
  textAlign: 'center',
});

export const eyebrow = style({
  color: vars.color.primaryText,
  fontSize: vars.fontSize.sm,
  fontWeight: 700,
  letterSpacing: '0.08em',
  textTransform: 'uppercase',
});

export const title = style({
  fontSize: vars.fontSize.xxl,
  lineHeight: 1.2,
});

export const body = style({
  color: vars.color.textMuted,
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: vars.space.sm,
  marginTop: vars.space.xs,
});

export const pending = style({
  display: 'flex',
  justifyContent: 'center',
  paddingBlock: '4rem',
  color: vars.color.primaryText,
});
