import { ApiError } from '@store/contracts';

/**
 * A failure toast's text: the screen's own message, then the server's `detail` when it said why
 * ('Error saving product: price must have at most two decimals'). A request that got no answer says so.
 */
export function withDetail(message: string, error: unknown): string {
  if (error instanceof ApiError) {
    const detail = error.detail.trim();
    return detail ? `${message}: ${detail}` : message;
  }
  if (error instanceof TypeError) return `${message}: the server could not be reached`;
  return message;
}
