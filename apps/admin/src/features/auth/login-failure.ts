import { ApiError } from '@store/contracts';

/**
 * What to say when signing in fails (spec section 8): the server's `detail` as returned, else
 * 'Login failed'; a request that got no answer at all is 'Login error'.
 */
export function loginFailureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Login error';
  // `http_error` is the client's code for an answer without the API's `{ detail, code }` body (a proxy's page).
  return error.code !== 'http_error' && error.detail.trim() ? error.detail : 'Login failed';
}
