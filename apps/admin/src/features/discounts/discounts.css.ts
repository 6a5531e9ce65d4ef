import { vars } from '@store/ui';
import { style } from '@vanilla-extract/css';

export const scopeGroup = style({ display: 'flex', flexWrap: 'wrap', gap: `${vars.space.xs} ${vars.space.md}` });

export const scopeProducts = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  maxHeight: '14rem',
  overflowY: 'auto',
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

export const rowActions = style({ display: 'inline-flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: vars.space.xs });

export const codeText = style({ fontWeight: 700, letterSpacing: '0.02em' });
