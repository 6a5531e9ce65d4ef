import type { ApiErrorBody, ApiErrorCode } from '@store/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';

const FASTIFY_CODES: Record<string, ApiErrorCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_REQ_FILE_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'bad_request',
  FST_ERR_CTP_INVALID_JSON_BODY: 'malformed_json',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'unsupported_media_type',
  FST_ERR_RATE_LIMIT: 'too_many_requests',
};

/** One handler maps every failure to `{ detail, code }`; 5xx answers never carry internals. */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const answer = (status: number, body: ApiErrorBody) => reply.status(status).send(body);
      // The route table's validation (http/request-validator.ts) refuses with an AppError naming the field.
      if (error instanceof AppError) {
        return reply.status(error.status).headers(error.headers).send({ detail: error.detail, code: error.code } satisfies ApiErrorBody);
      }
      const status = error.statusCode ?? 500;
      if (status === 429) {
        return answer(429, { detail: 'Too many attempts. Please wait a minute and try again.', code: 'too_many_requests' });
      }
      if (status >= 400 && status < 500) {
        const code: ApiErrorCode = FASTIFY_CODES[error.code] ?? (error instanceof SyntaxError ? 'malformed_json' : error.validation ? 'validation_error' : 'bad_request');
        const detail =
          error.code === 'FST_REQ_FILE_TOO_LARGE'
            ? 'The file is too large (at most 5 MB).'
            : status === 413
              ? 'The request body is too large.'
              : error.message;
        return answer(status, { detail, code });
      }
      request.log.error({ err: error }, 'request failed');
      return answer(500, { detail: 'Internal server error', code: 'internal_error' });
    });
  },
  { name: 'errors' },
);
