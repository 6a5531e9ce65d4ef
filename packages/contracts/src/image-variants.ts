/*
 * The resized copies of an uploaded image (docs/decisions/043-image-variants.md). An image uploaded to
 * this store lives at `/uploads/<name>`; its variants at `/uploads/<name>/<width>.<format>`, for the
 * fixed widths and formats below only. The apps build the addresses with `imageVariantUrl` and the API
 * parses them with `parseImageVariant`, so both agree on one scheme.
 */

/** The widths an image is served at, in CSS pixels of a 1x screen (never wider than the original). */
export const IMAGE_VARIANT_WIDTHS = [320, 640, 960, 1280] as const;
/** The modern formats each width is encoded in; the original is the fallback for other browsers. */
export const IMAGE_VARIANT_FORMATS = ['avif', 'webp'] as const;

export type ImageVariantWidth = (typeof IMAGE_VARIANT_WIDTHS)[number];
export type ImageVariantFormat = (typeof IMAGE_VARIANT_FORMATS)[number] | 'jpg';

export interface ImageVariant {
  width: number;
  format: ImageVariantFormat;
}

/**
 * The link-preview picture (Open Graph, Twitter card): 1200 px wide, the size Facebook and X ask for,
 * as a JPEG, the one format every preview crawler reads.
 */
export const OPEN_GRAPH_IMAGE_VARIANT: ImageVariant = { width: 1200, format: 'jpg' };

/** Every variant the API makes and serves: nothing else is ever generated, whatever a client asks. */
export const IMAGE_VARIANTS: readonly ImageVariant[] = [
  ...IMAGE_VARIANT_WIDTHS.flatMap((width) => IMAGE_VARIANT_FORMATS.map((format) => ({ width, format }))),
  OPEN_GRAPH_IMAGE_VARIANT,
];

export const IMAGE_VARIANT_MIME: Record<ImageVariantFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
};

/** An uploaded image's address: only these have variants (an absolute URL elsewhere is used as it is). */
const UPLOADED_IMAGE = /^\/uploads\/[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

export const hasImageVariants = (url: string): boolean => UPLOADED_IMAGE.test(url);

/** The address of one variant of an uploaded image, or null for an image that has none. */
export function imageVariantUrl(url: string, variant: ImageVariant): string | null {
  return hasImageVariants(url) ? `${url}/${variant.width}.${variant.format}` : null;
}

/** The variant a file name of the scheme names (`640.avif`), or null when it is not one of IMAGE_VARIANTS. */
export function parseImageVariant(file: string): ImageVariant | null {
  return IMAGE_VARIANTS.find((variant) => `${variant.width}.${variant.format}` === file) ?? null;
}
