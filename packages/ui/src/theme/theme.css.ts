import { createGlobalTheme, createThemeContract, globalStyle } from '@vanilla-extract/css';
import { darkTokens } from './tokens.ts';

/** The names every component styles with; the values come from the global theme and the site's settings. */
export const vars = createThemeContract(darkTokens);

// On :root so that everything, portals included, sees the defaults; `themeVars` overrides the site's own choices.
createGlobalTheme(':root', vars, darkTokens);

globalStyle(':root', {
  colorScheme: 'dark',
});

globalStyle('*, *::before, *::after', {
  boxSizing: 'border-box',
});

globalStyle('html', {
  WebkitTextSizeAdjust: '100%',
});

globalStyle('body', {
  margin: 0,
  minWidth: '320px',
  background: vars.color.background,
  color: vars.color.text,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: 1.5,
  WebkitFontSmoothing: 'antialiased',
  MozOsxFontSmoothing: 'grayscale',
});

globalStyle('h1, h2, h3, h4, p, figure, blockquote, dl, dd', {
  margin: 0,
});

globalStyle('img, svg, video', {
  display: 'block',
  maxWidth: '100%',
});

globalStyle('button, input, select, textarea', {
  font: 'inherit',
  color: 'inherit',
});

globalStyle('a', {
  color: 'inherit',
});

globalStyle(':focus-visible', {
  outline: `2px solid ${vars.color.focus}`,
  outlineOffset: '2px',
});
