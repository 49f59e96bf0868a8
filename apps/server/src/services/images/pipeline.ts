import { availableParallelism } from 'node:os';
import { fillText, messages } from '@rummage/contract';
import { HttpError } from '../../lib/http-error.js';
import { createLimiter } from './limiter.js';
import { photoHashOfPixels, type PhotoHash } from './photo-hash.js';
import { loadSharp } from './sharp.js';

/**
 * An upload the pipeline refuses, with a message meant for the person who sent it. It is an HttpError, so the
 * app's error handler answers `{ message }` with this status without any mapping in the route.
 */
export class ImageRejectedError extends HttpError {
  declare readonly statusCode: 400 | 413 | 415 | 422;

  constructor(statusCode: 400 | 413 | 415 | 422, message: string, options?: { cause?: unknown }) {
    super(statusCode, message);
    this.name = 'ImageRejectedError';
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}

/** Both renditions are WebP without any metadata; width and height are those of `large`. */
export interface ProcessedImage {
  large: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
  /** The perceptual hash of the picture (photo-hash.ts); null when it has too little detail to compare. */
  hash: PhotoHash | null;
}

export interface ImagePipelineOptions {
  /** Largest upload accepted, in bytes (413 above). */
  maxInputBytes: number;
  /** Largest decoded size, width × height (422 above): stops decompression bombs before they allocate. */
  maxInputPixels: number;
  /** Longest side of the large rendition; smaller images are never enlarged. */
  largeSize: number;
  /** Longest side of the thumbnail (the whole picture fits inside; nothing is cropped). */
  thumbSize: number;
  /** Refusal text for anything that is not JPEG or PNG (listing and profile photo word it differently). */
  typeMessage: string;
}

export interface ImagePipeline {
  process(input: Buffer): Promise<ProcessedImage>;
}

export const DEFAULT_IMAGE_PIPELINE_OPTIONS: Readonly<ImagePipelineOptions> = Object.freeze({
  maxInputBytes: 15 * 1024 * 1024,
  maxInputPixels: 40_000_000,
  largeSize: 1600,
  thumbSize: 480,
  typeMessage: messages.listing.imageType,
});

export const LARGE_WEBP_QUALITY = 80;
export const THUMB_WEBP_QUALITY = 75;

/**
 * Detected from the bytes only. APNG is a PNG with extra chunks (decoders show its first frame), so it counts as
 * PNG; JPEG-LS, JPEG 2000 and JPEG XL have their own signatures and are refused.
 */
const ACCEPTED_MIME = new Set(['image/jpeg', 'image/png', 'image/apng']);

/** A picture that takes longer than this to decode and shrink is hostile or absurd; libvips aborts it. */
const DECODE_TIMEOUT_SECONDS = 30;

/**
 * Uploads processed at once, shared by every pipeline in the process; the rest wait in line. Each job keeps up to
 * two libuv threads busy (large and thumb encode in parallel) and a 40 MP PNG decode can take a few hundred MB,
 * so half the cores: on a 2-core box one job at a time, which measured the same burst throughput as two, with
 * less memory and libuv threads left free for file I/O and argon2 (login) meanwhile.
 */
export const IMAGE_CONCURRENCY = Math.max(1, Math.floor(availableParallelism() / 2));
const limiter = createLimiter(IMAGE_CONCURRENCY);

const formatNumber = (value: number) => String(Math.round(value * 10) / 10);

function checkOptions(options: ImagePipelineOptions): void {
  for (const key of ['maxInputBytes', 'maxInputPixels', 'largeSize', 'thumbSize'] as const) {
    const value = options[key];
    if (!Number.isSafeInteger(value) || value < 1) {
      throw new RangeError(`image pipeline: ${key} must be a positive integer (got ${value})`);
    }
  }
}

export function createImagePipeline(overrides: Partial<ImagePipelineOptions> = {}): ImagePipeline {
  const options: ImagePipelineOptions = { ...DEFAULT_IMAGE_PIPELINE_OPTIONS, ...overrides };
  checkOptions(options);
  const { maxInputBytes, maxInputPixels, largeSize, thumbSize, typeMessage } = options;
  const tooLarge = fillText(messages.images.tooLarge, { size: formatNumber(maxInputBytes / (1024 * 1024)) });
  const tooManyPixels = fillText(messages.images.tooManyPixels, {
    megapixels: formatNumber(maxInputPixels / 1_000_000),
  });

  async function render(input: Buffer): Promise<ProcessedImage> {
    // Decode once: orient, shrink to the large size (JPEG shrink-on-load makes this the cheap part) and keep the
    // pixels raw; both renditions are then encoded from those pixels in parallel. Colour profiles and CMYK are
    // converted to sRGB here, so the raw pixels look the same as a direct encode would.
    const sharp = await loadSharp();
    const decoded = await sharp(input, { limitInputPixels: maxInputPixels, failOn: 'error' })
      .timeout({ seconds: DECODE_TIMEOUT_SECONDS })
      .autoOrient()
      .resize(largeSize, largeSize, { fit: 'inside', withoutEnlargement: true })
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    const { width, height, channels } = decoded.info;
    const raw = { raw: { width, height, channels } };
    // No keepMetadata/withMetadata/keepExif/keepIccProfile: sharp writes no EXIF (GPS), ICC or XMP by default,
    // and raw pixels carry none anyway.
    const [large, thumb, hash] = await Promise.all([
      sharp(decoded.data, raw).webp({ quality: LARGE_WEBP_QUALITY }).toBuffer(),
      sharp(decoded.data, raw)
        .resize(thumbSize, thumbSize, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: THUMB_WEBP_QUALITY })
        .toBuffer(),
      photoHashOfPixels(decoded.data, { width, height, channels }),
    ]);
    return { large, thumb, width, height, hash };
  }

  return {
    async process(input) {
      if (!Buffer.isBuffer(input)) throw new ImageRejectedError(400, messages.common.invalidRequest);
      // Checked before anything reads the bytes, so an oversized upload costs nothing more.
      if (input.length > maxInputBytes) throw new ImageRejectedError(413, tooLarge);
      // The client's file name and Content-Type are ignored: only the bytes say what this is.
      // Loaded with the first photo, like sharp (sharp.ts): 90 ms of start-up otherwise.
      const { fileTypeFromBuffer } = await import('file-type');
      const type = await fileTypeFromBuffer(input);
      if (!type || !ACCEPTED_MIME.has(type.mime)) throw new ImageRejectedError(415, typeMessage);
      try {
        return await limiter.run(() => render(input));
      } catch (error) {
        // libvips fails here because of the input (bomb, truncation, corrupt data): the sender's problem to fix.
        const message = error instanceof Error && /pixel limit/i.test(error.message) ? tooManyPixels : null;
        throw new ImageRejectedError(422, message ?? messages.images.unreadable, { cause: error });
      }
    },
  };
}
