import { media, vars } from '@store/ui';
import { globalStyle, style } from '@vanilla-extract/css';

export const page = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  paddingBlock: `${vars.space.xl} ${vars.space.xxl}`,
});

export const heading = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs });

export const title = style({ fontSize: vars.fontSize.xxl, lineHeight: 1.2 });

export const subtitle = style({ color: vars.color.textMuted });

export const layout = style({
  display: 'grid',
  gap: vars.space.lg,
  alignItems: 'start',
  '@media': { [media.lg]: { gridTemplateColumns: 'minmax(0, 1fr) 24rem' } },
});

export const column = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, minWidth: 0 });

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.lg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  minWidth: 0,
});

export const stickyCard = style([
  card,
  { '@media': { [media.lg]: { position: 'sticky', top: `calc(${vars.layout.headerHeight} + ${vars.space.md})` } } },
]);

export const cardTitle = style({ fontSize: vars.fontSize.lg });

export const details = style({
  display: 'grid',
  gap: vars.space.sm,
  margin: 0,
  '@media': { [media.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

globalStyle(`${details} dt`, { color: vars.color.textMuted, fontSize: vars.fontSize.sm });
globalStyle(`${details} dd`, { margin: 0, fontWeight: 600 });

export const formGrid = style({
  display: 'grid',
  gap: vars.space.md,
  '@media': { [media.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const wide = style({ '@media': { [media.sm]: { gridColumn: '1 / -1' } } });

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const checking = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const methods = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  border: 0,
  minWidth: 0,
});

export const legend = style({ padding: 0, marginBottom: vars.space.sm, fontSize: vars.fontSize.lg, fontWeight: 600 });

export const method = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.background,
  cursor: 'pointer',
  selectors: {
    '&:has(input:checked)': {
      borderColor: vars.color.primary,
      background: `color-mix(in srgb, ${vars.color.primary} 8%, ${vars.color.background})`,
    },
    '&:has(input:disabled)': { cursor: 'not-allowed', opacity: 0.7 },
    '&:has(input:focus-visible)': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

export const radio = style({ flex: 'none', width: '18px', height: '18px', margin: 0, accentColor: vars.color.primary });

export const methodText = style({ display: 'flex', flexDirection: 'column', gap: '2px', flex: 1, minWidth: 0 });

export const methodName = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.xs, fontWeight: 600 });

export const link = style({ color: vars.color.primaryText, fontWeight: 600 });

export const notice = style({ marginBottom: 0 });
