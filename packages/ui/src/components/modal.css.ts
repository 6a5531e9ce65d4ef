import { style } from '@vanilla-extract/css';
import { media } from '../theme/tokens.ts';
import { vars } from '../theme/theme.css.ts';

export const dialog = style({
  width: 'min(640px, calc(100vw - 24px))',
  maxHeight: 'calc(100dvh - 24px)',
  padding: 0,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  color: vars.color.text,
  boxShadow: vars.shadow.md,
  selectors: {
    '&::backdrop': { background: 'rgb(2 6 23 / 0.7)' },
  },
});

export const wide = style({
  width: 'min(880px, calc(100vw - 24px))',
});

export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: 1,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  padding: `${vars.space.md} ${vars.space.lg}`,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const title = style({
  fontSize: vars.fontSize.lg,
  fontWeight: 700,
});

export const body = style({
  padding: vars.space.md,
  '@media': { [media.sm]: { padding: vars.space.lg } },
});
