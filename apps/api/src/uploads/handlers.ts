import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError, badRequest } from '../errors.ts';
import type { RouteHandlers } from '../http/register-routes.ts';
import { detectImageType } from './image-type.ts';

export function uploadHandlers(app: FastifyInstance): RouteHandlers {
  return {
    upload: async ({ request }) => {
      if (!request.isMultipart()) throw new AppError('unsupported_media_type', 'Send the image as multipart/form-data in a field named file');
      const part = await request.file();
      if (!part) throw badRequest('file is required: send the image in a field named file', 'validation_error');
      if (part.fieldname !== 'file') throw badRequest('file is required: send the image in a field named file', 'validation_error');
      const bytes = await part.toBuffer();
      const type = detectImageType(bytes);
      if (!type) throw new AppError('unsupported_media_type', 'Only PNG, JPEG, GIF or WebP images are accepted', 'unsupported_media_type');
      const name = `${randomUUID()}.${type.extension}`;
      await app.storage.put(name, bytes, type.mime);
      request.log.info({ name, bytes: bytes.length, type: type.mime }, 'image uploaded');
      return { url: app.storage.publicUrl(name) };
    },
  };
}
