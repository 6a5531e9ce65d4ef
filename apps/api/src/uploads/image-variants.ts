import { IMAGE_VARIANT_MIME, IMAGE_VARIANTS, type ImageVariant } from '@store/contracts';
import type { Readable } from 'node:stream';
import type SharpDefault from 'sharp';
import type { Sharp, SharpOptions } from 'sharp';
import { AppError } from '../errors.ts';
import { imageKey } from '../plugins/storage.ts';
import { isBlobStoreError, type BlobStore } from '../storage/blob-store.ts';

/*
 * The resized copies of the public images (docs/decisions/043-image-variants.md): made from the original
 * when it is uploaded, or on the first request for one of an image stored before. sharp decodes and
 * encodes on libuv's thread pool, never on the event loop; `ImageVariants` bounds how many of those run
 * at once and makes each variant once per instance however many ask for it together.
 */

/** The most pixels an image may have: a 40-megapixel photo decodes to 160 MB of RGBA; a decompression bomb is refused before. */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** The longest side an image may have: a 1 × 40,000,000 strip fits the pixel count but is no picture. */
export const MAX_IMAGE_SIDE = 12_000;
/** An original larger than this is not read into memory to make variants (uploads are at most 5 MB). */
const MAX_SOURCE_BYTES = 32 * 1024 * 1024;
/** Images decoded and encoded at once per instance: each holds a decoded picture, and the thread pool is shared with file and zlib work. */
const IMAGE_JOBS = 2;
/** Originals remembered as having no variants (animated or unreadable), so each is not read again on every request. */
const NO_VARIANTS_MEMORY = 10_000;

/**
 * The encoder settings' generation: part of every variant's key and ETag. Changing how variants are
 * encoded bumps it, so the new bytes get new keys instead of mixing with the old under one validator.
 */
const VARIANT_SET = 'v1';

/** Where a variant lives in the blob store: beside the originals' `images/`, one folder per image. */
export const variantKey = (name: string, variant: ImageVariant) => `image-variants/${name}/${VARIANT_SET}-${variant.width}.${variant.format}`;
/** A strong validator: the bytes under one variant address never change within a VARIANT_SET. */
export const variantEtag = (variant: ImageVariant) => `"${VARIANT_SET}-${variant.width}.${variant.format}"`;

type SharpConstructor = typeof SharpDefault;
let sharpModule: Promise<SharpConstructor> | undefined;

/** sharp and libvips take about 0.2 s to load: paid at the first image, not at every start. */
function loadSharp(): Promise<SharpConstructor> {
  const loading =
    sharpModule ??
    import('sharp').then((module) => {
      const sharp = module.default;
      // libvips' operation cache keeps recent images in memory; a server sees each original once or twice.
      sharp.cache(false);
      return sharp;
    });
  sharpModule = loading;
  return loading;
}

/** What a header read says about an image, before any pixel is decoded. */
export interface ImageInfo {
  width: number;
  height: number;
  /** More than one frame (an animated GIF or WebP): served as it is, its variants would be stills. */
  animated: boolean;
}

const unreadable = () => new AppError('unsupported_media_type', 'The image could not be read: it may be cut short or damaged', 'unreadable_image');

/**
 * Reads an image's header (no pixel is decoded) and refuses one too large to decode: more than
 * MAX_IMAGE_PIXELS or a side over MAX_IMAGE_SIDE, as a decompression bomb declares.
 */
export async function inspectImage(bytes: Uint8Array): Promise<ImageInfo> {
  const sharp = await loadSharp();
  let metadata: Awaited<ReturnType<Sharp['metadata']>>;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw unreadable();
  }
  const { width, height } = metadata;
  if (!width || !height) throw unreadable();
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS) {
    throw new AppError(
      'payload_too_large',
      `The image is ${width} × ${height} pixels: at most ${MAX_IMAGE_SIDE} pixels a side and ${MAX_IMAGE_PIXELS / 1_000_000} megapixels are accepted`,
      'image_too_large',
    );
  }
  return { width, height, animated: (metadata.pages ?? 1) > 1 };
}

const INPUT: SharpOptions = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' };
const LARGEST_VARIANT = Math.max(...IMAGE_VARIANTS.map((variant) => variant.width));

/** Decoded pixels: the picture already upright and no wider than the largest variant. */
interface Pixels {
  data: Buffer;
  raw: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

/** Decodes an original once for all its variants: upright, and shrunk to the largest variant's width. */
async function decodeForVariants(source: Uint8Array): Promise<Pixels> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(source, INPUT).autoOrient().resize({ width: LARGEST_VARIANT, withoutEnlargement: true }).raw().toBuffer({ resolveWithObject: true });
  return { data, raw: { width: info.width, height: info.height, channels: info.channels } };
}

/**
 * One variant's bytes, from the original's bytes or its decoded pixels: upright (the EXIF orientation
 * applied), at most `variant.width` wide (never enlarged), without any metadata (sharp writes none unless
 * asked: no EXIF, so no GPS position).
 */
export async function renderVariant(source: Uint8Array | Pixels, variant: ImageVariant): Promise<Buffer> {
  const sharp = await loadSharp();
  const input = source instanceof Uint8Array ? sharp(source, INPUT).autoOrient() : sharp(source.data, { raw: source.raw });
  const pipeline = input.resize({ width: variant.width, withoutEnlargement: true });
  switch (variant.format) {
    case 'avif':
      // Effort 2 of 9: a 1280-px photo in about half a second on one core; higher efforts save a few percent for several times the CPU.
      return pipeline.avif({ quality: 55, effort: 2 }).toBuffer();
    case 'webp':
      return pipeline.webp({ quality: 78, effort: 4 }).toBuffer();
    case 'jpg':
      // Link previews show no transparency: it becomes white rather than JPEG's black.
      return pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
  }
}

/** At most `slots` tasks at once; the others wait in order. */
class Slots {
  private free: number;
  private readonly waiting: Array<() => void> = [];

  constructor(slots: number) {
    this.free = slots;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free -= 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.free += 1;
    }
  }
}

/** A variant to answer: bytes just made, or a stored one to stream; `original` when the image has no variants. */
export type VariantAnswer = { kind: 'made'; bytes: Buffer } | { kind: 'stored'; body: Readable; size: number } | { kind: 'original' };

export class ImageVariants {
  private readonly slots = new Slots(IMAGE_JOBS);
  /** Variants being made on this instance, by key: a second request for one waits for the first. */
  private readonly making = new Map<string, Promise<Buffer | null>>();
  /** Originals that have no variants (insertion order: the oldest is forgotten first). */
  private readonly withoutVariants = new Set<string>();

  constructor(private readonly store: BlobStore) {}

  /**
   * Makes every variant of a newly uploaded image and stores them, before the original is stored by the
   * caller. Fails with `unreadable_image` (and stores nothing) when the pixels do not decode. An animated
   * image gets none: its variant addresses lead to the original.
   */
  async makeAll(name: string, source: Uint8Array, info: ImageInfo): Promise<void> {
    if (info.animated) return;
    const decodable = <T>(task: () => Promise<T>) => () =>
      task().catch(() => {
        throw unreadable();
      });
    const pixels = await this.slots.run(decodable(() => decodeForVariants(source)));
    const rendered = await Promise.all(
      IMAGE_VARIANTS.map((variant) => this.slots.run(decodable(async () => ({ variant, bytes: await renderVariant(pixels, variant) })))),
    );
    await Promise.all(rendered.map(({ variant, bytes }) => this.put(name, variant, bytes)));
  }

  /**
   * A variant of the image `name` (a valid image name), made now from the original when it is not stored
   * yet. Null when there is no such image.
   */
  async get(name: string, variant: ImageVariant): Promise<VariantAnswer | null> {
    if (this.withoutVariants.has(name)) return { kind: 'original' };
    try {
      const blob = await this.store.get(variantKey(name, variant));
      return { kind: 'stored', body: blob.body, size: blob.size };
    } catch (error) {
      if (!isBlobStoreError(error, 'not_found')) throw error;
    }
    const key = variantKey(name, variant);
    let making = this.making.get(key);
    if (!making) {
      making = this.slots.run(() => this.makeFromOriginal(name, variant)).finally(() => this.making.delete(key));
      this.making.set(key, making);
    }
    const bytes = await making;
    if (bytes === null) return this.withoutVariants.has(name) ? { kind: 'original' } : null;
    return { kind: 'made', bytes };
  }

  /**
   * Reads the original and makes one variant. Two instances may do this at once for the same key: both
   * write the same bytes, and each driver replaces an object whole (a rename on disk, one PUT on S3).
   */
  private async makeFromOriginal(name: string, variant: ImageVariant): Promise<Buffer | null> {
    const source = await this.readOriginal(name);
    if (source === null) return null;
    let bytes: Buffer;
    try {
      const info = await inspectImage(source);
      if (info.animated) throw unreadable();
      bytes = await renderVariant(source, variant);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // Stored before the limits (or animated): it is shown as it is, never decoded again here.
      this.rememberWithoutVariants(name);
      return null;
    }
    await this.put(name, variant, bytes);
    return bytes;
  }

  private async readOriginal(name: string): Promise<Buffer | null> {
    try {
      const blob = await this.store.get(imageKey(name));
      if (blob.size > MAX_SOURCE_BYTES) {
        blob.body.destroy();
        this.rememberWithoutVariants(name);
        return null;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of blob.body) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    } catch (error) {
      if (isBlobStoreError(error, 'not_found')) return null;
      throw error;
    }
  }

  private put(name: string, variant: ImageVariant, bytes: Buffer) {
    return this.store.put(variantKey(name, variant), bytes, { contentType: IMAGE_VARIANT_MIME[variant.format] });
  }

  private rememberWithoutVariants(name: string): void {
    if (this.withoutVariants.size >= NO_VARIANTS_MEMORY) {
      const oldest = this.withoutVariants.values().next().value;
      if (oldest !== undefined) this.withoutVariants.delete(oldest);
    }
    this.withoutVariants.add(name);
  }
}
