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

/** How long a first paint waits for the site's font before it shows the fallback (then swaps). */
export const SITE_FONT_WAIT_MS = 800;

/** The faces of each family registered so far; null when its files could not be fetched. */
const registered = new Map<FontFamily, Promise<FontFace[] | null>>();

export function isSiteFont(value: unknown): value is FontFamily {
  return typeof value === 'string' && (FONT_FAMILIES as readonly string[]).includes(value);
}

function canLoadFonts(): boolean {
  return typeof document !== 'undefined' && typeof FontFace !== 'undefined' && 'fonts' in document;
}

/** The attribute of the <style> a server-rendered page declares the site's font in (`siteFontFaceCss`). */
export const SITE_FONT_STYLE_ATTRIBUTE = 'data-site-font';

/** True when the page came with the family's faces declared in its head: the browser has them already. */
function declaredByPage(family: FontFamily): boolean {
  return document.querySelector(`style[${SITE_FONT_STYLE_ATTRIBUTE}="${CSS.escape(family)}"]`) !== null;
}

/** The woff2 files of a site font (its addresses in the build), or null for a family that is not one of the six. */
export async function siteFontFiles(family: unknown): Promise<SiteFontFiles | null> {
  return isSiteFont(family) ? (await FONT_FILES[family]()).default : null;
}

/**
 * The family's faces as CSS, for the head of a page rendered on the server: the text is set in the site's font
 * from the first paint. `optional`: with the files preloaded they are there in time; where they are not (a slow
 * network), the page keeps the fallback rather than moving its text when they arrive.
 */
export function siteFontFaceCss(family: FontFamily, files: SiteFontFiles): string {
  return Object.entries(files)
    .map(
      ([weight, url]) =>
        `@font-face{font-family:${JSON.stringify(family)};src:url(${JSON.stringify(url)}) format("woff2");font-weight:${weight};font-style:normal;font-display:optional;unicode-range:${LATIN_UNICODE_RANGE}}`,
    )
    .join('');
}

function register(family: FontFamily): Promise<FontFace[] | null> {
  const known = registered.get(family);
  if (known) return known;
  const pending = FONT_FILES[family]()
    .then(({ default: files }) =>
      Object.entries(files).map(([weight, url]) => {
        const face = new FontFace(family, `url("${url}") format("woff2")`, { weight, style: 'normal', display: 'swap', unicodeRange: LATIN_UNICODE_RANGE });
        document.fonts.add(face);
        return face;
      }),
    )
    .catch(() => {
      registered.delete(family);
      return null;
    });
  registered.set(family, pending);
  return pending;
}

/**
 * Makes one of the six site fonts available to the page, self-hosted: registers its 400, 600 and 700
 * faces with the browser (`document.fonts`), which downloads a weight when text first uses it. Call it
 * when the site information arrives (`loadSiteFont(site.font_family)`); `themeVars` names the family
 * in `--font-body`. Answers true once registered; false for a family that is not one of the six, in a
 * browser without the FontFace API, or when the font's chunk could not be fetched (the system fallback
 * stack then shows, and a later call tries again). Registers each family once.
 */
export async function loadSiteFont(family: unknown): Promise<boolean> {
  if (!isSiteFont(family) || !canLoadFonts()) return false;
  if (declaredByPage(family)) return true;
  return (await register(family)) !== null;
}

/**
 * Registers the family and fetches its files, answering once they have loaded or after `timeoutMs`,
 * whichever comes first; never fails. Awaited before the first paint, so text is not set again when the
 * font arrives (a layout shift); on a slow network the page still paints at the timeout, in the fallback.
 */
export async function siteFontReady(family: unknown, timeoutMs = SITE_FONT_WAIT_MS): Promise<void> {
  if (!isSiteFont(family) || !canLoadFonts() || declaredByPage(family)) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
  });
  const loaded = register(family).then((faces) => Promise.allSettled((faces ?? []).map((face) => face.load())));
  await Promise.race([loaded, timeout]);
  clearTimeout(timer);
}
