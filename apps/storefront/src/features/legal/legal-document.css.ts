import { media, vars } from '@store/ui';
import { globalStyle, style } from '@vanilla-extract/css';

export const page = style({
  paddingBlock: 'clamp(2rem, 6vw, 3.5rem)',
});

// Small screens: title, contents, text. Wide ones: the contents in a column beside the text.
export const layout = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gridTemplateAreas: '"header" "toc" "body"',
  rowGap: vars.space.lg,
  '@media': {
    [media.lg]: {
      gridTemplateColumns: '15rem minmax(0, 46rem)',
      gridTemplateAreas: '". header" "toc body"',
      justifyContent: 'center',
      alignItems: 'start',
      columnGap: vars.space.xxl,
    },
  },
});

export const header = style({
  gridArea: 'header',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  paddingBottom: vars.space.lg,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const eyebrow = style({
  color: vars.color.primaryText,
  fontSize: vars.fontSize.sm,
  fontWeight: 700,
  letterSpacing: '0.08em',
  textTransform: 'uppercase',
});

export const title = style({
  fontSize: vars.fontSize.display,
  lineHeight: 1.15,
});

export const updated = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const intro = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.lg,
});

// The contents: a box above the text on small screens, a sticky column beside it on wide ones.
export const toc = style({
  gridArea: 'toc',
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  fontSize: vars.fontSize.sm,
  '@media': {
    [media.lg]: {
      position: 'sticky',
      top: `calc(${vars.layout.headerHeight} + ${vars.space.lg})`,
      maxHeight: `calc(100vh - ${vars.layout.headerHeight} - ${vars.space.xl})`,
      overflowY: 'auto',
    },
  },
});

export const tocTitle = style({
  marginBottom: vars.space.xs,
  fontSize: vars.fontSize.sm,
  fontWeight: 700,
  letterSpacing: '0.06em',
  textTransform: 'uppercase',
  color: vars.color.textMuted,
});

export const tocList = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '2px',
  margin: 0,
  paddingLeft: vars.space.lg,
  color: vars.color.textMuted,
});

export const tocLink = style({
  // A block, so the number of a two-line entry sits on its first line.
  display: 'block',
  paddingBlock: vars.space.xxs,
  color: vars.color.textMuted,
  textDecoration: 'none',
  selectors: { '&:hover': { color: vars.color.text, textDecoration: 'underline' } },
});

export const body = style({
  gridArea: 'body',
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xl,
});

export const section = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  // Keeps a heading reached from the contents clear of the sticky navigation bar.
  scrollMarginTop: `calc(${vars.layout.headerHeight} + ${vars.space.md})`,
});

export const sectionTitle = style({
  fontSize: vars.fontSize.xl,
  lineHeight: 1.3,
});

globalStyle(`${section} p, ${section} li`, {
  color: vars.color.textMuted,
  lineHeight: 1.7,
});

globalStyle(`${section} ul`, {
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  margin: 0,
  paddingLeft: vars.space.lg,
});

globalStyle(`${section} strong`, {
  color: vars.color.text,
});

globalStyle(`${section} a`, {
  color: vars.color.primaryText,
});

export const address = style({
  display: 'flex',
  flexDirection: 'column',
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  fontStyle: 'normal',
  color: vars.color.textMuted,
});
