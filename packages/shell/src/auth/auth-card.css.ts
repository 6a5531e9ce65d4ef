import { media, vars } from '@store/ui';
import { style } from '@vanilla-extract/css';

// The page around the card where the app's own layout does not centre it (the shop's login and registration).
export const backdrop = style({
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
  alignItems: 'center',
  gap: vars.space.xs,
  textAlign: 'center',
});

export const icon = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '48px',
  height: '48px',
  borderRadius: vars.radius.full,
  color: vars.color.primary,
  background: `color-mix(in srgb, ${vars.color.primary} 16%, transparent)`,
});

export const dangerIcon = style({
  color: vars.color.danger,
  background: `color-mix(in srgb, ${vars.color.danger} 16%, transparent)`,
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

export const actions = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  '@media': { [media.sm]: { flexDirection: 'row', justifyContent: 'center' } },
});

export const footer = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  textAlign: 'center',
});

export const link = style({
  color: vars.color.primary,
  fontWeight: 600,
  textDecoration: 'none',
  selectors: { '&:hover': { textDecoration: 'underline' } },
});
