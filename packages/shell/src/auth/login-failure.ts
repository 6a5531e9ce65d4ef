import { ApiError, ERROR_CODE } from '@store/contracts';

export interface AuthFailureMessages {
  /** The server answered with an error but no sentence for a person, e.g. 'Login failed'. */
  failed: string;
  /** The server could not be reached at all, e.g. 'Login error'. */
  network: string;
}

/**
 * What to say when signing in or registering fails (spec section 8): the server's `detail` as returned,
 * else the generic failure; a request that never got an answer is a network error.
 */
export function authFailureMessage(error: unknown, messages: AuthFailureMessages): string {
  if (!(error instanceof ApiError)) return messages.network;
  // `http_error` is the client's code for an answer without the API's `{ detail, code }` body (a proxy's page).
  return error.code !== ERROR_CODE.http_error && error.detail.trim() ? error.detail : messages.failed;
}

/** What to say when signing in fails: the server's `detail`, else 'Login failed'; no answer at all is 'Login error'. */
export function loginFailureMessage(error: unknown): string {
  return authFailureMessage(error, { failed: 'Login failed', network: 'Login error' });
}
