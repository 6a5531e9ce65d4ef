import { vars } from '@store/ui';
import { style } from '@vanilla-extract/css';

/** The box and its list: the list hangs below the field, over the results, as wide as the field. */
export const box = style({
  position: 'relative',
});

export const listbox = style({
  position: 'absolute',
  zIndex: 20,
  top: `calc(100% + ${vars.space.xxs})`,
  left: 0,
  right: 0,
  display: 'grid',
  // One column no wider than the box: a long title is cut with an ellipsis, not pushing the price out.
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.xxs,
  maxHeight: 'min(28rem, 70vh)',
  overflowY: 'auto',
  padding: vars.space.xs,
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.md,
  selectors: {
    '&[hidden]': { display: 'none' },
  },
});

export const groupLabel = style({
  padding: `${vars.space.xxs} ${vars.space.xs}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  letterSpacing: '0.04em',
  textTransform: 'uppercase',
});

/** An option: the picture, the title, the price; the active one (arrows or pointer) is lit like a focused control. */
export const option = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: '44px',
  padding: `${vars.space.xxs} ${vars.space.xs}`,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surface },
    '&[aria-selected="true"]': {
      background: vars.color.surface,
      outline: `2px solid ${vars.color.focus}`,
      outlineOffset: '-2px',
    },
  },
});

export const thumb = style({
  flexShrink: 0,
  width: '48px',
  borderRadius: vars.radius.sm,
});

export const categoryIcon = style({
  display: 'grid',
  flexShrink: 0,
  placeItems: 'center',
  width: '48px',
  height: '36px',
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.primaryText,
});

/** A long title takes two lines on a phone, then is cut. */
export const title = style({
  flex: 1,
  minWidth: 0,
  display: '-webkit-box',
  overflow: 'hidden',
  WebkitBoxOrient: 'vertical',
  WebkitLineClamp: 2,
  lineHeight: 1.3,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
});

export const price = style({
  flexShrink: 0,
  color: vars.color.secondaryText,
  fontSize: vars.fontSize.sm,
  fontWeight: 700,
});
