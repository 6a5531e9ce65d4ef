import { FONT_FAMILIES, type FontFamily } from '@store/contracts';

/** The woff2 file of each weight the apps use (400 text, 600 labels, 700 headings). */
export type SiteFontFiles = Readonly<Record<400 | 600 | 700, string>>;

// One small chunk per family, fetched only for the font a site uses: the first load carries no font files.
const FONT_FILES: Readonly<Record<FontFamily, () => Promise<{ default: SiteFontFiles }>>> = {
  Inter: () => import('./fonts/inter.ts'),
  Roboto: () => import('./fonts/roboto.ts'),
  Poppins: () => import('./fonts/poppins.ts'),
  Montserrat: () => import('./fonts/montserrat.ts'),
  'Open Sans': () => import('./fonts/open-sans.ts'),
  Nunito: () => import('./fonts/nunito.ts'),
};

/** The characters of the bundled latin files; anything else (Cyrillic, accents of latin-ext) falls back to the system fonts. */
export const LATIN_UNICODE_RANGE =
  'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';

const registered = new Map<FontFamily, Promise<boolean>>();

export function isSiteFont(value: unknown): value is FontFamily {
  return typeof value === 'string' && (FONT_FAMILIES as readonly string[]).includes(value);
}

/**
 * Makes one of the six site fonts available to the page, self-hosted: registers its 400, 600 and 700
 * faces with the browser (`document.fonts`), which downloads a weight when text first uses it. Call it
 * when the site information arrives (`loadSiteFont(site.font_family)`); `themeVars` names the family
 * in `--font-body`. Answers true once registered; false for a family that is not one of the six, in a
 * browser without the FontFace API, or when the font's chunk could not be fetched (the system fallback
 * stack then shows, and a later call tries again). Registers each family once.
 */
export function loadSiteFont(family: unknown): Promise<boolean> {
  if (!isSiteFont(family) || typeof document === 'undefined' || typeof FontFace === 'undefined' || !('fonts' in document)) {
    return Promise.resolve(false);
  }
  const known = registered.get(family);
  if (known) return known;
  const pending = FONT_FILES[family]()
    .then(({ default: files }) => {
      for (const [weight, url] of Object.entries(files)) {
        document.fonts.add(new FontFace(family, `url("${url}") format("woff2")`, { weight, style: 'normal', display: 'swap', unicodeRange: LATIN_UNICODE_RANGE }));
      }
      return true;
    })
    .catch(() => {
      registered.delete(family);
      return false;
    });
  registered.set(family, pending);
  return pending;
}
