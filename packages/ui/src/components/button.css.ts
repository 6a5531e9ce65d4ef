import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';

const hover = (color: string, amount = 85) => `color-mix(in srgb, ${color} ${amount}%, white)`;
const darker = (color: string, amount: number) => `color-mix(in srgb, ${color} ${amount}%, black)`;

export const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xs,
  border: '1px solid transparent',
  borderRadius: vars.radius.md,
  fontWeight: 600,
  lineHeight: 1.2,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  userSelect: 'none',
  transition: 'background-color 120ms ease, border-color 120ms ease, color 120ms ease',
  selectors: {
    '&:disabled, &[aria-disabled="true"]': { opacity: 0.55, cursor: 'not-allowed' },
  },
});

export const variant = styleVariants({
  primary: {
    background: vars.color.primary,
    color: vars.color.primaryContrast,
    selectors: { '&:hover:not(:disabled)': { background: hover(vars.color.primary) } },
  },
  secondary: {
    background: vars.color.surfaceRaised,
    borderColor: vars.color.border,
    color: vars.color.text,
    selectors: { '&:hover:not(:disabled)': { borderColor: vars.color.primary } },
  },
  ghost: {
    background: 'transparent',
    color: vars.color.text,
    selectors: { '&:hover:not(:disabled)': { background: vars.color.surfaceRaised } },
  },
  // White on the theme's red (#ef4444) is 3.76:1; a quarter darker it is 6.1:1 and on hover (15% darker) 5.0:1,
  // above WCAG AA's 4.5:1 for the buttons' small text (docs/decisions/051-admin-layout.md).
  danger: {
    background: darker(vars.color.danger, 75),
    color: '#ffffff',
    selectors: { '&:hover:not(:disabled)': { background: darker(vars.color.danger, 85) } },
  },
});

export const size = styleVariants({
  sm: { minHeight: '32px', padding: `0 ${vars.space.sm}`, fontSize: vars.fontSize.sm },
  md: { minHeight: '40px', padding: `0 ${vars.space.md}`, fontSize: vars.fontSize.sm },
  lg: { minHeight: '48px', padding: `0 ${vars.space.lg}`, fontSize: vars.fontSize.md },
});

/** Square buttons holding only an icon. */
export const iconOnly = styleVariants({
  sm: { width: '32px', padding: 0 },
  md: { width: '40px', padding: 0 },
  lg: { width: '48px', padding: 0 },
});

export const fullWidth = style({ width: '100%' });
