import { media, vars } from '@store/ui';
import { style } from '@vanilla-extract/css';

/* A secret shown once (an API key, a webhook signing secret): the panel and its read-only field. */

export const secretPanel = style({
  borderColor: vars.color.warning,
});

export const secretField = style({
  display: 'grid',
  gap: vars.space.xxs,
  minWidth: 0,
});

export const secretLabel = style({
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
});

export const secretRow = style({
  display: 'grid',
  gap: vars.space.sm,
  '@media': { [media.sm]: { gridTemplateColumns: 'minmax(0, 1fr) auto', alignItems: 'center' } },
});

export const secretInput = style({
  width: '100%',
  minHeight: '44px',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  background: vars.color.background,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  color: vars.color.text,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.md,
  selectors: { '&:focus-visible': { borderColor: vars.color.primary, outlineOffset: '0' } },
});
