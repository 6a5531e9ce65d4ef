import { media, vars } from '@store/ui';
import { globalStyle, style } from '@vanilla-extract/css';

export const page = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  maxWidth: '52rem',
  paddingBlock: `${vars.space.xl} ${vars.space.xxl}`,
});

export const wide = style({ maxWidth: vars.layout.contentWidth });

export const hero = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.sm,
  textAlign: 'center',
});

export const heroIcon = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '64px',
  height: '64px',
  borderRadius: '50%',
});

export const heroSuccess = style({ background: `color-mix(in srgb, ${vars.color.success} 18%, transparent)`, color: vars.color.success });
export const heroWarning = style({ background: `color-mix(in srgb, ${vars.color.warning} 18%, transparent)`, color: vars.color.warning });
export const heroDanger = style({ background: `color-mix(in srgb, ${vars.color.danger} 18%, transparent)`, color: vars.color.danger });

export const title = style({ fontSize: vars.fontSize.xxl, lineHeight: 1.2 });

export const subtitle = style({ color: vars.color.textMuted, maxWidth: '36rem' });

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

export const cardHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const cardTitle = style({ fontSize: vars.fontSize.lg });

// Flex rather than grid columns: a fact that cannot break (a date and time) takes a row of its own on a phone
// instead of sticking out of a 9rem column.
export const facts = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  margin: 0,
});

globalStyle(`${facts} > div`, { flex: '1 1 9rem' });

globalStyle(`${facts} dt`, { color: vars.color.textMuted, fontSize: vars.fontSize.sm });
globalStyle(`${facts} dd`, { margin: 0, fontWeight: 600, fontVariantNumeric: 'tabular-nums' });

/** A date and time never breaks inside ("9:39 / AM"). */
export const dateTime = style({ whiteSpace: 'nowrap' });

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const amount = style({ fontWeight: 600, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' });

export const goods = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, margin: 0, padding: 0, listStyle: 'none' });

export const good = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.background,
});

export const goodTitle = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs, fontSize: vars.fontSize.md, fontWeight: 600 });

export const keys = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, margin: 0, padding: 0, listStyle: 'none' });

export const keyRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
});

export const key = style({
  flex: '1 1 14rem',
  minWidth: 0,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceRaised,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  letterSpacing: '0.02em',
  overflowWrap: 'anywhere',
  userSelect: 'all',
});

export const actions = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  '@media': { [media.sm]: { flexDirection: 'row', flexWrap: 'wrap', justifyContent: 'center' } },
});

export const link = style({ color: vars.color.primaryText, fontWeight: 600 });

export const reviewLinks = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const orderList = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, margin: 0, padding: 0, listStyle: 'none' });

export const orderMeta = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm });

export const pager = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const download = style({ flexShrink: 0 });

export const files = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, margin: 0, padding: 0, listStyle: 'none' });

export const fileRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceRaised,
});

export const fileInfo = style({ display: 'flex', flexDirection: 'column', gap: '2px', flex: '1 1 14rem', minWidth: 0 });

export const fileName = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.sm, overflowWrap: 'anywhere' });

export const fileMeta = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontVariantNumeric: 'tabular-nums',
});

globalStyle(`${fileMeta} > span + span::before`, { content: "'·'", marginInlineEnd: vars.space.xs });

// Looks like a switched-off button so the row keeps its shape, but it is text: there is nothing to press.
export const limitReached = style({
  flex: '0 1 20rem',
  margin: 0,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `1px dashed ${vars.color.border}`,
  borderRadius: vars.radius.md,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  opacity: 0.8,
  cursor: 'not-allowed',
});

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, minWidth: 0 });

export const nestedGoods = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  paddingTop: vars.space.sm,
  borderTop: `1px solid ${vars.color.border}`,
});

/** One product of a delivered package: set off from the package's box by a rule on its left. */
export const memberGood = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  paddingLeft: vars.space.md,
  borderLeft: `3px solid ${vars.color.border}`,
});

export const unpaidActions = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });

export const unpaidButtons = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

export const unpaidProblem = style({ color: vars.color.danger });
