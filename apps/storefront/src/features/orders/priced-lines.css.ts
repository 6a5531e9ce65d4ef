import { vars } from '@store/ui';
import { globalStyle, style } from '@vanilla-extract/css';

export const list = style({ display: 'flex', flexDirection: 'column', margin: 0, padding: 0, listStyle: 'none' });

export const line = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  paddingBlock: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const info = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });

export const title = style({ fontWeight: 600 });

export const unit = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const amount = style({ fontWeight: 600, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' });

export const totalRow = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'baseline',
  gap: vars.space.sm,
  fontSize: vars.fontSize.lg,
  fontWeight: 700,
});

export const discountRows = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs, margin: 0 });

export const discountRow = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  color: vars.color.textMuted,
  fontVariantNumeric: 'tabular-nums',
});

globalStyle(`${discountRow} dd`, { margin: 0, whiteSpace: 'nowrap' });
