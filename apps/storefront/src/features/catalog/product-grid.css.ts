import { media, vars } from '@store/ui';
import { style } from '@vanilla-extract/css';

const base = {
  display: 'grid',
  gridTemplateColumns: '1fr',
  gap: vars.space.lg,
  transition: 'opacity 150ms ease',
} as const;

/** One column on phones, two from `sm`, three from `lg`. */
export const grid = style({
  ...base,
  '@media': {
    [media.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [media.lg]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  },
});

/** The list view is for wide screens only: below `md` it stays the grid. */
export const list = style({
  ...base,
  '@media': {
    [media.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [media.md]: { gridTemplateColumns: '1fr' },
  },
});

/** New filters are loading: the previous results stay, dimmed. */
export const busy = style({
  opacity: 0.55,
});
