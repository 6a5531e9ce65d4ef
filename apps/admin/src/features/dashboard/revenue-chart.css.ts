import { vars } from '@store/ui';
import { style } from '@vanilla-extract/css';

export const figure = style({ margin: 0, minWidth: 0 });

// Its width and height attributes are the box's measured size in pixels (revenue-chart.tsx): never scaled.
export const svg = style({
  display: 'block',
  overflow: 'visible',
});

export const bar = style({ fill: vars.color.primary });

export const ordersLine = style({
  fill: 'none',
  stroke: vars.color.secondary,
  strokeWidth: 2,
  strokeLinejoin: 'round',
});

export const ordersDot = style({ fill: vars.color.secondary });

export const gridLine = style({ stroke: vars.color.border, strokeWidth: 1 });

export const axisText = style({
  fill: vars.color.textMuted,
  fontSize: '11px',
  fontVariantNumeric: 'tabular-nums',
});

export const legend = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  marginTop: vars.space.xs,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const swatch = style({
  display: 'inline-block',
  width: '0.75rem',
  height: '0.75rem',
  marginRight: vars.space.xxs,
  borderRadius: '2px',
  verticalAlign: 'middle',
});

export const revenueSwatch = style([swatch, { background: vars.color.primary }]);
export const ordersSwatch = style([swatch, { background: vars.color.secondary, height: '3px' }]);
