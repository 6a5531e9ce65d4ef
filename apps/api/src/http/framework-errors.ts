import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ApiErrorBody } from '@store/contracts';
import type { FastifyBaseLogger, FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/*
 * The failures Fastify and Node's HTTP parser answer before a route or the error handler is reached, in the one
 * shape of every error answer, `{ detail, code }` (the OpenAPI document's `Error`), not the framework's own
 * `{ error, message, statusCode }`.
 */

/** Fastify's `frameworkErrors`: a path that does not decode, or a parameter over the router's length limit. */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.code(414).send({ detail: 'A part of the address is too long: no id or name of this API is that long.', code: 'uri_too_long' } satisfies ApiErrorBody);
    return;
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    void reply.code(400).send({ detail: 'The address is not valid: a percent sign must start an encoded byte (%20).', code: 'bad_request' } satisfies ApiErrorBody);
    return;
  }
  request.log.error({ err: error }, 'framework error');
  void reply.code(500).send({ detail: 'Internal server error', code: 'internal_error' } satisfies ApiErrorBody);
}

/** What a request Node's parser refused gets: 431 for headers over the limit, 408 for a slow client, else 400. */
export function clientErrorAnswer(error: NodeJS.ErrnoException): { status: number; body: ApiErrorBody } {
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return {
      status: 431,
      body: { detail: 'The request line and headers are over the server’s limit of 16 KB: send a shorter address or fewer cookies.', code: 'request_headers_too_large' },
    };
  }
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return { status: 408, body: { detail: 'The request did not arrive in time.', code: 'request_timeout' } };
  }
  return { status: 400, body: { detail: 'The request is not valid HTTP.', code: 'bad_request' } };
}

/**
 * Fastify's `clientErrorHandler`, as its default (written to the socket, which is then closed, as Node does) but
 * with the API's error shape.
 */
export function answerClientError(this: { log: FastifyBaseLogger }, error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, body } = clientErrorAnswer(error);
  this.log.debug({ err: error }, 'client error');
  if (socket.writable) {
    const json = JSON.stringify(body);
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy(error);
}
