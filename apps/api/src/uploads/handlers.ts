import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../errors.ts';
import { recordAuditChange } from '../audit/audit-trail.ts';
import type { RouteHandlers } from '../http/register-routes.ts';
import { imageKey, imageUrl } from '../plugins/storage.ts';
import { detectImageType } from './image-type.ts';
import { inspectImage } from './image-variants.ts';

const FILE_REQUIRED = 'file is required: send the image in a field named file';

/**
 * What a broken multipart body means for the client. @fastify/multipart raises its limits as errors
 * with a 4xx status; busboy raises plain errors for a body that is not well-formed multipart (no or a
 * wrong boundary, cut short): those are the client's too. Anything else is ours and stays a 500.
 */
export function multipartFailure(error: unknown): unknown {
  if (error instanceof AppError || !(error instanceof Error)) return error;
  switch ((error as Error & { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('payload_too_large', 'The file is too large (at most 5 MB).', 'payload_too_large');
    case 'FST_FILES_LIMIT':
      return new AppError('payload_too_large', 'Send one image per upload, in a field named file', 'too_many_files');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('payload_too_large', 'The form has too many parts: send only the image, in a field named file', 'too_many_parts');
    case 'FST_PROTO_VIOLATION':
      return badRequest('A form field may not be named __proto__, constructor or the like', 'malformed_multipart');
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return badRequest('A form field declared as JSON is not valid JSON', 'malformed_multipart');
    case 'FST_MP_PREMATURE_CLOSE':
      return badRequest('The upload was cut short: send the whole multipart/form-data body', 'malformed_multipart');
  }
  if (/boundary|needle/i.test(error.message)) {
    return badRequest('The multipart/form-data body needs the boundary of its Content-Type, at most 70 characters', 'malformed_multipart');
  }
  if (/multipart data/i.test(error.message)) {
    return badRequest('The upload was cut short or its parts do not match the boundary: send the whole multipart/form-data body', 'malformed_multipart');
  }
  return error;
}

/**
 * Reads the one file of an upload, in the field `file`. Other (text) fields are ignored, within the
 * plugin's limits; a file under another name, a second file or a broken body is refused with a 4xx.
 */
async function readUploadedFile(request: FastifyRequest): Promise<Buffer> {
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file') throw badRequest(FILE_REQUIRED, 'validation_error');
      // A second file is refused by the plugin's limit (files: 1) before it gets here; this is the guard if that limit changes.
      if (bytes) throw new AppError('payload_too_large', 'Send one image per upload, in a field named file', 'too_many_files');
      bytes = await part.toBuffer();
    }
  } catch (error) {
    throw multipartFailure(error);
  }
  if (!bytes) throw badRequest(FILE_REQUIRED, 'validation_error');
  return bytes;
}

export function uploadHandlers(app: FastifyInstance): Pick<RouteHandlers, 'upload'> {
  return {
    upload: async ({ request }) => {
      if (!request.isMultipart()) throw new AppError('unsupported_media_type', 'Send the image as multipart/form-data in a field named file');
      const bytes = await readUploadedFile(request);
      const type = detectImageType(bytes);
      if (!type) throw new AppError('unsupported_media_type', 'Only PNG, JPEG, GIF or WebP images are accepted', 'unsupported_media_type');
      const info = await inspectImage(bytes);
      const name = `${randomUUID()}.${type.extension}`;
      // The variants first: an image whose pixels do not decode is refused before anything is stored.
      await app.imageVariants.makeAll(name, bytes, info);
      await app.blobs.put(imageKey(name), bytes, { contentType: type.mime });
      request.log.info({ name, bytes: bytes.length, type: type.mime, width: info.width, height: info.height }, 'image uploaded');
      recordAuditChange(request, {
        targetType: 'images',
        targetId: name,
        after: { url: imageUrl(name), size: bytes.length, content_type: type.mime },
      });
      return { url: imageUrl(name) };
    },
  };
}
