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

/** Below `md` the filters fold (they would push the first products below the fold on a phone). */
const phonesOnly = 'screen and (max-width: 767.98px)';

export const filtersFolded = style({
  '@media': { [phonesOnly]: { display: 'none' } },
});

/** The phone's Filters button; from `md` up the filters are always open and it is gone. */
export const filtersToggle = style({
  display: 'flex',
  '@media': { [media.md]: { display: 'none' } },
});

export const filterCount = style({
  display: 'inline-grid',
  placeItems: 'center',
  minWidth: '1.25rem',
  height: '1.25rem',
  paddingInline: vars.space.xxs,
  borderRadius: vars.radius.full,
  background: vars.color.primary,
  color: vars.color.primaryContrast,
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
});

export const chevron = style({
  transition: 'transform 150ms ease',
});

export const chevronOpen = style([chevron, { transform: 'rotate(180deg)' }]);

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
  display: 'grid',
  gap: vars.space.xxs,
  minHeight: '1.5em',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const more = style({
  display: 'flex',
  justifyContent: 'center',
  paddingTop: vars.space.md,
});


/** "Showing results for “lumora”": the corrected search, above the count. */
export const corrected = style({
  color: vars.color.text,
  fontSize: vars.fontSize.md,
});
