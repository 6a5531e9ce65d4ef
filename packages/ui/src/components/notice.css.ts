import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';

export const notice = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: '1px solid transparent',
  borderRadius: vars.radius.md,
  fontSize: vars.fontSize.sm,
  lineHeight: 1.5,
});

// The badge's recipe on a larger box: a tint of the tone, a stronger border, readable text on the dark theme.
const tint = (color: string) => ({
  background: `color-mix(in srgb, ${color} 12%, ${vars.color.surface})`,
  borderColor: `color-mix(in srgb, ${color} 45%, transparent)`,
  color: vars.color.text,
});

export const tone = styleVariants({
  info: tint(vars.color.info),
  success: tint(vars.color.success),
  warning: tint(vars.color.warning),
  danger: tint(vars.color.danger),
});

export const iconTone = styleVariants({
  info: { color: vars.color.info },
  success: { color: vars.color.success },
  warning: { color: vars.color.warning },
  danger: { color: vars.color.danger },
});

export const icon = style({ flex: 'none', marginTop: '1px' });

export const content = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  minWidth: 0,
  flex: 1,
});

export const title = style({ fontWeight: 700 });

export const dismiss = style({ flex: 'none', marginBlock: `calc(-1 * ${vars.space.xxs})`, marginRight: `calc(-1 * ${vars.space.xs})` });
