import type { FastifyRequest } from 'fastify';
import { messages, uploadPhotoFieldsSchema } from '@rummage/contract';
import { HttpError } from '../../lib/http-error.js';
import { ImageRejectedError, type ImagePipeline, type ProcessedImage } from '../../services/images/index.js';
import type { AuthUser } from '../account/session.service.js';
import { drain, fileBytes, refusal } from '../product/listing-form.js';

const P = messages.profile;

/** @fastify/multipart limits for the photo forms: a user id and one picture. */
export function photoMultipartLimits(maxImageBytes: number) {
  return { fileSize: maxImageBytes, files: 1, fields: 10, fieldSize: 1024, parts: 11, headerPairs: 200 };
}

/**
 * Reads the SPEC's photo form (multipart UserId, ImageFile; field names in any letter case) and checks it before
 * any image work: both present (400), UserId the caller's own (403). Answers the picture's raw bytes.
 */
export async function readPhotoForm(
  request: FastifyRequest,
  user: AuthUser,
  maxImageBytes: number,
): Promise<Buffer> {
  if (!request.isMultipart()) throw new HttpError(415, messages.common.unsupportedMediaType);
  let userId: string | undefined;
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      const name = part.fieldname.toLowerCase();
      if (part.type === 'file') {
        if (name !== 'imagefile') {
          part.file.resume(); // not ours: read past it
          continue;
        }
        const bytes = await fileBytes(part);
        // Browsers send an empty part for a file input left blank.
        if (bytes.length > 0) file = bytes;
        continue;
      }
      if (name === 'userid') userId = String(part.value);
    }
  } catch (error) {
    drain(request);
    if ((error as { code?: unknown } | null)?.code === 'FST_FILES_LIMIT') {
      throw new HttpError(400, messages.common.invalidRequest);
    }
    throw refusal(error, { maxImageBytes, maxImages: 1 });
  }
  const fields = uploadPhotoFieldsSchema.safeParse({ UserId: userId });
  if (!fields.success) {
    throw new HttpError(400, messages.common.invalidRequest, { UserId: messages.common.invalidRequest });
  }
  if (fields.data.UserId === undefined || file === undefined) throw new HttpError(400, P.missingUpload);
  if (fields.data.UserId !== user.id) throw new HttpError(403, P.notYourProfile);
  return file;
}

/** The listing pipeline (bytes sniffed, JPEG/PNG only, metadata stripped), worded for profile photos. */
export async function processPhoto(pipeline: ImagePipeline, bytes: Buffer): Promise<ProcessedImage> {
  try {
    return await pipeline.process(bytes);
  } catch (error) {
    if (error instanceof ImageRejectedError && error.statusCode === 415) {
      throw new ImageRejectedError(415, P.profilePhotoType, { cause: error });
    }
    throw error;
  }
}
