import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';
import { media } from '../theme/tokens.ts';

export const appRoot = style({
  display: 'flex',
  flexDirection: 'column',
  minHeight: '100vh',
  background: vars.color.background,
  color: vars.color.text,
  fontFamily: vars.font.body,
  // Long words (e-mail addresses, product names) wrap instead of widening the page on small screens.
  overflowWrap: 'anywhere',
});

export const main = style({
  flex: '1 0 auto',
  width: '100%',
  // Focused by the skip link only; an outline around the whole page would just be noise.
  selectors: { '&:focus': { outline: 'none' } },
});

export const container = style({
  width: '100%',
  maxWidth: vars.layout.contentWidth,
  marginInline: 'auto',
  paddingInline: vars.space.md,
  '@media': { [media.md]: { paddingInline: vars.space.lg } },
});

export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
});

export const skipLink = style([
  visuallyHidden,
  {
    selectors: {
      '&:focus': {
        position: 'fixed',
        top: vars.space.xs,
        left: vars.space.xs,
        zIndex: 100,
        width: 'auto',
        height: 'auto',
        margin: 0,
        padding: `${vars.space.xs} ${vars.space.md}`,
        clip: 'auto',
        background: vars.color.surfaceRaised,
        borderRadius: vars.radius.md,
      },
    },
  },
]);
