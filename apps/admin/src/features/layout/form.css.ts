import { media, vars } from '@store/ui';
import { style } from '@vanilla-extract/css';

/** The admin forms' shared pieces (product form, settings). */

/** Fields in one column on phones, two from the small breakpoint. */
export const formGrid = style({
  display: 'grid',
  gap: vars.space.md,
  '@media': { [media.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

/** A field spanning both columns of `formGrid`. */
export const fullRow = style({
  '@media': { [media.sm]: { gridColumn: '1 / -1' } },
});

export const hint = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
});

export const error = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.danger,
});
