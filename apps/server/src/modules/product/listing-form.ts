import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { fillText, messages } from '@rummage/contract';
import { HttpError } from '../../lib/http-error.js';
import type { ImagePipeline, ProcessedImage } from '../../services/images/index.js';

/** Form field names as the SPEC writes them; clients may send any letter case (ASP.NET binds case-blind). */
const FIELD_NAMES = [
  'Title',
  'Description',
  'Price',
  'MinimumOffer',
  'Latitude',
  'Longitude',
  'CategoryId',
  'ProductId',
];
const CANONICAL = new Map(FIELD_NAMES.map((name) => [name.toLowerCase(), name]));
const REPEATED = 'ImagesToDelete';
const IMAGE_FIELD = 'images';

export interface ListingForm {
  /** Single-valued fields under their SPEC names (last value wins), plus ImagesToDelete as a list. */
  fields: Record<string, string | string[]>;
  /** Every attached photo, already checked, re-encoded and stripped of metadata, in upload order. */
  images: ProcessedImage[];
}

export interface ListingFormLimits {
  maxImages: number;
  maxImageBytes: number;
}

/** A field longer than fieldSize is cut by the parser; it was over its length limit whatever the rest said. */
const TOO_LONG: Record<string, string> = {
  title: messages.listing.titleTooLong,
  description: messages.listing.descriptionTooLong,
};

/** `ImagesToDelete[0]` and `imagesToDelete` both mean ImagesToDelete. */
const normalizeName = (name: string) => name.replace(/\[\d*\]$/, '').toLowerCase();

/** @fastify/multipart limits for listing forms: a listing has a handful of fields, none of them long. */
export function multipartLimits(limits: ListingFormLimits) {
  return {
    fileSize: limits.maxImageBytes,
    files: limits.maxImages,
    fields: 40,
    // Description is at most 2000 characters, so 8 KB of UTF-8; anything longer is refused, not buffered.
    fieldSize: 16 * 1024,
    parts: 40 + limits.maxImages,
    headerPairs: 200,
  };
}

/**
 * When a form is refused half-way, the rest of the body is still on its way. Drain it (discarding) rather than
 * leaving the stream paused: the client can finish sending and read the answer, and the socket stays usable.
 */
export function drain(request: FastifyRequest): void {
  const raw = request.raw;
  if (raw.readableEnded || raw.destroyed) return;
  raw.unpipe();
  raw.resume();
}

/**
 * A file part's bytes, refused as soon as it passes the size limit. The parser cuts such a file at the limit but
 * ends its stream only where the part ends, so waiting for toBuffer() told a 50 MB photo it was too large once all
 * 50 MB had arrived (minutes on a phone's uplink, and 35 MB parsed for nothing); its 'limit' event says so at 15 MB.
 * The parser also marks the cut file when the limit falls exactly at the end of a chunk, and then hands over no
 * further chunk: toBuffer() returned the cut bytes as if whole (a 50 MB upload was refused as "not an image"), so
 * the mark is checked too.
 */
export async function fileBytes(part: MultipartFile): Promise<Buffer> {
  const tooLarge = () =>
    Object.assign(new Error('request file too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
  let refuse: () => void = () => {};
  const cut = new Promise<never>((_, reject) => (refuse = () => reject(tooLarge())));
  part.file.once('limit', refuse);
  // A chunk that carries the file past the limit cuts it before the part reaches this code: no event will come.
  if (part.file.truncated) refuse();
  const reading = part.toBuffer();
  try {
    const bytes = await Promise.race([reading, cut]);
    if (part.file.truncated) throw tooLarge();
    return bytes;
  } catch (error) {
    reading.catch(() => {}); // the refusal is already on its way
    part.file.destroy(); // stops the parser; the caller drains the rest of the request unparsed
    throw error;
  } finally {
    part.file.off('limit', refuse);
  }
}

/** A multipart parser failure as the readable 4xx it is (the profile photo form shares it). */
export function refusal(error: unknown, limits: ListingFormLimits): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(
        413,
        fillText(messages.images.tooLarge, {
          size: String(Math.round((limits.maxImageBytes / (1024 * 1024)) * 10) / 10),
        }),
      );
    case 'FST_FILES_LIMIT':
      return new HttpError(413, fillText(messages.listing.tooManyImages, { max: limits.maxImages }));
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return new HttpError(400, messages.common.invalidRequest);
    default:
      // Malformed multipart bodies (busboy: "Unexpected end of form", bad boundaries) are the client's fault.
      if (
        error instanceof Error &&
        !(error instanceof HttpError) &&
        /multipart|form|boundary|part/i.test(error.message)
      )
        return new HttpError(400, messages.common.invalidRequest);
      return error;
  }
}

/**
 * Reads a listing form (docs/product.md §3: Title, Description, Price, MinimumOffer (§18), Latitude, Longitude,
 * Images…, plus ProductId and ImagesToDelete… when editing). Photos are processed as they arrive, so at most one raw upload is held in memory
 * at a time; a photo the pipeline refuses stops the read with its own readable 4xx.
 */
export async function readListingForm(
  request: FastifyRequest,
  pipeline: ImagePipeline,
  limits: ListingFormLimits,
): Promise<ListingForm> {
  if (!request.isMultipart()) throw new HttpError(415, messages.common.unsupportedMediaType);
  const fields: Record<string, string | string[]> = {};
  const toDelete: string[] = [];
  const images: ProcessedImage[] = [];
  try {
    for await (const part of request.parts()) {
      const name = normalizeName(part.fieldname);
      if (part.type === 'file') {
        if (name !== IMAGE_FIELD) {
          part.file.resume(); // not ours: read past it
          continue;
        }
        const bytes = await fileBytes(part);
        // Browsers send an empty part for a file input left blank.
        if (bytes.length === 0 && !part.filename) continue;
        images.push(await pipeline.process(bytes));
        continue;
      }
      if (part.valueTruncated) throw new HttpError(400, TOO_LONG[name] ?? messages.common.invalidRequest);
      const value = typeof part.value === 'string' ? part.value : String(part.value);
      if (name === REPEATED.toLowerCase()) {
        if (value.trim()) toDelete.push(value.trim());
        continue;
      }
      const canonical = CANONICAL.get(name);
      if (canonical) fields[canonical] = value;
    }
  } catch (error) {
    drain(request);
    throw refusal(error, limits);
  }
  if (toDelete.length > 0) fields[REPEATED] = toDelete;
  return { fields, images };
}
