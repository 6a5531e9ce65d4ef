import { controlCharacterMessage, isTextFormat } from '@store/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';

interface AjvError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
  parentSchema?: { errorMessage?: unknown; properties?: Record<string, { errorMessage?: unknown }> };
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** A sentence naming the bad field, using the schema's own message where the contract gives one. */
export function describeValidationError(context: string | undefined, errors: AjvError[]): { detail: string; field: string } {
  const first = errors[0];
  if (!first) return { detail: 'Invalid request', field: context ?? 'request' };
  const missing = typeof first.params.missingProperty === 'string' ? first.params.missingProperty : undefined;
  const extra = typeof first.params.additionalProperty === 'string' ? first.params.additionalProperty : undefined;
  const path = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const field = [path, missing ?? extra].filter(Boolean).join('.') || context || 'request';
  if (first.keyword === 'required') {
    // The missing field's own message when the contract gives one, as the forms show it.
    return { detail: text(first.parentSchema?.properties?.[missing ?? '']?.errorMessage) ?? `${field} is required`, field };
  }
  // A control character gets its own sentence: the field's message (say, "Full name is required") would mislead.
  if (first.keyword === 'format' && isTextFormat(first.params.format)) return { detail: controlCharacterMessage(field), field };
  // In a union (`'' | email`) the first branch fails first: prefer any message given for the same field.
  const custom = errors.filter((error) => error.instancePath === first.instancePath).map((error) => text(error.parentSchema?.errorMessage)).find(Boolean);
  if (custom) return { detail: custom, field };
  if (first.keyword === 'enum' && Array.isArray(first.params.allowedValues)) {
    return { detail: `${field} must be one of: ${first.params.allowedValues.join(', ')}`, field };
  }
  return { detail: `${field} ${first.message ?? 'is invalid'}`, field };
}

const FASTIFY_CODES: Record<string, string> = {
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
    app.setErrorHandler((error: FastifyError & { validation?: AjvError[] }, request, reply) => {
      if (error instanceof AppError) {
        return reply.status(error.status).headers(error.headers).send({ detail: error.detail, code: error.code });
      }
      if (error.validation) {
        const { detail } = describeValidationError(error.validationContext, error.validation);
        return reply.status(400).send({ detail, code: 'validation_error' });
      }
      const status = error.statusCode ?? 500;
      if (status === 429) {
        return reply.status(429).send({ detail: 'Too many attempts. Please wait a minute and try again.', code: 'too_many_requests' });
      }
      if (status >= 400 && status < 500) {
        const code = FASTIFY_CODES[error.code] ?? (error instanceof SyntaxError ? 'malformed_json' : 'bad_request');
        const detail =
          error.code === 'FST_REQ_FILE_TOO_LARGE'
            ? 'The file is too large (at most 5 MB).'
            : status === 413
              ? 'The request body is too large.'
              : error.message;
        return reply.status(status).send({ detail, code });
      }
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ detail: 'Internal server error', code: 'internal_error' });
    });
  },
  { name: 'errors' },
);
