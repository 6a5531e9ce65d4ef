/**
 * Reads a build-time address (`VITE_API_URL` and the like): empty when unset, else an absolute http(s)
 * URL without a trailing slash. A malformed value stops the app at start with a message naming it.
 */
export function parseHttpUrl(name: string, value: string | undefined): string {
  const text = value?.trim() ?? '';
  if (!text) return '';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`${name} must be an absolute http(s) address, got "${text}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${name} must use http or https, got "${text}"`);
  return text.replace(/\/+$/, '');
}
