import { media, vars } from '@store/ui';
import { globalStyle, style } from '@vanilla-extract/css';

export const page = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  paddingBlock: `${vars.space.xl} ${vars.space.xxl}`,
});

export const heading = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const title = style({ fontSize: vars.fontSize.xxl, lineHeight: 1.2 });

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const layout = style({
  display: 'grid',
  gap: vars.space.lg,
  alignItems: 'start',
  '@media': { [media.lg]: { gridTemplateColumns: 'minmax(0, 1fr) 22rem' } },
});

export const linesSection = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, minWidth: 0 });

export const lines = style({
  display: 'flex',
  flexDirection: 'column',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
});

export const line = style({
  display: 'grid',
  gridTemplateColumns: '64px minmax(0, 1fr)',
  gridTemplateAreas: `"image info" "controls controls"`,
  gap: vars.space.sm,
  padding: vars.space.md,
  selectors: { '& + &': { borderTop: `1px solid ${vars.color.border}` } },
  '@media': {
    [media.sm]: {
      gridTemplateColumns: '80px minmax(0, 1fr) auto',
      gridTemplateAreas: `"image info controls"`,
      alignItems: 'center',
      gap: vars.space.md,
    },
  },
});

export const imageBox = style({
  gridArea: 'image',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '64px',
  height: '64px',
  overflow: 'hidden',
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
  color: vars.color.textMuted,
  '@media': { [media.sm]: { width: '80px', height: '80px' } },
});

/** The picture element adds no box of its own: the image fills the square. */
export const picture = style({ display: 'contents' });

export const image = style({ width: '100%', height: '100%', objectFit: 'cover' });

export const info = style({
  gridArea: 'info',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  minWidth: 0,
});

export const lineTitle = style({
  fontWeight: 600,
  textDecoration: 'none',
  selectors: { '&:hover': { color: vars.color.primaryText, textDecoration: 'underline' } },
});

export const controls = style({
  gridArea: 'controls',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  '@media': { [media.sm]: { justifyContent: 'flex-end', gap: vars.space.md } },
});

export const stepper = style({
  display: 'inline-flex',
  alignItems: 'center',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.background,
});

export const quantity = style({
  minWidth: '2.5rem',
  textAlign: 'center',
  fontWeight: 600,
  fontVariantNumeric: 'tabular-nums',
});

export const lineTotal = style({
  minWidth: '5rem',
  textAlign: 'right',
  fontWeight: 700,
  fontVariantNumeric: 'tabular-nums',
});

export const summary = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.lg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  '@media': { [media.lg]: { position: 'sticky', top: `calc(${vars.layout.headerHeight} + ${vars.space.md})` } },
});

export const summaryTitle = style({ fontSize: vars.fontSize.lg });

export const summaryRows = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, margin: 0 });

export const summaryRow = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  color: vars.color.textMuted,
});

globalStyle(`${summaryRow} dd`, { margin: 0, color: vars.color.text, fontVariantNumeric: 'tabular-nums' });

export const totalRow = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'baseline',
  gap: vars.space.sm,
  paddingTop: vars.space.sm,
  borderTop: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.lg,
  fontWeight: 700,
});

globalStyle(`${totalRow} dd`, { margin: 0, fontVariantNumeric: 'tabular-nums' });

export const checking = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const actions = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });

export const accountLinks = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: vars.space.xs,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const textLink = style({
  color: vars.color.primaryText,
  fontWeight: 600,
  selectors: { '&:hover': { textDecoration: 'none' } },
});

export const footerRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const modalActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
  marginTop: vars.space.lg,
});

/** An amount that must not break between its sign and its digits (the discount line). */
export const amount = style({ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' });
