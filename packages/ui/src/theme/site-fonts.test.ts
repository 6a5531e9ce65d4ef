import { FONT_FAMILIES } from '@store/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

interface FakeFace {
  family: string;
  source: string;
  descriptors: FontFaceDescriptors;
}

let added: FakeFace[];
/** What each fake face's load() answers; a test may hold it back. */
let faceLoad: () => Promise<unknown>;

beforeEach(() => {
  added = [];
  faceLoad = () => Promise.resolve();
  // jsdom has neither the FontFace API nor document.fonts.
  vi.stubGlobal(
    'FontFace',
    class {
      constructor(
        readonly family: string,
        readonly source: string,
        readonly descriptors: FontFaceDescriptors,
      ) {}
      load() {
        return faceLoad();
      }
    },
  );
  Object.defineProperty(document, 'fonts', { configurable: true, value: { add: (face: FakeFace) => added.push(face) } });
});

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(document, 'fonts');
});

// A fresh module per test: the registry of loaded families is module state.
async function freshLoader() {
  vi.resetModules();
  return import('./site-fonts.ts');
}

describe('loadSiteFont', () => {
  it('registers the chosen family in three weights from its self-hosted latin woff2 files', async () => {
    const { loadSiteFont, LATIN_UNICODE_RANGE } = await freshLoader();

    await expect(loadSiteFont('Open Sans')).resolves.toBe(true);

    expect(added.map((face) => face.family)).toEqual(['Open Sans', 'Open Sans', 'Open Sans']);
    expect(added.map((face) => face.descriptors.weight)).toEqual(['400', '600', '700']);
    for (const face of added) {
      expect(face.source).toMatch(/^url\(".*open-sans-latin-[467]00-normal\.woff2"\) format\("woff2"\)$/);
      expect(face.descriptors).toMatchObject({ style: 'normal', display: 'swap', unicodeRange: LATIN_UNICODE_RANGE });
    }
  });

  it('has files for each of the six fonts of the settings screen', async () => {
    const { loadSiteFont } = await freshLoader();

    for (const family of FONT_FAMILIES) await expect(loadSiteFont(family)).resolves.toBe(true);

    expect(new Set(added.map((face) => face.family))).toEqual(new Set(FONT_FAMILIES));
    expect(added).toHaveLength(FONT_FAMILIES.length * 3);
  });

  it('registers a family once however often the site information arrives', async () => {
    const { loadSiteFont } = await freshLoader();

    await Promise.all([loadSiteFont('Nunito'), loadSiteFont('Nunito')]);
    await loadSiteFont('Nunito');

    expect(added).toHaveLength(3);
  });

  it('does nothing for a family that is not one of the six', async () => {
    const { loadSiteFont } = await freshLoader();

    await expect(loadSiteFont('Comic Sans MS')).resolves.toBe(false);
    await expect(loadSiteFont(undefined)).resolves.toBe(false);

    expect(added).toHaveLength(0);
  });

  it('does nothing in a browser without the FontFace API', async () => {
    vi.stubGlobal('FontFace', undefined);
    const { loadSiteFont } = await freshLoader();

    await expect(loadSiteFont('Inter')).resolves.toBe(false);
  });
});

describe('siteFontReady', () => {
  it('answers once the three faces of the family have loaded', async () => {
    const loads: (() => void)[] = [];
    faceLoad = () => new Promise<void>((resolve) => loads.push(resolve));
    const { siteFontReady } = await freshLoader();

    let ready = false;
    const waiting = siteFontReady('Poppins', 60_000).then(() => {
      ready = true;
    });
    await vi.waitFor(() => expect(loads).toHaveLength(3));
    expect(ready).toBe(false);

    for (const load of loads) load();
    await waiting;
    expect(ready).toBe(true);
    expect(added.map((face) => face.family)).toEqual(['Poppins', 'Poppins', 'Poppins']);
  });

  it('gives up waiting after the timeout when the files do not arrive, and when one fails', async () => {
    faceLoad = () => new Promise(() => {});
    const { siteFontReady } = await freshLoader();
    const started = Date.now();
    await siteFontReady('Roboto', 50);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);

    faceLoad = () => Promise.reject(new Error('network'));
    await expect(siteFontReady('Montserrat', 60_000)).resolves.toBeUndefined();
  });

  it('answers at once for a family that is not one of the six', async () => {
    const { siteFontReady } = await freshLoader();
    await expect(siteFontReady('Comic Sans MS', 60_000)).resolves.toBeUndefined();
    expect(added).toHaveLength(0);
  });
});
