import { media, vars } from '@store/ui';
import { globalStyle, style } from '@vanilla-extract/css';

export { error, formGrid, fullRow, hint } from '../layout/form.css.ts';

export const page = style({
  display: 'grid',
  gap: vars.space.lg,
});

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
});

export const filters = style({
  display: 'grid',
  gap: vars.space.md,
  alignItems: 'end',
  '@media': { [media.sm]: { gridTemplateColumns: 'minmax(0, 1fr) 220px' } },
});

export const summary = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  minHeight: '1.5em',
});

/* The list (the shared DataTable): a thumbnail beside the title, and the row's actions. */

export const productCell = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minWidth: 0,
  textAlign: 'left',
  '@media': { [media.md]: { minWidth: '240px' } },
});

export const productText = style({
  display: 'grid',
  minWidth: 0,
});

export const actions = style({
  display: 'inline-flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space.xs,
  paddingBlock: vars.space.xxs,
  '@media': { [media.md]: { flexWrap: 'nowrap' } },
});

export const thumb = style({
  display: 'grid',
  placeItems: 'center',
  flex: 'none',
  width: '48px',
  height: '48px',
  overflow: 'hidden',
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceRaised,
  color: vars.color.textMuted,
  border: `1px solid ${vars.color.border}`,
});

globalStyle(`${thumb} img`, {
  width: '100%',
  height: '100%',
  objectFit: 'cover',
});

export const productTitle = style({
  fontWeight: 600,
  fontSize: vars.fontSize.md,
  color: vars.color.text,
});

export const productDescription = style({
  display: '-webkit-box',
  WebkitLineClamp: 1,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const more = style({
  display: 'flex',
  justifyContent: 'center',
});

export const skeletonRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: vars.space.sm,
});

/* The product form. */

export const form = style({
  display: 'grid',
  gap: vars.space.md,
});

export const section = style({
  display: 'grid',
  gap: vars.space.sm,
  margin: 0,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  minWidth: 0,
});

export const sectionHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.xs,
});

export const legend = style({
  padding: `0 ${vars.space.xxs}`,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
});

export const imageGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const imageTile = style({
  position: 'relative',
  aspectRatio: '1',
  overflow: 'hidden',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
});

globalStyle(`${imageTile} img`, {
  width: '100%',
  height: '100%',
  objectFit: 'cover',
});

export const imageBusy = style({
  display: 'grid',
  placeItems: 'center',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  textAlign: 'center',
  padding: vars.space.xs,
});

export const removeImage = style({
  position: 'absolute',
  top: vars.space.xxs,
  right: vars.space.xxs,
  background: 'rgb(2 6 23 / 0.75)',
});

export const coverBadge = style({
  position: 'absolute',
  left: vars.space.xxs,
  bottom: vars.space.xxs,
});

export const fileInput = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  maxWidth: '100%',
  selectors: {
    '&::file-selector-button': {
      marginRight: vars.space.sm,
      padding: `${vars.space.xs} ${vars.space.md}`,
      border: `1px solid ${vars.color.border}`,
      borderRadius: vars.radius.md,
      background: vars.color.surfaceRaised,
      color: vars.color.text,
      font: 'inherit',
      fontWeight: 600,
      cursor: 'pointer',
    },
  },
});

export const chipList = style({
  display: 'grid',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const chip = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: `${vars.space.xxs} ${vars.space.xxs} ${vars.space.xxs} ${vars.space.sm}`,
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  fontSize: vars.fontSize.sm,
  minWidth: 0,
});

export const chipText = style({
  minWidth: 0,
  overflowWrap: 'anywhere',
});

export const requirementName = style({
  fontWeight: 600,
});

export const formActions = style({
  display: 'flex',
  flexWrap: 'wrap-reverse',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
  paddingTop: vars.space.xs,
});

/* The licence keys dialog. */

export const stockFacts = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(120px, 1fr))',
  gap: vars.space.sm,
  margin: 0,
});

export const stockFact = style({
  display: 'grid',
  gap: vars.space.xxs,
  padding: vars.space.sm,
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

export const stockFactLabel = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
});

export const stockFactValue = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  fontWeight: 700,
  fontVariantNumeric: 'tabular-nums',
});

export const keysArea = style({});

globalStyle(`${keysArea} textarea`, {
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  minHeight: '160px',
});

export const duplicateList = style({
  margin: `${vars.space.xxs} 0 0`,
  paddingLeft: vars.space.lg,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xs,
  overflowWrap: 'anywhere',
});

/* Delivery: the download limit, the key mode and the pattern's example. */

export const exampleKey = style({
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
  overflowWrap: 'anywhere',
});

/* The product's deliverable files. */

export const fileList = style({
  display: 'grid',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const fileRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: `${vars.space.xs} ${vars.space.xs} ${vars.space.xs} ${vars.space.sm}`,
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  fontSize: vars.fontSize.sm,
  minWidth: 0,
});

export const fileText = style({
  display: 'grid',
  gap: vars.space.xxs,
  minWidth: 0,
  flex: '1 1 16rem',
});

export const fileName = style({
  fontWeight: 600,
  overflowWrap: 'anywhere',
});

export const fileFacts = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `0 ${vars.space.sm}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
});

export const fileHash = style({
  fontFamily: vars.font.mono,
});

export const fileActions = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxs,
});

export const uploadProgress = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  alignItems: 'center',
  gap: `${vars.space.xxs} ${vars.space.sm}`,
  padding: vars.space.sm,
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  fontSize: vars.fontSize.sm,
});

export const progressTrack = style({
  gridColumn: '1 / -1',
  height: '8px',
  overflow: 'hidden',
  borderRadius: vars.radius.full,
  background: vars.color.border,
});

export const progressBar = style({
  height: '100%',
  background: vars.color.primary,
  transition: 'width 120ms linear',
  '@media': { [media.reducedMotion]: { transition: 'none' } },
});

// While the browser cannot tell the total: a bar that fills the track at half strength.
export const progressUnknown = style({
  width: '100%',
  opacity: 0.4,
});

/** A package member: its title, its quantity and its remove button on one line. */
export const memberRow = style([
  chip,
  {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) 7rem auto',
    alignItems: 'end',
  },
]);

export const memberQuantity = style({
  minWidth: 0,
});
