import { vars } from '@store/ui';
import { style } from '@vanilla-extract/css';

export const brand = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  color: vars.color.text,
  fontSize: vars.fontSize.lg,
  fontWeight: 700,
  // The site name as the admin wrote it, not in the capitals of the other column titles.
  letterSpacing: 'normal',
  textTransform: 'none',
});

export const facts = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const label = style({
  color: vars.color.text,
  fontWeight: 600,
});

export const address = style({
  fontStyle: 'normal',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
});

export const mail = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
});

export const legal = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
