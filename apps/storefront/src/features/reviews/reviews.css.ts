import { vars } from '@store/ui';
import { globalStyle, style } from '@vanilla-extract/css';

export const section = style({
  display: 'grid',
  gap: vars.space.lg,
  padding: vars.space.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  scrollMarginTop: `calc(${vars.layout.headerHeight} + ${vars.space.md})`,
});

export const header = style({
  display: 'grid',
  gap: vars.space.xs,
});

export const title = style({
  fontSize: vars.fontSize.xl,
  fontWeight: 700,
});

export const summary = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const summaryValue = style({
  color: vars.color.text,
  fontWeight: 700,
});

export const muted = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const card = style({
  display: 'grid',
  gap: vars.space.sm,
  padding: vars.space.md,
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

export const cardTitle = style({
  fontSize: vars.fontSize.lg,
  fontWeight: 700,
});

export const form = style({
  display: 'grid',
  gap: vars.space.md,
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
});

/* The star picker: five radio buttons drawn as stars; the stars up to the chosen (or hovered) one are lit. */

export const picker = style({
  display: 'grid',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  border: 0,
  minInlineSize: 0,
});

export const pickerLegend = style({
  padding: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
});

export const stars = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxs,
});

export const star = style({
  position: 'relative',
  display: 'inline-flex',
  padding: vars.space.xxs,
  borderRadius: vars.radius.sm,
  color: vars.color.textMuted,
  cursor: 'pointer',
  selectors: {
    '&:has(input:focus-visible)': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

export const starLit = style({
  color: '#facc15',
});

export const starInput = style({
  position: 'absolute',
  inset: 0,
  margin: 0,
  opacity: 0,
  cursor: 'pointer',
});

export const pickerError = style({
  color: vars.color.danger,
  fontSize: vars.fontSize.sm,
});

/* The list. */

export const list = style({
  display: 'grid',
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const review = style({
  display: 'grid',
  gap: vars.space.xs,
  paddingBlockEnd: vars.space.md,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const reviewMeta = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const author = style({
  color: vars.color.text,
  fontWeight: 600,
});

/** A buyer's line breaks are kept as typed; the text is never read as HTML. */
export const body = style({
  whiteSpace: 'pre-line',
  overflowWrap: 'anywhere',
});

globalStyle(`${list} > li:last-child > ${review}`, { borderBottom: 0, paddingBlockEnd: 0 });
