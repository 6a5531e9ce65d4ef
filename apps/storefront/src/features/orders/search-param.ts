import { useLocation, useRouter } from '@tanstack/react-router';

/**
 * A query parameter exactly as it is in the address. The router's parsed search (and the `searchStr` it
 * rebuilds from it) turns JSON-looking text into numbers (`1E5` becomes 100000), which would corrupt
 * PayPal ids and access tokens, so this reads the history's own search string.
 */
export function useRawSearchParam(name: string): string | null {
  const router = useRouter();
  // Subscribes to navigation, so the value follows the address.
  useLocation({ select: (location) => location.href });
  return new URLSearchParams(router.history.location.search).get(name) || null;
}
