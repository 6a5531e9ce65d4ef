import type { ApiErrorCode } from '@store/contracts';

/** The kinds of failure the API answers, each with its HTTP status. */
export const ERROR_KINDS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  uri_too_long: 414,
  range_not_satisfiable: 416,
  too_many_requests: 429,
  not_implemented: 501,
  bad_gateway: 502,
  service_unavailable: 503,
  // Each kind is also the generic code sent when a throw names no more specific one.
} as const satisfies Partial<Record<ApiErrorCode, number>>;
export type ErrorKind = keyof typeof ERROR_KINDS;

/** An expected failure: mapped by the one error handler to `{ detail, code }` with its status. */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly kind: ErrorKind,
    readonly detail: string,
    /** One of the contract's codes (ERROR_CODES); by default the kind's own generic code. */
    readonly code: ApiErrorCode = kind,
    /** Headers the answer carries, such as Retry-After on a 429. */
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = 'AppError';
    this.status = ERROR_KINDS[kind];
  }
}

export const notFound = (detail: string, code: ApiErrorCode = 'not_found') => new AppError('not_found', detail, code);
export const conflict = (detail: string, code: ApiErrorCode = 'conflict') => new AppError('conflict', detail, code);
export const badRequest = (detail: string, code: ApiErrorCode = 'bad_request') => new AppError('bad_request', detail, code);
