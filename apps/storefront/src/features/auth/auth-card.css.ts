import { media, vars } from '@store/ui';
import { style } from '@vanilla-extract/css';

export const page = style({
  display: 'flex',
  justifyContent: 'center',
  paddingBlock: 'clamp(2rem, 8vh, 4.5rem)',
  paddingInline: vars.space.md,
  background: `radial-gradient(40rem 20rem at 50% -10%, color-mix(in srgb, ${vars.color.primary} 16%, transparent), transparent 70%)`,
});

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  width: '100%',
  maxWidth: '28rem',
  padding: vars.space.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.md,
  '@media': { [media.sm]: { padding: vars.space.xl } },
});

export const header = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  textAlign: 'center',
});

export const title = style({
  fontSize: vars.fontSize.xxl,
  lineHeight: 1.2,
});

export const subtitle = style({
  color: vars.color.textMuted,
});

export const form = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});

export const footer = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  textAlign: 'center',
});

export const footerLink = style({
  color: vars.color.primary,
  fontWeight: 600,
  textDecoration: 'none',
  selectors: { '&:hover': { textDecoration: 'underline' } },
});
