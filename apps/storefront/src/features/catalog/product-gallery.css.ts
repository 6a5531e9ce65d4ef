import { vars } from '@store/ui';
import { style } from '@vanilla-extract/css';

export const gallery = style({
  display: 'grid',
  gap: vars.space.sm,
  minWidth: 0,
});

export const main = style({
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
});

export const thumbs = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const thumb = style({
  display: 'block',
  width: '80px',
  padding: 0,
  overflow: 'hidden',
  background: 'none',
  border: `2px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  cursor: 'pointer',
  opacity: 0.7,
  transition: 'border-color 120ms ease, opacity 120ms ease',
  selectors: {
    '&:hover': { opacity: 1 },
    '&[aria-pressed="true"]': { borderColor: vars.color.primary, opacity: 1 },
  },
});
