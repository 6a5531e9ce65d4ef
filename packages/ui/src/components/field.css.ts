import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';

export const field = style({
  display: 'grid',
  // Rows keep their height when a form grid makes the field taller than its content (a neighbour's hint).
  alignContent: 'start',
  gap: vars.space.xxs,
  minWidth: 0,
});

export const label = style({
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  color: vars.color.text,
});

export const control = style({
  width: '100%',
  minHeight: '44px',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  transition: 'border-color 120ms ease',
  selectors: {
    '&::placeholder': { color: vars.color.textMuted },
    '&:hover:not(:disabled)': { borderColor: vars.color.textMuted },
    '&:focus-visible': { borderColor: vars.color.primary, outlineOffset: '0' },
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
    '&:disabled': { opacity: 0.6, cursor: 'not-allowed' },
  },
});

export const textarea = style({
  minHeight: '110px',
  resize: 'vertical',
});

export const select = style({
  appearance: 'none',
  paddingRight: vars.space.xl,
  backgroundImage:
    'linear-gradient(45deg, transparent 50%, currentColor 50%), linear-gradient(135deg, currentColor 50%, transparent 50%)',
  backgroundPosition: 'calc(100% - 18px) 50%, calc(100% - 13px) 50%',
  backgroundSize: '5px 5px, 5px 5px',
  backgroundRepeat: 'no-repeat',
});

export const hint = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
});

export const error = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.danger,
});

export const passwordWrap = style({
  position: 'relative',
  display: 'flex',
});

export const passwordInput = style({
  paddingRight: '48px',
});

export const passwordToggle = style({
  position: 'absolute',
  right: '4px',
  top: '50%',
  transform: 'translateY(-50%)',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '40px',
  height: '36px',
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
  selectors: { '&:hover': { color: vars.color.text } },
});

export const checkboxRow = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.xs,
  fontSize: vars.fontSize.sm,
  lineHeight: 1.45,
  cursor: 'pointer',
});

export const checkbox = style({
  flex: 'none',
  width: '18px',
  height: '18px',
  marginTop: '2px',
  accentColor: vars.color.primary,
  cursor: 'pointer',
});
