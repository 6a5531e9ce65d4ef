import { media, vars } from '@store/ui';
import { style } from '@vanilla-extract/css';

export const page = style({
  display: 'grid',
  gap: vars.space.lg,
  paddingBlock: `${vars.space.xl} ${vars.space.xxl}`,
});

export const header = style({
  display: 'grid',
  gap: vars.space.xs,
});

export const title = style({
  fontSize: vars.fontSize.xxl,
  fontWeight: 800,
  lineHeight: 1.2,
  '@media': { [media.md]: { fontSize: '2.25rem' } },
});

export const subtitle = style({
  color: vars.color.textMuted,
});

/** Search on its own row on phones; search, category, sort and the view toggle in one row from `md`. */
export const filters = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  gap: vars.space.md,
  padding: vars.space.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  '@media': {
    [media.sm]: { gridTemplateColumns: '1fr 1fr' },
    [media.md]: { gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr) auto', alignItems: 'end' },
  },
});

export const search = style({
  '@media': { [media.sm]: { gridColumn: '1 / -1' }, [media.md]: { gridColumn: 'auto' } },
});

export const viewToggle = style({
  display: 'none',
  '@media': {
    [media.md]: {
      display: 'flex',
      gap: vars.space.xxs,
      padding: vars.space.xxs,
      background: vars.color.background,
      border: `1px solid ${vars.color.border}`,
      borderRadius: vars.radius.md,
    },
  },
});

export const viewButton = style({
  selectors: {
    '&[aria-pressed="true"]': { background: vars.color.primary, color: vars.color.primaryContrast },
    '&[aria-pressed="true"]:hover': { background: vars.color.primary },
  },
});

export const summary = style({
  minHeight: '1.5em',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const more = style({
  display: 'flex',
  justifyContent: 'center',
  paddingTop: vars.space.md,
});

export const empty = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.sm,
  paddingBlock: vars.space.xxl,
  paddingInline: vars.space.md,
  textAlign: 'center',
  background: vars.color.surface,
  border: `1px dashed ${vars.color.border}`,
  borderRadius: vars.radius.lg,
});

export const emptyIcon = style({
  color: vars.color.textMuted,
});

export const emptyTitle = style({
  fontSize: vars.fontSize.xl,
  fontWeight: 700,
});

export const emptyHint = style({
  maxWidth: '32rem',
  color: vars.color.textMuted,
});
