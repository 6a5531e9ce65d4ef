import { ApiError } from '@store/contracts';

export interface AuthFailureMessages {
  /** The server answered with an error but no sentence for a person, e.g. 'Login failed'. */
  failed: string;
  /** The server could not be reached at all, e.g. 'Login error'. */
  network: string;
}

/**
 * What to tell the shopper when login or registration fails (spec section 8): the server's `detail`
 * as returned, else the generic failure; a request that never got an answer is a network error.
 */
export function authFailureMessage(error: unknown, messages: AuthFailureMessages): string {
  if (!(error instanceof ApiError)) return messages.network;
  // `http_error` is the client's code for an answer without the API's `{ detail, code }` body (a proxy page).
  return error.code !== 'http_error' && error.detail.trim() ? error.detail : messages.failed;
}
