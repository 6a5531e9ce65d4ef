import type { SiteInfo } from '@store/contracts';
import { assignInlineVars } from '@vanilla-extract/dynamic';
import { vars } from './theme.css.ts';
import { FONT_FALLBACK_STACK, darkTokens } from './tokens.ts';

/** The parts of the site information that change how the apps look. */
export type SiteAppearance = Partial<Pick<SiteInfo, 'primary_color' | 'secondary_color' | 'font_family'>>;

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
// A family name only: anything else could close the declaration and inject CSS into the style attribute.
const FONT_NAME = /^[A-Za-z0-9][A-Za-z0-9 -]{0,39}$/;
const LIGHT_TEXT = '#ffffff';
const DARK_TEXT = darkTokens.color.primaryContrast;
const BLACK_TEXT = '#000000';

/** `#abc` or `#aabbcc` as lower-case `#aabbcc`; anything else (a name, `rgb()`, a typo) gives null. */
export function parseHexColor(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (!HEX_COLOR.test(text)) return null;
  const digits = text.slice(1).toLowerCase();
  return digits.length === 3 ? `#${[...digits].map((d) => d + d).join('')}` : `#${digits}`;
}

function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG's contrast ratio of two `#rrggbb` colours. */
export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/** WCAG AA's least contrast for text of ordinary size. */
const AA_TEXT_CONTRAST = 4.5;

/**
 * The text colour for a `#rrggbb` background: white or the theme's dark ink, whichever contrasts more; where
 * neither reaches AA's 4.5:1 (mid-tones such as the Purple preset's #8b5cf6: 4.2 and 4.47), pure black, which
 * reaches it on every colour that white does not.
 */
export function readableTextOn(hex: string): string {
  const [best] = [LIGHT_TEXT, DARK_TEXT].sort((a, b) => contrastRatio(hex, b) - contrastRatio(hex, a)) as [string, string];
  if (contrastRatio(hex, best) >= AA_TEXT_CONTRAST) return best;
  return contrastRatio(hex, BLACK_TEXT) > contrastRatio(hex, best) ? BLACK_TEXT : best;
}

/** The lightest surface text in an accent colour is drawn on (cards, menus): the hardest for contrast. */
const LIGHTEST_SURFACE = darkTokens.color.surfaceRaised;

/** `#rrggbb` moved `share` (0 to 1) of the way to white. */
function towardWhite(hex: string, share: number): string {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16);
    return Math.round(value + (255 - value) * share)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(1)}${channel(3)}${channel(5)}`;
}

/**
 * An accent colour as text on the store's dark surfaces: the colour itself where it reaches AA's 4.5:1 on the
 * lightest of them, else the colour lightened in 5% steps until it does (the Purple preset's #8b5cf6 is 4.1:1
 * on a card; lightened it stays purple). Buttons keep the colour itself, with `readableTextOn` for their label.
 */
export function accentTextOnDark(hex: string): string {
  for (let share = 0; share < 1; share += 0.05) {
    const candidate = towardWhite(hex, share);
    if (contrastRatio(candidate, LIGHTEST_SURFACE) >= AA_TEXT_CONTRAST) return candidate;
  }
  return '#ffffff';
}

/** `"Open Sans", system-ui, ...` for a plain family name; null for anything else. */
export function fontStack(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const name = value.trim();
  return FONT_NAME.test(name) ? `"${name}", ${FONT_FALLBACK_STACK}` : null;
}

/**
 * Inline CSS variables for the site's own colours and font, for the `style` of an app's root element,
 * so what an admin saves shows at once without a rebuild. A value that is missing or malformed is
 * left out, and the default theme's value applies.
 */
export function themeVars(appearance: SiteAppearance | null | undefined): Record<string, string> {
  const primary = parseHexColor(appearance?.primary_color);
  const secondary = parseHexColor(appearance?.secondary_color);
  return assignInlineVars({
    [vars.color.primary]: primary,
    [vars.color.primaryContrast]: primary && readableTextOn(primary),
    [vars.color.primaryText]: primary && accentTextOnDark(primary),
    [vars.color.secondary]: secondary,
    [vars.color.secondaryContrast]: secondary && readableTextOn(secondary),
    [vars.color.secondaryText]: secondary && accentTextOnDark(secondary),
    [vars.font.body]: fontStack(appearance?.font_family),
  });
}
